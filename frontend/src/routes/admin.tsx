import { createFileRoute } from '@tanstack/react-router';
import { AdminAccessRequired, AdminPage } from '../features/admin/admin-page';
import {
  defaultAdminTab,
  isAdminTab,
  validateAdminSearch,
  type AdminTab,
} from '../features/admin/admin-tabs';
import { requireUser } from '../features/auth/route-guards';

/** No loader: each tab loads its own data when it opens (players never trigger an admin call). */
export const Route = createFileRoute('/admin')({
  validateSearch: validateAdminSearch,
  beforeLoad: requireUser,
  component: AdminRoute,
});

function AdminRoute() {
  const { user } = Route.useRouteContext();
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!user.isAdmin) return <AdminAccessRequired />;
  return (
    <AdminPage
      // The root route keeps the raw search, so an unknown value can still arrive here.
      tab={isAdminTab(tab) ? tab : defaultAdminTab}
      onTabChange={(next: AdminTab) => void navigate({ search: { tab: next }, replace: true })}
    />
  );
}
