import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { activePrizesQueryOptions } from '../api/public-prizes';
import { RouteError } from '../components/route-error';
import { PrizesPage, PrizesPending } from '../features/prizes/prizes-page';

/** Public: the prize structure is shown signed out too. */
export const Route = createFileRoute('/prizes')({
  loader: ({ context }) => context.queryClient.ensureQueryData(activePrizesQueryOptions()),
  pendingComponent: PrizesPending,
  errorComponent: (props: ErrorComponentProps) => <RouteError {...props} title="Could not load the prizes" />,
  component: PrizesPage,
});
