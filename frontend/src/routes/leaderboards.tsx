import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { leaderboardQueryOptions, leaderboardSummaryQueryOptions } from '../api/standings';
import { RouteError } from '../components/route-error';
import { validateSeasonSearch } from '../components/season-switcher';
import { requireUser } from '../features/auth/route-guards';
import { LeaderboardsPage } from '../features/leaderboards/leaderboards-page';

export const Route = createFileRoute('/leaderboards')({
  validateSearch: validateSeasonSearch,
  beforeLoad: requireUser,
  loaderDeps: ({ search }) => ({ season: search.season }),
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(leaderboardSummaryQueryOptions(undefined, deps.season)),
      context.queryClient.ensureQueryData(leaderboardQueryOptions('overall', { season: deps.season })),
    ]),
  errorComponent: (props: ErrorComponentProps) => (
    <RouteError {...props} title="Could not load the leaderboards" />
  ),
  component: LeaderboardsPage,
});
