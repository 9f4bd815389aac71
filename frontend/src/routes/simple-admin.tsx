import { createFileRoute } from '@tanstack/react-router';
import { AdminAccessRequired } from '../features/admin/admin-page';
import { SimpleAdminPage } from '../features/admin-panels/simple-admin-page';
import { requireUser } from '../features/auth/route-guards';

export const Route = createFileRoute('/simple-admin')({
  beforeLoad: requireUser,
  component: SimpleAdminRoute,
});

function SimpleAdminRoute() {
  const { user } = Route.useRouteContext();
  return user.isAdmin ? <SimpleAdminPage /> : <AdminAccessRequired />;
}
