import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  MatchdayStatus,
  ResultsUpdateSummary,
  SchedulerChangeResponse,
  SchedulerStatus,
} from '@treble/contracts';
import { requestJson, type FetchLike } from './http';

/** docs/rules.md, Screens: the scheduler status is polled every 30 seconds while the tab is open. */
export const schedulerPollIntervalMs = 30_000;

const liveResultsKey = ['live-results'] as const;

export function schedulerStatusQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: [...liveResultsKey, 'scheduler'] as const,
    queryFn: ({ signal }) =>
      requestJson<SchedulerStatus>('/api/epl-results/scheduler/status', { signal, fetch }),
    refetchInterval: schedulerPollIntervalMs,
  });
}

export function matchdayStatusQueryOptions(matchday: number, fetch?: FetchLike) {
  return queryOptions({
    queryKey: [...liveResultsKey, 'matchday', matchday] as const,
    queryFn: ({ signal }) =>
      requestJson<MatchdayStatus>(`/api/epl-results/status?matchday=${matchday}`, { signal, fetch }),
  });
}

export function setSchedulerRunningMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'scheduler'],
    mutationFn: (running: boolean) =>
      requestJson<SchedulerChangeResponse>(`/api/epl-results/scheduler/${running ? 'start' : 'stop'}`, {
        method: 'POST',
        body: {},
        fetch,
      }),
    onSuccess: (answer) => {
      const { message: _message, ...status } = answer;
      queryClient.setQueryData(schedulerStatusQueryOptions().queryKey, status);
    },
  });
}

/**
 * An update fetches results from the provider and records them: the matchday status changes here,
 * and the results, options and standings follow through the server's notices.
 */
export function updateMatchdayMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'update-matchday'],
    mutationFn: (matchday: number) =>
      requestJson<ResultsUpdateSummary>(`/api/epl-results/update/${matchday}`, {
        method: 'POST',
        body: {},
        fetch,
      }),
    onSuccess: (_summary, matchday) =>
      queryClient.invalidateQueries({ queryKey: matchdayStatusQueryOptions(matchday).queryKey }),
  });
}

export function updateAllFinishedMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'update-all'],
    mutationFn: () =>
      requestJson<ResultsUpdateSummary>('/api/epl-results/update-all', { method: 'POST', body: {}, fetch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...liveResultsKey, 'matchday'] }),
  });
}
