import { queryOptions } from '@tanstack/react-query';
import { queryKeys, type CompareEntry, type DetailedPerformance, type TrendEntry } from '@treble/contracts';
import { requestJson, type FetchLike } from './http';

/**
 * Performance analysis of the signed-in player. Every key sits under `['performance']`, the key the
 * standings projection pushes, so a new result refreshes whatever is on screen.
 */
export function performanceDetailedQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: queryKeys.performance('detailed'),
    queryFn: ({ signal }) => requestJson<DetailedPerformance>('/api/performance/detailed', { signal, fetch }),
  });
}

export function performanceTrendsQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: queryKeys.performance('trends'),
    queryFn: ({ signal }) => requestJson<TrendEntry[]>('/api/performance/trends', { signal, fetch }),
  });
}

/**
 * Up to 5 periods side by side: the signed-in player's (no `userId`), or another player's for the
 * head-to-head (the server shows their picks only once they have locked). The ids are part of the key.
 */
export function performanceCompareQueryOptions(
  periodIds: readonly number[],
  userId?: string,
  fetch?: FetchLike,
) {
  const ids = [...periodIds].sort((a, b) => a - b);
  const search = new URLSearchParams({ periodIds: ids.join(',') });
  if (userId) search.set('userId', userId);
  return queryOptions({
    queryKey: [...queryKeys.performance('compare', ...ids), userId ?? 'me'] as const,
    queryFn: ({ signal }) =>
      ids.length === 0
        ? Promise.resolve([] as CompareEntry[])
        : requestJson<CompareEntry[]>(`/api/performance/compare?${search.toString()}`, { signal, fetch }),
  });
}
