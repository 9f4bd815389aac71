import { createFileRoute } from '@tanstack/react-router';
import { adminUsersQueryOptions, invitationsQueryOptions } from '../api/admin';
import { AdminAccessRequired, AdminPage } from '../features/admin/admin-page';
import { requireUser } from '../features/auth/route-guards';

export const Route = createFileRoute('/admin')({
  beforeLoad: requireUser,
  loader: async ({ context }) => {
    if (!context.user.isAdmin) return;
    await Promise.all([
      context.queryClient.ensureQueryData(adminUsersQueryOptions()),
      context.queryClient.ensureQueryData(invitationsQueryOptions()),
    ]);
  },
  component: AdminRoute,
});

function AdminRoute() {
  const { user } = Route.useRouteContext();
  return user.isAdmin ? <AdminPage /> : <AdminAccessRequired />;
}
