import { createFileRoute } from '@tanstack/react-router';
import { periodsQueryOptions } from '../api/periods';
import { currentPeriodQueryOptions } from '../api/picks';
import { AdminAccessRequired } from '../features/admin/admin-page';
import { requireUser } from '../features/auth/route-guards';
import { PeriodManagementPage } from '../features/period-management/period-management-page';
import { PeriodsError } from '../features/periods/periods-error';
import { PeriodsPending } from '../features/periods/periods-pending';

/** The admins' period lifecycle screen (docs/rules.md, Screens: "Period management"). */
export const Route = createFileRoute('/period-management')({
  beforeLoad: requireUser,
  loader: async ({ context }) => {
    if (!context.user.isAdmin) return;
    await Promise.all([
      context.queryClient.ensureQueryData(periodsQueryOptions()),
      // The current matchweek goes first and sets the filter; without it the list still shows.
      context.queryClient.ensureQueryData(currentPeriodQueryOptions()).catch(() => null),
    ]);
  },
  pendingComponent: PeriodsPending,
  errorComponent: PeriodsError,
  component: PeriodManagementRoute,
});

function PeriodManagementRoute() {
  const { user } = Route.useRouteContext();
  return user.isAdmin ? <PeriodManagementPage /> : <AdminAccessRequired />;
}
