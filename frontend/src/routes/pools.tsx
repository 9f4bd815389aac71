import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { poolsQueryOptions } from '../api/pools';
import { RouteError } from '../components/route-error';
import { StatPageSkeleton } from '../components/stat-page-skeleton';
import { requireUser } from '../features/auth/route-guards';
import { MyPoolsPage } from '../features/pools/my-pools-page';

export const Route = createFileRoute('/pools')({
  beforeLoad: requireUser,
  loader: ({ context }) => context.queryClient.ensureQueryData(poolsQueryOptions()),
  pendingComponent: () => (
    <StatPageSkeleton id="my-pools-title" title="My pools" loading="Loading your pools" />
  ),
  errorComponent: (props: ErrorComponentProps) => <RouteError {...props} title="Could not load your pools" />,
  component: MyPoolsPage,
});
