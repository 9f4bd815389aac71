import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  queryKeys,
  type Choice,
  type MessageResponse,
  type ChoiceView,
  type RetroactiveChoicesRequest,
  type TeamUsage,
} from '@treble/contracts';
import { requestJson, type FetchLike } from './http';

/**
 * The Historical tab's calls. Everyone's picks of a period live under `queryKeys.choices(periodId)`
 * so the standings projection's notice for that period's picks reaches them.
 */
export function periodChoicesQueryOptions(periodId: number, fetch?: FetchLike) {
  return queryOptions({
    queryKey: [...queryKeys.choices(periodId), 'everyone'] as const,
    queryFn: ({ signal }) =>
      requestJson<ChoiceView[]>(`/api/admin/choices/period/${periodId}`, { signal, fetch }),
  });
}

/** A player's uses of each team this season; any change of picks may move it. */
export function playerUsageQueryOptions(userId: string, fetch?: FetchLike) {
  return queryOptions({
    queryKey: ['choices', 'usage', userId] as const,
    queryFn: ({ signal }) =>
      requestJson<TeamUsage[]>(`/api/admin/users/${encodeURIComponent(userId)}/usage`, { signal, fetch }),
  });
}

function invalidatePeriodPicks(queryClient: QueryClient, periodId: number, userId?: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.choices(periodId) }),
    queryClient.invalidateQueries({ queryKey: userId ? ['choices', 'usage', userId] : ['choices', 'usage'] }),
  ]);
}

export function createRetroactiveChoicesMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'retroactive-choices'],
    mutationFn: (body: RetroactiveChoicesRequest) =>
      requestJson<MessageResponse & { choices: Choice[] }>('/api/retroactive-choices', {
        method: 'POST',
        body,
        fetch,
      }),
    onSuccess: (_answer, body) => invalidatePeriodPicks(queryClient, body.periodId, body.userId),
  });
}

export function clearPeriodChoicesMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'clear-period-choices'],
    mutationFn: (periodId: number) =>
      requestJson<MessageResponse & { playersCleared: number }>(`/api/choices/period/${periodId}`, {
        method: 'DELETE',
        fetch,
      }),
    onSuccess: (_answer, periodId) => invalidatePeriodPicks(queryClient, periodId),
  });
}
