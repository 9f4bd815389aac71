import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { performanceDetailedQueryOptions, performanceTrendsQueryOptions } from '../api/performance';
import { periodsQueryOptions } from '../api/periods';
import { currentPeriodQueryOptions } from '../api/picks';
import { RouteError } from '../components/route-error';
import { requireUser } from '../features/auth/route-guards';
import { PerformancePage } from '../features/performance/performance-page';
import { PerformancePending } from '../features/performance/performance-pending';

export const Route = createFileRoute('/performance')({
  beforeLoad: requireUser,
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(performanceDetailedQueryOptions()),
      context.queryClient.ensureQueryData(performanceTrendsQueryOptions()),
      context.queryClient.ensureQueryData(periodsQueryOptions()),
      context.queryClient.ensureQueryData(currentPeriodQueryOptions()),
    ]),
  pendingComponent: PerformancePending,
  errorComponent: (props: ErrorComponentProps) => (
    <RouteError {...props} title="Could not load your performance" />
  ),
  component: PerformancePage,
});
