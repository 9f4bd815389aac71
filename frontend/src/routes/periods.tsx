import { createFileRoute } from '@tanstack/react-router';
import { periodsQueryOptions } from '../api/periods';
import { PeriodsError, PeriodsPage } from '../features/periods/periods-page';
import { PeriodsPending } from '../features/periods/periods-pending';
import { requireUser } from '../features/auth/route-guards';

export const Route = createFileRoute('/periods')({
  beforeLoad: requireUser,
  loader: ({ context }) => context.queryClient.ensureQueryData(periodsQueryOptions()),
  pendingComponent: PeriodsPending,
  errorComponent: PeriodsError,
  component: PeriodsPage,
});
