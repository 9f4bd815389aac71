import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  queryKeys,
  type Choice,
  type ChoiceView,
  type MakeChoiceRequest,
  type Option,
  type PeriodPickGrid,
  type Period,
} from '@treble/contracts';
import { requestJson, type FetchLike } from './http';
import { invalidateUnlessHeld } from './read-positions';
import { seasonal, seasonSearch } from './seasons';

/** The current period, or null; under `['periods', ...]` so every periods notice reaches it. */
export function currentPeriodQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: [...queryKeys.periods(), 'current'] as const,
    queryFn: ({ signal }) => requestJson<Period | null>('/api/periods/current', { signal, fetch }),
  });
}

/**
 * A period's options: for a player with their own `choiceId` and usage, for an admin the same list
 * (names, teams, results). One factory for the one key `queryKeys.options(periodId)`.
 */
export function optionsQueryOptions(periodId: number, fetch?: FetchLike) {
  return queryOptions({
    queryKey: queryKeys.options(periodId),
    queryFn: ({ signal }) => requestJson<Option[]>(`/api/periods/${periodId}/options`, { signal, fetch }),
  });
}

export function choicesQueryOptions(periodId: number, fetch?: FetchLike) {
  return queryOptions({
    queryKey: queryKeys.choices(periodId),
    queryFn: ({ signal }) => requestJson<ChoiceView[]>(`/api/choices/period/${periodId}`, { signal, fetch }),
  });
}

export function addChoice(periodId: number, optionId: string, fetch?: FetchLike): Promise<Choice> {
  const body: MakeChoiceRequest = { periodId, optionId };
  return requestJson<Choice>('/api/choices', { method: 'POST', body, fetch });
}

export function removeChoice(choiceId: string, fetch?: FetchLike): Promise<void> {
  return requestJson<void>(`/api/choices/${encodeURIComponent(choiceId)}`, { method: 'DELETE', fetch });
}

/**
 * After a pick changes: the period's options (which carry `choiceId`), its choices and the stats,
 * except those already fetched through the log position this browser now knows of (the pick's
 * notice may have arrived before its answer and refetched them).
 */
export function invalidatePicks(queryClient: QueryClient, periodId: number): Promise<unknown> {
  return invalidateUnlessHeld(queryClient, [
    queryKeys.options(periodId),
    queryKeys.choices(periodId),
    queryKeys.userStats(),
  ]);
}

/** Picking an option of a period; settles by refreshing that period's picks, whatever the answer. */
export function addChoiceMutationOptions(queryClient: QueryClient, periodId: number, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['choices', periodId, 'add'],
    mutationFn: (optionId: string) => addChoice(periodId, optionId, fetch),
    onSettled: () => invalidatePicks(queryClient, periodId),
  });
}

/** Taking a pick back; settles like `addChoiceMutationOptions`. */
export function removeChoiceMutationOptions(queryClient: QueryClient, periodId: number, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['choices', periodId, 'remove'],
    mutationFn: (choiceId: string) => removeChoice(choiceId, fetch),
    onSettled: () => invalidatePicks(queryClient, periodId),
  });
}

/** Everyone's picks of a period, only those whose options have locked (the server's rule). */
export function pickGridQueryOptions(periodId: number, fetch?: FetchLike, season?: string) {
  return queryOptions({
    ...seasonal(queryKeys.pickGrid(periodId), season),
    queryFn: ({ signal }) =>
      requestJson<PeriodPickGrid>(`/api/periods/${periodId}/pick-grid${seasonSearch(season)}`, {
        signal,
        fetch,
      }),
  });
}
