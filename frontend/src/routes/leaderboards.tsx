import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { leaderboardQueryOptions, leaderboardSummaryQueryOptions } from '../api/standings';
import { RouteError } from '../components/route-error';
import { requireUser } from '../features/auth/route-guards';
import { LeaderboardsPage } from '../features/leaderboards/leaderboards-page';

export const Route = createFileRoute('/leaderboards')({
  beforeLoad: requireUser,
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(leaderboardSummaryQueryOptions()),
      context.queryClient.ensureQueryData(leaderboardQueryOptions('overall')),
    ]),
  errorComponent: (props: ErrorComponentProps) => <RouteError {...props} title="Could not load the leaderboards" />,
  component: LeaderboardsPage,
});
