import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { authUserQueryOptions } from '../api/auth';
import { currentPeriodQueryOptions } from '../api/picks';
import { userStatsQueryOptions } from '../api/standings';
import { RouteError } from '../components/route-error';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { DashboardPending } from '../features/dashboard/dashboard-pending';
import { LandingPage } from '../features/home/landing-page';
import { requireMemberHere } from '../features/auth/route-guards';

export const Route = createFileRoute('/')({
  // The signed-out landing page is open to all; a signed-in person's dashboard is a pool's page.
  beforeLoad: async ({ context, location }) => {
    if (await context.queryClient.ensureQueryData(authUserQueryOptions()))
      await requireMemberHere(context, location.pathname);
  },
  loader: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(authUserQueryOptions());
    // The dashboard's own data; the signed-out landing page needs nothing more.
    if (user) {
      await Promise.all([
        context.queryClient.ensureQueryData(userStatsQueryOptions()),
        context.queryClient.ensureQueryData(currentPeriodQueryOptions()),
      ]);
    }
  },
  pendingComponent: DashboardPending,
  errorComponent: (props: ErrorComponentProps) => (
    <RouteError {...props} title="Could not load your dashboard" />
  ),
  component: StartPage,
});

/** docs/rules.md, Screens: the dashboard when signed in, the landing page otherwise. */
function StartPage() {
  const { data: user } = useSuspenseQuery(authUserQueryOptions());
  return user ? <DashboardPage /> : <LandingPage />;
}
