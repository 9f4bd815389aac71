import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { periodsQueryOptions } from '../api/periods';
import { currentPeriodQueryOptions, optionsQueryOptions } from '../api/picks';
import { RouteError } from '../components/route-error';
import { requireUser } from '../features/auth/route-guards';
import { PredictionsPage } from '../features/predictions/predictions-page';
import { PredictionsPending } from '../features/predictions/predictions-pending';

/** `?period=N` opens another period than the current one (picking ahead, or a past one read-only). */
export interface PredictionsSearch {
  period?: number;
}

export const Route = createFileRoute('/predictions')({
  validateSearch: (search: Record<string, unknown>): PredictionsSearch => {
    const period = Number(search.period);
    return Number.isSafeInteger(period) && period > 0 ? { period } : {};
  },
  beforeLoad: requireUser,
  loaderDeps: ({ search }) => ({ period: search.period }),
  loader: async ({ context, deps }) => {
    const [period] = await Promise.all([
      context.queryClient.ensureQueryData(currentPeriodQueryOptions()),
      context.queryClient.ensureQueryData(periodsQueryOptions()),
    ]);
    const id = deps.period ?? period?.id;
    if (id !== undefined) await context.queryClient.ensureQueryData(optionsQueryOptions(id));
  },
  pendingComponent: PredictionsPending,
  errorComponent: (props: ErrorComponentProps) => <RouteError {...props} title="Could not load the picks" />,
  component: PredictionsPage,
});
