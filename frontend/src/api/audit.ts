import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AuditEntry,
  AuditFilters,
  ImpactPreview,
  LeaderboardKind,
  Outcome,
  StandingsAsOf,
} from '@treble/contracts';
import { requestJson, type FetchLike } from './http';

/** Rows per page of the audit history. */
export const auditPageSize = 50;

/** Everything under `['admin', 'audit']`: the key the audit projection pushes when an event lands. */
export const auditKeys = {
  all: () => ['admin', 'audit'] as const,
  page: (filters: AuditFilters) => ['admin', 'audit', filters] as const,
};

export interface AuditPageData {
  entries: AuditEntry[];
  /** Whether a further page exists (one row more than a page was asked for and answered). */
  hasMore: boolean;
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** One page of the event history, newest first, filtered by period, user and option. */
export function auditQueryOptions(filters: AuditFilters, fetch?: FetchLike) {
  const limit = filters.limit ?? auditPageSize;
  return queryOptions({
    queryKey: auditKeys.page({ ...filters, limit }),
    queryFn: async ({ signal }): Promise<AuditPageData> => {
      const entries = await requestJson<AuditEntry[]>(
        `/api/admin/audit${query({
          periodId: filters.periodId,
          userId: filters.userId,
          optionId: filters.optionId,
          limit: limit + 1,
          offset: filters.offset ?? 0,
        })}`,
        { signal, fetch },
      );
      return { entries: entries.slice(0, limit), hasMore: entries.length > limit };
    },
  });
}

/** Standings right after a period was completed, folded from the event log (admin). */
export function standingsAsOfQueryOptions(periodId: number, kind: LeaderboardKind, fetch?: FetchLike) {
  return queryOptions({
    queryKey: ['admin', 'standings-as-of', periodId, kind] as const,
    queryFn: ({ signal }) =>
      requestJson<StandingsAsOf>(`/api/admin/standings-as-of${query({ period: periodId, kind })}`, {
        signal,
        fetch,
      }),
  });
}

/** What recording (outcome) or deleting (null) an option's result would change; nothing is written. */
export function resultImpactQueryOptions(optionId: string, outcome: Outcome | null, fetch?: FetchLike) {
  return queryOptions({
    queryKey: ['admin', 'what-if', 'result', optionId, outcome ?? 'none'] as const,
    queryFn: ({ signal }) =>
      requestJson<ImpactPreview>(
        `/api/admin/what-if/result${query({ optionId, outcome: outcome ?? 'none' })}`,
        { signal, fetch },
      ),
    // A preview must reflect the log as it is now, not a cached answer from before the last event.
    staleTime: 0,
  });
}

/** What reopening a period would change (strikes taken back, held results applied). */
export function reopenImpactQueryOptions(periodId: number, fetch?: FetchLike) {
  return queryOptions({
    queryKey: ['admin', 'what-if', 'reopen', periodId] as const,
    queryFn: ({ signal }) =>
      requestJson<ImpactPreview>(`/api/admin/what-if/reopen/${periodId}`, { signal, fetch }),
    staleTime: 0,
  });
}

/** Which players a completion would move, and the options still without a result. */
export function completeImpactQueryOptions(periodId: number, fetch?: FetchLike) {
  return queryOptions({
    queryKey: ['admin', 'what-if', 'complete', periodId] as const,
    queryFn: ({ signal }) =>
      requestJson<ImpactPreview>(`/api/admin/what-if/complete/${periodId}`, { signal, fetch }),
    staleTime: 0,
  });
}

/** Whether the completion preview the admin saw warned of options without a result. */
export function completionWarned(queryClient: QueryClient, periodId: number): boolean {
  return (
    (queryClient.getQueryData(completeImpactQueryOptions(periodId).queryKey)?.missingResults?.length ?? 0) > 0
  );
}
