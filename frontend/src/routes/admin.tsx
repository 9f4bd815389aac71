import { createFileRoute } from '@tanstack/react-router';
import { AdminAccessRequired, AdminPage } from '../features/admin/admin-page';
import {
  defaultAdminTab,
  isAdminTab,
  prefetchAdminTab,
  validateAdminSearch,
  type AdminTab,
} from '../features/admin/admin-tabs';
import { requireUser } from '../features/auth/route-guards';

/** The open tab's data starts loading with the route (a player's visit asks for nothing). */
export const Route = createFileRoute('/admin')({
  validateSearch: validateAdminSearch,
  beforeLoad: requireUser,
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: ({ context, deps }) => {
    if (context.user.isAdmin)
      prefetchAdminTab(context.queryClient, isAdminTab(deps.tab) ? deps.tab : defaultAdminTab);
  },
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
