import { queryOptions } from '@tanstack/react-query';
import { queryKeys, type Payout, type Prize } from '@treble/contracts';
import { requestJson, type FetchLike } from './http';

/**
 * The public prize page's data. Under `['prizes']`, the key the prizes projection pushes; the
 * active list keeps a key of its own so an admin screen listing inactive prizes too cannot share it.
 */
export function activePrizesQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: [...queryKeys.prizes(), 'active'] as const,
    queryFn: ({ signal }) => requestJson<Prize[]>('/api/prizes', { signal, fetch }),
  });
}

/** Who would win what if the season ended now. */
export function payoutsQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: [...queryKeys.prizes(), 'payouts'] as const,
    queryFn: ({ signal }) => requestJson<Payout[]>('/api/prizes/payouts', { signal, fetch }),
  });
}
