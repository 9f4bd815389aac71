import { queryOptions } from '@tanstack/react-query';
import {
  queryKeys,
  type LeaderboardKind,
  type LeaderboardRow,
  type LeaderboardSummary,
  type LiveBoard,
  type UserStats,
} from '@treble/contracts';
import { apiPath } from './current-pool';
import { requestJson, type FetchLike } from './http';
import { seasonal, seasonSearch } from './seasons';

/** The signed-in player's stats; the standings projection pushes `queryKeys.userStats()`. */
export function userStatsQueryOptions(fetch?: FetchLike, season?: string) {
  return queryOptions({
    ...seasonal(queryKeys.userStats(), season),
    queryFn: ({ signal }) =>
      requestJson<UserStats>(`/api/user/stats${seasonSearch(season)}`, { signal, fetch }),
  });
}

/**
 * One leaderboard under `queryKeys.leaderboards(kind)`, the key the projection pushes. Options come
 * as an object so that more (a season, a page) can join without touching the callers.
 */
export function leaderboardQueryOptions<K extends LeaderboardKind>(
  kind: K,
  { fetch, season }: { fetch?: FetchLike; season?: string } = {},
) {
  return queryOptions({
    ...seasonal(queryKeys.leaderboards(kind), season),
    queryFn: ({ signal }) =>
      requestJson<LeaderboardRow<K>[]>(`/api/leaderboards/${kind}${seasonSearch(season)}`, {
        signal,
        fetch,
        revalidate: true,
      }),
  });
}

/** How many rows of a live table a page shows (the rest: "and N more"). */
export const liveBoardRows = 100;

/**
 * A live table (`queryKeys.liveBoard(kind)`): the server sends that key when a score moves, and a
 * recorded result reaches it through `['leaderboards']`.
 */
export function liveBoardQueryOptions(kind: LeaderboardKind, fetch?: FetchLike) {
  return queryOptions({
    queryKey: queryKeys.liveBoard(kind),
    queryFn: ({ signal }) =>
      requestJson<LiveBoard>(`/api/leaderboards/live/${kind}?limit=${liveBoardRows}`, { signal, fetch }),
  });
}

/**
 * The summary cards. Not in the contracts' keys: it lives under `['leaderboards']` so a notice for
 * all leaderboards reaches it; a notice for one kind alone does not.
 */
export function leaderboardSummaryQueryOptions(fetch?: FetchLike, season?: string) {
  return queryOptions({
    ...seasonal([...queryKeys.leaderboards(), 'summary'] as const, season),
    queryFn: ({ signal }) =>
      requestJson<LeaderboardSummary>(`/api/leaderboards/summary${seasonSearch(season)}`, {
        signal,
        fetch,
        revalidate: true,
      }),
  });
}

/** The CSV export of this pool: a plain download link, the browser sends the session cookie. */
export function userExportUrl(): string {
  return apiPath('/api/user/export');
}
