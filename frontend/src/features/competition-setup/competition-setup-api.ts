import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  queryKeys,
  type CompetitionSummary,
  type MessageResponse,
  type Prize,
  type ScheduleImportResult,
} from '@treble/contracts';
import { requestJson, type FetchLike } from '../../api/http';

/** The active prizes, under the same key as the public prizes page (same call, same answer). */
export function activePrizesQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: [...queryKeys.prizes(), 'active'] as const,
    queryFn: ({ signal }) => requestJson<Prize[]>('/api/prizes', { signal, fetch }),
  });
}

/** Derived from the periods: a periods notice refreshes it too. */
export function competitionSummaryQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: [...queryKeys.periods(), 'competition-summary'] as const,
    queryFn: ({ signal }) =>
      requestJson<CompetitionSummary>('/api/admin/competition/summary', { signal, fetch }),
  });
}

export function setupPeriodsMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'setup', 'periods'],
    mutationFn: () =>
      requestJson<ScheduleImportResult>('/api/admin/setup/periods', { method: 'POST', body: {}, fetch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.periods() }),
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
