import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { referralInvitationQueryOptions } from '../api/admin';
import { registrationOptionsQueryOptions } from '../api/auth';
import { communityStatsQueryOptions } from '../api/community';
import { userStatsQueryOptions } from '../api/standings';
import { RouteError } from '../components/route-error';
import { requireUser } from '../features/auth/route-guards';
import { InvitePage } from '../features/invite/invite-page';
import { InvitePending } from '../features/invite/invite-pending';

export const Route = createFileRoute('/invite')({
  beforeLoad: requireUser,
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(communityStatsQueryOptions()),
      context.queryClient.ensureQueryData(userStatsQueryOptions()),
      context.queryClient.ensureQueryData(registrationOptionsQueryOptions(undefined)),
      context.queryClient.ensureQueryData(referralInvitationQueryOptions()),
    ]),
  pendingComponent: InvitePending,
  errorComponent: (props: ErrorComponentProps) => (
    <RouteError {...props} title="Could not load the invite page" />
  ),
  component: InvitePage,
});
