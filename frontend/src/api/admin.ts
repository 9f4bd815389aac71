import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  queryKeys,
  type CreatedInvitation,
  type CreateInvitationRequest,
  type HealthReport,
  type Invitation,
  type SendInviteResponse,
  type User,
} from '@treble/contracts';
import { requestJson, type FetchLike } from './http';

export function adminUsersQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: queryKeys.adminUsers(),
    queryFn: ({ signal }) => requestJson<User[]>('/api/admin/users', { signal, fetch }),
  });
}

export function setAdminMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'set-admin'],
    mutationFn: ({ userId, isAdmin }: { userId: string; isAdmin: boolean }) =>
      requestJson<User>(`/api/admin/users/${encodeURIComponent(userId)}/admin`, {
        method: 'PATCH',
        body: { isAdmin },
        fetch,
      }),
    // The signed-in admin may have changed their own role.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.authUser() }),
      ]),
  });
}

export function invitationsQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: queryKeys.invitations(),
    queryFn: ({ signal }) => requestJson<Invitation[]>('/api/invites', { signal, fetch }),
  });
}

export function createInvitationMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['invitations', 'create'],
    mutationFn: (body: CreateInvitationRequest) =>
      requestJson<CreatedInvitation>('/api/invites', { method: 'POST', body, fetch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invitations() }),
  });
}

export function revokeInvitationMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['invitations', 'revoke'],
    mutationFn: (token: string) =>
      requestJson<void>(`/api/invites/${encodeURIComponent(token)}`, { method: 'DELETE', fetch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invitations() }),
  });
}

export function sendInviteMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['invitations', 'send'],
    mutationFn: (email: string) =>
      requestJson<SendInviteResponse>('/api/send-invite', { method: 'POST', body: { email }, fetch }),
    // A link is created whether or not the mail goes out.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.invitations() }),
  });
}

/** The server's health report, for the admins' diagnostics panel. */
export function healthQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: queryKeys.health(),
    queryFn: ({ signal }) => requestJson<HealthReport>('/api/health', { signal, fetch }),
  });
}

/**
 * The signed-in player's referral link: a reusable invitation the server creates on the first call
 * and hands back after that. Under the invitations key, so a revocation notice fetches the new one.
 */
export function referralInvitationQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: [...queryKeys.invitations(), 'referral'] as const,
    queryFn: ({ signal }) => requestJson<CreatedInvitation>('/api/invites/referral', { method: 'POST', body: {}, signal, fetch }),
    staleTime: Infinity,
  });
}
