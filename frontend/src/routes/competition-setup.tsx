import { createFileRoute } from '@tanstack/react-router';
import { AdminAccessRequired } from '../features/admin/admin-page';
import { requireUser } from '../features/auth/route-guards';
import { CompetitionSetupPage } from '../features/competition-setup/competition-setup-page';

export const Route = createFileRoute('/competition-setup')({
  beforeLoad: requireUser,
  component: CompetitionSetupRoute,
});

function CompetitionSetupRoute() {
  const { user } = Route.useRouteContext();
  return user.isAdmin ? <CompetitionSetupPage /> : <AdminAccessRequired />;
}
