import { queryOptions } from '@tanstack/react-query';
import type {
  ChoiceView,
  CreatePoolRequest,
  InstallPool,
  InvitationPreview,
  PeriodTimeline,
  PeriodTimelineEntry,
  PoolRules,
  PoolSummary,
  UserStats,
} from '@treble/contracts';
import { ApiError, requestJson, type FetchLike } from './http';

/** The pools I belong to, with my role in each (`GET /api/pools`, docs/adr/015). */
export function poolsQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: ['pools'] as const,
    queryFn: ({ signal }) => requestJson<PoolSummary[]>('/api/pools', { signal, fetch }),
  });
}

/** How I stand in one pool, for My pools: my ranks, and my picks for its current matchweek. */
export interface MyPoolStanding {
  stats: UserStats;
  /** The pool's current matchweek, or null (none started, none open). */
  period: PeriodTimelineEntry | null;
  /** My active picks for it. */
  picksMade: number;
  picksPerPeriod: number;
}

/**
 * Read through the pool's own routes (`/api/pools/{address}/…`, which every pool answers, the
 * default one too), whatever pool the page itself is in.
 */
export function myPoolStandingQueryOptions(address: string, fetch?: FetchLike) {
  return queryOptions({
    queryKey: ['pools', address, 'standing'] as const,
    queryFn: async ({ signal }): Promise<MyPoolStanding> => {
      const get = <T>(path: string) => requestJson<T>(`/api/pools/${address}${path}`, { signal, fetch });
      const [stats, timeline, rules] = await Promise.all([
        get<UserStats>('/user/stats'),
        get<PeriodTimeline>('/periods/timeline'),
        get<PoolRules>('/rules'),
      ]);
      const period = timeline.periods.find((entry) => entry.id === timeline.currentPeriodId) ?? null;
      const choices = period === null ? [] : await get<ChoiceView[]>(`/choices/period/${period.id}`);
      return {
        stats,
        period,
        picksMade: choices.filter((choice) => choice.status === 'active').length,
        picksPerPeriod: rules.picksPerPeriod,
      };
    },
  });
}

/** Creates a pool; I become its admin (`POST /api/pools`; who may: the install's `POOL_CREATION`). */
export function createPool(pool: CreatePoolRequest): Promise<PoolSummary> {
  return requestJson<PoolSummary>('/api/pools', { method: 'POST', body: pool });
}

/** The pool an invitation link joins, and who made it, before I join (`GET /api/invitations/{token}`). */
export function invitationPreviewQueryOptions(token: string, fetch?: FetchLike) {
  return queryOptions({
    queryKey: ['invitations', token] as const,
    queryFn: ({ signal }) =>
      requestJson<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`, { signal, fetch }),
  });
}

/** Joins the pool of an invitation link, signed in: answers the pool joined. */
export function joinPool(token: string): Promise<PoolSummary> {
  return requestJson<PoolSummary>(`/api/invitations/${encodeURIComponent(token)}/join`, {
    method: 'POST',
    body: {},
  });
}

/** The install's pools for its owner (`GET /api/install/pools`); null for anyone else, who may not see them. */
export function installPoolsQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: ['install', 'pools'] as const,
    queryFn: async ({ signal }): Promise<InstallPool[] | null> => {
      try {
        return await requestJson<InstallPool[]>('/api/install/pools', { signal, fetch });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'INSTALL_OWNER_ONLY') return null;
        throw error;
      }
    },
  });
}

/** The owner archives, restores or deletes a pool: answers the install's pools as they are then. */
export function changeInstallPool(
  address: string,
  change: 'archive' | 'restore' | 'delete',
): Promise<InstallPool[]> {
  const path = `/api/install/pools/${encodeURIComponent(address)}`;
  return change === 'delete'
    ? requestJson<InstallPool[]>(path, { method: 'DELETE' })
    : requestJson<InstallPool[]>(`${path}/${change}`, { method: 'POST', body: {} });
}
