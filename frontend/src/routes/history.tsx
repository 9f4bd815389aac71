import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { periodsQueryOptions } from '../api/periods';
import { userStatsQueryOptions } from '../api/standings';
import { RouteError } from '../components/route-error';
import { requireUser } from '../features/auth/route-guards';
import { HistoryPage } from '../features/history/history-page';
import { HistoryPending } from '../features/history/history-pending';

export const Route = createFileRoute('/history')({
  beforeLoad: requireUser,
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(userStatsQueryOptions()),
      context.queryClient.ensureQueryData(periodsQueryOptions()),
    ]),
  pendingComponent: HistoryPending,
  errorComponent: (props: ErrorComponentProps) => <RouteError {...props} title="Could not load your history" />,
  component: HistoryPage,
});
