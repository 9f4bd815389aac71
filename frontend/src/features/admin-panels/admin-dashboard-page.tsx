import { CompetitionSetupPanel } from '../competition-setup/competition-setup-page';
import { AdminLinks } from './admin-links';

/** /admin-dashboard: shortcuts to the admin screens with the competition setup embedded. */
export function AdminDashboardPage() {
  return (
    <section className="page" aria-labelledby="admin-dashboard-title">
      <header className="page-header">
        <h1 id="admin-dashboard-title">Admin Dashboard</h1>
        <p className="page-header__lead">Set up the season and jump to the other admin screens.</p>
      </header>
      <section className="panel" aria-labelledby="admin-shortcuts-title">
        <h2 id="admin-shortcuts-title">Admin pages</h2>
        <AdminLinks exclude="/admin-dashboard" />
      </section>
      <section aria-labelledby="embedded-setup-title">
        <h2 id="embedded-setup-title">Competition Setup</h2>
        <CompetitionSetupPanel headingLevel={3} />
      </section>
    </section>
  );
}
