import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { queryKeys, type MessageResponse, type Prize, type PrizeRequest } from '@treble/contracts';
import { requestJson, type FetchLike } from './http';

/**
 * The admin Prizes tab. Its list includes inactive prizes (so an admin can switch one back on),
 * under a key of its own below `['prizes']`, the key the prizes projection pushes.
 */
export function adminPrizesQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: [...queryKeys.prizes(), 'admin'] as const,
    queryFn: ({ signal }) => requestJson<Prize[]>('/api/prizes?includeInactive=true', { signal, fetch }),
  });
}

const invalidatePrizes = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.prizes() });

export function createPrizeMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'create-prize'],
    mutationFn: (body: PrizeRequest) => requestJson<Prize>('/api/prizes', { method: 'POST', body, fetch }),
    onSuccess: () => invalidatePrizes(queryClient),
  });
}

export function updatePrizeMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'update-prize'],
    mutationFn: ({ id, ...body }: PrizeRequest & { id: string }) =>
      requestJson<Prize>(`/api/prizes/${encodeURIComponent(id)}`, { method: 'PATCH', body, fetch }),
    onSuccess: () => invalidatePrizes(queryClient),
  });
}

export function deletePrizeMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'delete-prize'],
    mutationFn: (id: string) =>
      requestJson<MessageResponse>(`/api/prizes/${encodeURIComponent(id)}`, { method: 'DELETE', fetch }),
    onSuccess: () => invalidatePrizes(queryClient),
  });
}
