import { Tabs } from 'radix-ui';
import type { ComponentType } from 'react';
import { adminTabs, defaultAdminTab, type AdminTab } from './admin-tabs';
import { AdminBoundary } from './admin-ui';
import { DiagnosticsPanel } from './diagnostics-panel';
import { EplTeamsTab } from './epl-teams-tab';
import { HistoricalTab } from './historical-tab';
import { InvitationsPanel } from './invitations-panel';
import { LiveResultsTab } from './live-results-tab';
import { OptionsTab } from './options-tab';
import { PeriodsTab } from './periods-tab';
import { PrizesTab } from './prizes-tab';
import { ResultsTab } from './results-tab';
import { ScheduleTab } from './schedule-tab';
import { UsersPanel } from './users-panel';

function UsersTab() {
  return (
    <>
      <UsersPanel />
      <InvitationsPanel />
      <DiagnosticsPanel />
    </>
  );
}

/** Every tab's panel: the record's type makes sure none is missing. */
const panels: Record<AdminTab, ComponentType> = {
  schedule: ScheduleTab,
  historical: HistoricalTab,
  periods: PeriodsTab,
  options: OptionsTab,
  prizes: PrizesTab,
  'epl-teams': EplTeamsTab,
  results: ResultsTab,
  'live-results': LiveResultsTab,
  users: UsersTab,
};

/**
 * /admin: the nine tabs of docs/rules.md, Screens. Only the open tab is mounted, so each tab's data loads
 * when it opens (the route starts it; the tab shows its skeleton meanwhile); the tab is in the URL
 * (`?tab=results`) so a tab can be linked and survives reload.
 */
export function AdminPage({
  tab = defaultAdminTab,
  onTabChange,
}: {
  tab?: AdminTab;
  onTabChange: (tab: AdminTab) => void;
}) {
  return (
    <section className="page admin-page" aria-labelledby="admin-title">
      <header className="page-header">
        <h1 id="admin-title">Admin</h1>
        <p className="page-header__lead">
          Run the season: schedule, periods, options, results, prizes and the people in the pool.{' '}
          {/* A plain link: the audit page is its own route, outside this page's type-checked links. */}
          <a href="/audit" className="admin-page__audit-link">
            Audit history
          </a>
        </p>
      </header>
      <Tabs.Root
        value={tab}
        onValueChange={(value) => onTabChange(value as AdminTab)}
        className="tabs admin-tabs"
        activationMode="manual"
      >
        <Tabs.List className="tabs__list admin-tabs__list" aria-label="Admin sections">
          {adminTabs.map((item) => (
            <Tabs.Trigger key={item.value} value={item.value} className="tabs__trigger">
              {item.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {adminTabs.map(({ value, label }) => {
          const Panel = panels[value];
          return (
            <Tabs.Content key={value} value={value} className="admin-tabs__panel">
              <AdminBoundary what={`the ${label} tab`}>
                <Panel />
              </AdminBoundary>
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    </section>
  );
}

/** Shown to a signed-in player who opens an admin page (the server refuses their calls anyway). */
export function AdminAccessRequired() {
  return (
    <section className="empty-state" aria-labelledby="admin-required-title">
      <h1 id="admin-required-title">Admin Access Required</h1>
      <p>This page is for the pool's admins.</p>
    </section>
  );
}
