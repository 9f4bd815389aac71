import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { invitationPreviewQueryOptions } from '../api/pools';
import { RouteError } from '../components/route-error';
import { StatPageSkeleton } from '../components/stat-page-skeleton';
import { requireUser } from '../features/auth/route-guards';
import { JoinPoolPage } from '../features/pools/join-pool-page';

export const Route = createFileRoute('/join')({
  validateSearch: (search: Record<string, unknown>): { invite: string } => ({
    invite: typeof search.invite === 'string' ? search.invite : '',
  }),
  beforeLoad: requireUser,
  loaderDeps: ({ search }) => ({ invite: search.invite }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(invitationPreviewQueryOptions(deps.invite)),
  pendingComponent: () => <StatPageSkeleton id="join-title" title="Join a pool" loading="Reading the link" />,
  errorComponent: (props: ErrorComponentProps) => (
    <RouteError {...props} title="This invitation link does not work" />
  ),
  component: JoinRoute,
});

function JoinRoute() {
  const { invite } = Route.useSearch();
  return <JoinPoolPage token={invite} />;
}
