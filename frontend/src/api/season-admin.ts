import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  queryKeys,
  type CreateOptionRequest,
  type ImportSeasonFileRequest,
  type ImportSeasonRequest,
  type StartNextSeasonRequest,
  type CreatePeriodRequest,
  type EplTeam,
  type MessageResponse,
  type Option,
  type Period,
  type RecordResultRequest,
  type RecordResultResponse,
  type ResultView,
  type SeasonCatalogueView,
  type SeasonImportResult,
  type SetPeriodActiveRequest,
  type NextSeasonResult,
  seasonChangeKeys,
} from '@treble/contracts';
import { requestJson, type FetchLike } from './http';

/**
 * The admin page's season calls: schedule import, periods, options, EPL teams and results. Reads
 * reuse the contracts' keys so the server's `read-model-changed` notices reach them; every
 * mutation invalidates exactly the keys its change touches (and waits for the refetch, so the
 * button stays busy until the screen is current).
 */

/** The seasons that can be imported and the one the pool plays; under the periods key, so an import refreshes it. */
export function seasonsQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: [...queryKeys.periods(), 'seasons'] as const,
    queryFn: ({ signal }) => requestJson<SeasonCatalogueView>('/api/admin/seasons', { signal, fetch }),
  });
}

/** What an import changes: the periods (and the season under the same key), the schedule, options and results. */
function invalidateAfterImport(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.periods() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.schedule() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.results() }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'epl-teams'] }),
  ]);
}

export function importSeasonMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'import-season'],
    mutationFn: (body: ImportSeasonRequest) =>
      requestJson<SeasonImportResult>('/api/admin/setup/season', { method: 'POST', body, fetch }),
    onSuccess: () => invalidateAfterImport(queryClient),
  });
}

export function importSeasonFileMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'import-season-file'],
    mutationFn: (body: ImportSeasonFileRequest) =>
      requestJson<SeasonImportResult>('/api/admin/setup/season-file', { method: 'POST', body, fetch }),
    onSuccess: () => invalidateAfterImport(queryClient),
  });
}

export function createPeriodMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'create-period'],
    mutationFn: (body: CreatePeriodRequest) =>
      requestJson<Period>('/api/periods', { method: 'POST', body, fetch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.periods() }),
  });
}

export function setPeriodActiveMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'set-period-active'],
    mutationFn: ({ periodId, isActive }: { periodId: number; isActive: boolean }) =>
      requestJson<Period>(`/api/periods/${periodId}`, {
        method: 'PATCH',
        body: { isActive } satisfies SetPeriodActiveRequest,
        fetch,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.periods() }),
  });
}

export function createOptionMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'create-option'],
    mutationFn: (body: CreateOptionRequest) =>
      requestJson<Option>('/api/options', { method: 'POST', body, fetch }),
    onSuccess: (_option, body) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.options(body.periodId) }),
  });
}

/** The 20 clubs of the season; they change only with a new season's data, so no notice names them. */
export function eplTeamsQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: ['admin', 'epl-teams'] as const,
    queryFn: ({ signal }) => requestJson<EplTeam[]>('/api/epl-teams', { signal, fetch }),
    staleTime: Infinity,
  });
}

export type EplOptionsAnswer = MessageResponse & { added: number };
export type ReplaceWithEplAnswer = MessageResponse & {
  removed: number;
  added: number;
  playersCleared: number;
};

export function addEplOptionsMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'add-epl-options'],
    mutationFn: (periodId: number) =>
      requestJson<EplOptionsAnswer>(`/api/periods/${periodId}/epl-options`, {
        method: 'POST',
        body: {},
        fetch,
      }),
    onSuccess: (_answer, periodId) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.options(periodId) }),
  });
}

/** Replacing deletes the period's options, picks and results: all three are refetched. */
export function replaceWithEplMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'replace-with-epl'],
    mutationFn: (periodId: number) =>
      requestJson<ReplaceWithEplAnswer>(`/api/periods/${periodId}/replace-with-epl`, {
        method: 'PUT',
        body: {},
        fetch,
      }),
    onSuccess: (_answer, periodId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.options(periodId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.choices(periodId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.results(periodId) }),
      ]),
  });
}

export function periodResultsQueryOptions(periodId: number, fetch?: FetchLike) {
  return queryOptions({
    queryKey: queryKeys.results(periodId),
    queryFn: ({ signal }) => requestJson<ResultView[]>(`/api/results/period/${periodId}`, { signal, fetch }),
  });
}

/** Every recorded result, for the Results Overview's per-period counts. */
export function allResultsQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: [...queryKeys.results(), 'all'] as const,
    queryFn: ({ signal }) => requestJson<ResultView[]>('/api/results', { signal, fetch }),
  });
}

function invalidateResults(queryClient: QueryClient, periodId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.results() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.options(periodId) }),
  ]);
}

export function recordResultMutationOptions(queryClient: QueryClient, periodId: number, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'record-result', periodId],
    mutationFn: (body: RecordResultRequest) =>
      requestJson<RecordResultResponse>('/api/results', { method: 'POST', body, fetch }),
    onSuccess: () => invalidateResults(queryClient, periodId),
  });
}

export function deleteResultMutationOptions(queryClient: QueryClient, periodId: number, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'delete-result', periodId],
    mutationFn: (optionId: string) =>
      requestJson<MessageResponse>(`/api/results/${encodeURIComponent(optionId)}`, {
        method: 'DELETE',
        fetch,
      }),
    onSuccess: () => invalidateResults(queryClient, periodId),
  });
}

/** Starts the next season; everything the pool shows changes, so every season view is refetched. */
export function startNextSeasonMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'start-next-season'],
    mutationFn: (body: StartNextSeasonRequest) =>
      requestJson<NextSeasonResult>('/api/admin/seasons/next', { method: 'POST', body, fetch }),
    onSuccess: () =>
      Promise.all([
        ...seasonChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        queryClient.invalidateQueries({ queryKey: ['admin', 'epl-teams'] }),
      ]),
  });
}
