import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { queryKeys, type CompetitionSummary, type MessageResponse } from '@treble/contracts';
import { requestJson, type FetchLike } from '../../api/http';

/** Derived from the periods: a periods notice refreshes it too. */
export function competitionSummaryQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: [...queryKeys.periods(), 'competition-summary'] as const,
    queryFn: ({ signal }) =>
      requestJson<CompetitionSummary>('/api/admin/competition/summary', { signal, fetch }),
  });
}

export type SetupOptionsAnswer = MessageResponse & { added: number };

export function setupOptionsMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'setup', 'options'],
    mutationFn: () =>
      requestJson<SetupOptionsAnswer>('/api/admin/setup/options', { method: 'POST', body: {}, fetch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['options'] }),
  });
}
