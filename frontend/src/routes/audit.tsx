import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { adminUsersQueryOptions } from '../api/admin';
import { auditQueryOptions } from '../api/audit';
import { periodsQueryOptions } from '../api/periods';
import { RouteError } from '../components/route-error';
import { AdminAccessRequired } from '../features/admin/admin-page';
import { AuditPage } from '../features/audit/audit-page';
import { auditFilters, validateAuditSearch } from '../features/audit/audit-search';
import { requireUser } from '../features/auth/route-guards';

export const Route = createFileRoute('/audit')({
  validateSearch: validateAuditSearch,
  beforeLoad: requireUser,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    if (!context.user.isAdmin) return;
    // The history page streams in behind its skeleton; the filters' lists are needed to draw the page.
    void context.queryClient.prefetchQuery(auditQueryOptions(auditFilters(deps)));
    await Promise.all([
      context.queryClient.ensureQueryData(periodsQueryOptions()),
      context.queryClient.ensureQueryData(adminUsersQueryOptions()),
    ]);
  },
  pendingComponent: AuditPending,
  errorComponent: (props: ErrorComponentProps) => (
    <RouteError {...props} title="Could not load the audit page" />
  ),
  component: AuditRoute,
});

function AuditPending() {
  return (
    <section className="page" role="status" aria-busy="true" aria-label="Loading the audit page">
      <span className="skeleton skeleton--title" aria-hidden="true" />
      <span className="skeleton skeleton--line" aria-hidden="true" />
      <span className="skeleton skeleton--line" aria-hidden="true" />
    </section>
  );
}

function AuditRoute() {
  const { user } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!user.isAdmin) return <AdminAccessRequired />;
  return <AuditPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
