import { queryOptions, useQuery } from '@tanstack/react-query';
import { defaultRules, type PoolRules } from '@treble/contracts';
import { requestJson, type FetchLike } from './http';

/** The pool's effective rules (`GET /api/rules`): configuration, so they never change while the app runs. */
export function rulesQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: ['rules'] as const,
    queryFn: ({ signal }) => requestJson<PoolRules>('/api/rules', { signal, fetch }),
    staleTime: Infinity,
  });
}

/**
 * The rules to state on a page. The root route loads them before any page renders; until then (or
 * if that call failed) the defaults stand in, which are the rules of every unconfigured pool.
 */
export function usePoolRules(): PoolRules {
  return useQuery(rulesQueryOptions()).data ?? defaultRules;
}
