import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { adminUsersQueryOptions, healthQueryOptions, invitationsQueryOptions } from '../../api/admin';
import { schedulerStatusQueryOptions } from '../../api/live-results';
import { periodsQueryOptions } from '../../api/periods';
import { currentPeriodQueryOptions } from '../../api/picks';
import { adminPrizesQueryOptions } from '../../api/prizes-admin';
import { eplTeamsQueryOptions, seasonsQueryOptions } from '../../api/season-admin';

/** The nine tabs of /admin (docs/rules.md, Screens), in order; Schedule is the default. */
export const adminTabs = [
  { value: 'schedule', label: 'Schedule' },
  { value: 'historical', label: 'Historical' },
  { value: 'periods', label: 'Periods' },
  { value: 'options', label: 'Options' },
  { value: 'prizes', label: 'Prizes' },
  { value: 'epl-teams', label: 'EPL Teams' },
  { value: 'results', label: 'Results' },
  { value: 'live-results', label: 'Live Results' },
  { value: 'users', label: 'Users' },
] as const;

export type AdminTab = (typeof adminTabs)[number]['value'];

export const defaultAdminTab: AdminTab = 'schedule';

export function isAdminTab(value: unknown): value is AdminTab {
  return adminTabs.some((tab) => tab.value === value);
}

/** The search of /admin: an unknown or missing tab falls back to the default rather than failing. */
export function validateAdminSearch(search: Record<string, unknown>): { tab?: AdminTab } {
  return isAdminTab(search.tab) ? { tab: search.tab } : {};
}

/**
 * What each tab reads as it opens. The route starts these together (a tab's parts would otherwise
 * ask one after another, each waiting on the one before to stop suspending); the tab shows its
 * skeleton, and any failure, itself.
 */
const tabReads = {
  schedule: () => [seasonsQueryOptions(), periodsQueryOptions()],
  historical: () => [adminUsersQueryOptions(), periodsQueryOptions()],
  periods: () => [periodsQueryOptions()],
  options: () => [periodsQueryOptions()],
  prizes: () => [adminPrizesQueryOptions()],
  'epl-teams': () => [eplTeamsQueryOptions(), periodsQueryOptions()],
  results: () => [periodsQueryOptions()],
  'live-results': () => [schedulerStatusQueryOptions(), currentPeriodQueryOptions()],
  users: () => [adminUsersQueryOptions(), invitationsQueryOptions(), healthQueryOptions()],
} satisfies Record<AdminTab, () => unknown[]>;

export function prefetchAdminTab(queryClient: QueryClient, tab: AdminTab): void {
  for (const read of tabReads[tab]()) void queryClient.prefetchQuery(read as FetchQueryOptions);
}
