import { createFileRoute } from '@tanstack/react-router';
import { AdminAccessRequired } from '../features/admin/admin-page';
import { AdminDashboardPage } from '../features/admin-panels/admin-dashboard-page';
import { requireUser } from '../features/auth/route-guards';

export const Route = createFileRoute('/admin-dashboard')({
  beforeLoad: requireUser,
  component: AdminDashboardRoute,
});

function AdminDashboardRoute() {
  const { user } = Route.useRouteContext();
  return user.isAdmin ? <AdminDashboardPage /> : <AdminAccessRequired />;
}
