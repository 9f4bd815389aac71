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
