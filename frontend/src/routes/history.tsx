import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { periodsQueryOptions } from '../api/periods';
import { userStatsQueryOptions } from '../api/standings';
import { RouteError } from '../components/route-error';
import { validateSeasonSearch } from '../components/season-switcher';
import { requireUser } from '../features/auth/route-guards';
import { HistoryPage } from '../features/history/history-page';
import { HistoryPending } from '../features/history/history-pending';

export const Route = createFileRoute('/history')({
  validateSearch: validateSeasonSearch,
  beforeLoad: requireUser,
  loaderDeps: ({ search }) => ({ season: search.season }),
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(userStatsQueryOptions(undefined, deps.season)),
      context.queryClient.ensureQueryData(periodsQueryOptions(undefined, deps.season)),
    ]),
  pendingComponent: HistoryPending,
  errorComponent: (props: ErrorComponentProps) => (
    <RouteError {...props} title="Could not load your history" />
  ),
  component: HistoryPage,
});
