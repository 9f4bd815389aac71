import { queryOptions } from '@tanstack/react-query';
import { queryKeys, type HallOfFameSeason, type PoolSeasonsView } from '@treble/contracts';
import { requestJson, type FetchLike } from './http';

/** The pool's seasons for the season switcher: the current one first, then the past ones. */
export function poolSeasonsQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: queryKeys.seasons(),
    queryFn: ({ signal }) => requestJson<PoolSeasonsView>('/api/seasons', { signal, fetch }),
    staleTime: 5 * 60_000,
  });
}

/** Every past season's winners, newest first. */
export function hallOfFameQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: [...queryKeys.seasons(), 'hall-of-fame'] as const,
    queryFn: ({ signal }) => requestJson<HallOfFameSeason[]>('/api/prizes/hall-of-fame', { signal, fetch }),
  });
}

/** `?season=` for a past season's read; nothing for the current one. */
export function seasonSearch(season: string | undefined): string {
  return season ? `?season=${encodeURIComponent(season)}` : '';
}

/**
 * A query of the current season keeps its key (the server's notices name it); a past season's has
 * the season appended and never goes stale: a past season does not change.
 */
export function seasonal(
  key: readonly unknown[],
  season: string | undefined,
): { queryKey: readonly unknown[]; staleTime?: number } {
  return season ? { queryKey: [...key, 'season', season], staleTime: Infinity } : { queryKey: key };
}
