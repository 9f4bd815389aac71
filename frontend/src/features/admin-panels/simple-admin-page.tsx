import { AdminLinks } from './admin-links';

/** /simple-admin: a plain index of the admin screens. */
export function SimpleAdminPage() {
  return (
    <section className="page" aria-labelledby="simple-admin-title">
      <header className="page-header">
        <h1 id="simple-admin-title">Simple Admin</h1>
        <p className="page-header__lead">Every screen for running the pool.</p>
      </header>
      <section className="panel" aria-labelledby="admin-pages-title">
        <h2 id="admin-pages-title">Admin pages</h2>
        <AdminLinks exclude="/simple-admin" />
      </section>
    </section>
  );
}
