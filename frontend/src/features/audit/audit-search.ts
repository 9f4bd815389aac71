import type { AuditFilters } from '@treble/contracts';
import { auditPageSize } from '../../api/audit';

/** The audit history's filters and page, kept in the URL so a filtered view can be shared and reloaded. */
export interface AuditSearch {
  period?: number;
  user?: string;
  option?: string;
  /** 1-based page number. */
  page?: number;
}

function positiveInteger(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(number) && number >= 1 ? number : undefined;
}

function text(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.trim() !== '' && value.length <= max ? value : undefined;
}

export function validateAuditSearch(search: Record<string, unknown>): AuditSearch {
  const result: AuditSearch = {};
  const period = positiveInteger(search.period);
  const user = text(search.user, 64);
  const option = text(search.option, 40);
  const page = positiveInteger(search.page);
  if (period !== undefined) result.period = period;
  if (user !== undefined) result.user = user;
  if (option !== undefined) result.option = option;
  if (page !== undefined && page > 1) result.page = page;
  return result;
}

/** The audit filters as the API takes them. */
export function auditFilters(search: AuditSearch): AuditFilters {
  return {
    periodId: search.period,
    userId: search.user,
    optionId: search.option,
    limit: auditPageSize,
    offset: ((search.page ?? 1) - 1) * auditPageSize,
  };
}
