import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import {
  queryKeys,
  type CompletePeriodRequest,
  type Period,
  type SetPeriodActiveRequest,
} from '@treble/contracts';
import { requestJson, type FetchLike } from '../../api/http';

/**
 * What a period change can move: the period list (and the current period under the same key),
 * every leaderboard (survivor strikes are finalized or taken back) and the players' stats.
 * The socket notice that follows would do the same; the admin should not depend on it.
 */
function invalidateAfterPeriodChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.periods() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.leaderboards() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.userStats() }),
  ]);
}

export function completePeriodMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['periods', 'complete'],
    /** `force`: the admin confirmed completing a period that has not started or misses results (after PERIOD_NOT_READY). */
    mutationFn: (target: number | { periodId: number; force: boolean }) => {
      const { periodId, force } = typeof target === 'number' ? { periodId: target, force: false } : target;
      const body: CompletePeriodRequest = force ? { force: true } : {};
      return requestJson<Period>(`/api/periods/${periodId}/complete`, {
        method: 'POST',
        body,
        fetch,
      });
    },
    onSuccess: () => invalidateAfterPeriodChange(queryClient),
  });
}

export function reopenPeriodMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['periods', 'reopen'],
    mutationFn: (periodId: number) =>
      requestJson<Period>(`/api/periods/${periodId}/reopen`, { method: 'POST', body: {}, fetch }),
    onSuccess: () => invalidateAfterPeriodChange(queryClient),
  });
}

export function setPeriodActiveMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['periods', 'set-active'],
    mutationFn: ({ periodId, isActive }: { periodId: number; isActive: boolean }) =>
      requestJson<Period>(`/api/periods/${periodId}`, {
        method: 'PATCH',
        body: { isActive } satisfies SetPeriodActiveRequest,
        fetch,
      }),
    onSuccess: () => invalidateAfterPeriodChange(queryClient),
  });
}
