import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { queryKeys, type Period, type ScheduleEntry, type ScheduleImportResult } from '@treble/contracts';
import { requestJson, type FetchLike } from './http';
import { seasonal, seasonSearch } from './seasons';

/**
 * Query option factories own the keys, and take them from the contracts so that the server's
 * `read-model-changed` notices (which name the same keys) reach exactly these queries.
 */
export function periodsQueryOptions(fetch?: FetchLike, season?: string) {
  return queryOptions({
    ...seasonal(queryKeys.periods(), season),
    queryFn: ({ signal }) => requestJson<Period[]>(`/api/periods${seasonSearch(season)}`, { signal, fetch }),
  });
}

/** The schedule of the pool's season; before an import, of `season` (the one the admin is about to import). */
export function scheduleQueryOptions(fetch?: FetchLike, season?: string) {
  return queryOptions({
    queryKey: season ? ([...queryKeys.schedule(), season] as const) : queryKeys.schedule(),
    queryFn: ({ signal }) =>
      requestJson<ScheduleEntry[]>(
        season ? `/api/epl-schedule?season=${encodeURIComponent(season)}` : '/api/epl-schedule',
        {
          signal,
          fetch,
        },
      ),
  });
}

export function importSchedule(fetch?: FetchLike): Promise<ScheduleImportResult> {
  return requestJson<ScheduleImportResult>('/api/admin/setup/periods', { method: 'POST', body: {}, fetch });
}

/**
 * The admin schedule import. On success it invalidates the periods (and waits for the refetch, so
 * the mutation stays pending until the list on screen is current); the socket notice that follows
 * would do the same, but the admin should not depend on a live connection to see the result.
 */
export function importScheduleMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'import-schedule'],
    mutationFn: () => importSchedule(fetch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.periods() }),
  });
}
