import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { activePrizesQueryOptions } from '../api/public-prizes';
import { RouteError } from '../components/route-error';
import { PrizesPage } from '../features/prizes/prizes-page';
import { PrizesPending } from '../features/prizes/prizes-pending';

/** Public: the prize structure is shown signed out too. */
export const Route = createFileRoute('/prizes')({
  loader: ({ context }) => context.queryClient.ensureQueryData(activePrizesQueryOptions()),
  pendingComponent: PrizesPending,
  errorComponent: (props: ErrorComponentProps) => <RouteError {...props} title="Could not load the prizes" />,
  component: PrizesPage,
});
