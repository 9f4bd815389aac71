import { queryOptions } from '@tanstack/react-query';
import {
  queryKeys,
  type LeaderboardKind,
  type LeaderboardRow,
  type LeaderboardSummary,
  type UserStats,
} from '@treble/contracts';
import { requestJson, type FetchLike } from './http';

/** The signed-in player's stats; the standings projection pushes `queryKeys.userStats()`. */
export function userStatsQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: queryKeys.userStats(),
    queryFn: ({ signal }) => requestJson<UserStats>('/api/user/stats', { signal, fetch }),
  });
}

/** One leaderboard under `queryKeys.leaderboards(kind)`, the key the projection pushes. */
export function leaderboardQueryOptions<K extends LeaderboardKind>(kind: K, fetch?: FetchLike) {
  return queryOptions({
    queryKey: queryKeys.leaderboards(kind),
    queryFn: ({ signal }) => requestJson<LeaderboardRow<K>[]>(`/api/leaderboards/${kind}`, { signal, fetch, revalidate: true }),
  });
}

/**
 * The summary cards. Not in the contracts' keys: it lives under `['leaderboards']` so a notice for
 * all leaderboards reaches it; a notice for one kind alone does not.
 */
export function leaderboardSummaryQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: [...queryKeys.leaderboards(), 'summary'] as const,
    queryFn: ({ signal }) => requestJson<LeaderboardSummary>('/api/leaderboards/summary', { signal, fetch, revalidate: true }),
  });
}

/** The CSV export: a plain download link, the browser sends the session cookie. */
export const userExportUrl = '/api/user/export';
