import { InvitationsPanel } from './invitations-panel';
import { UsersPanel } from './users-panel';

/** The admin area. Its other tabs (schedule, periods, options, results, prizes…) arrive with their slices. */
export function AdminPage() {
  return (
    <section className="page" aria-labelledby="admin-title">
      <header className="page-header">
        <h1 id="admin-title">Admin</h1>
        <p className="page-header__lead">Members of the pool and the links that let new players in.</p>
      </header>
      <UsersPanel />
      <InvitationsPanel />
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
