import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { currentPeriodQueryOptions, optionsQueryOptions } from '../api/picks';
import { RouteError } from '../components/route-error';
import { requireUser } from '../features/auth/route-guards';
import { PredictionsPage } from '../features/predictions/predictions-page';
import { PredictionsPending } from '../features/predictions/predictions-pending';

export const Route = createFileRoute('/predictions')({
  beforeLoad: requireUser,
  loader: async ({ context }) => {
    const period = await context.queryClient.ensureQueryData(currentPeriodQueryOptions());
    if (period) await context.queryClient.ensureQueryData(optionsQueryOptions(period.id));
  },
  pendingComponent: PredictionsPending,
  errorComponent: (props: ErrorComponentProps) => <RouteError {...props} title="Could not load the picks" />,
  component: PredictionsPage,
});
