import { queryOptions } from '@tanstack/react-query';
import { queryKeys, type CommunityStats } from '@treble/contracts';
import { requestJson, type FetchLike } from './http';

/** The pool's growth figures; the accounts projections push `queryKeys.community()`. */
export function communityStatsQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: [...queryKeys.community(), 'stats'] as const,
    queryFn: ({ signal }) => requestJson<CommunityStats>('/api/community/stats', { signal, fetch }),
  });
}
