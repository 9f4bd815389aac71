import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  queryKeys,
  type AdminUser,
  type PasswordResetLink,
  type CreatedInvitation,
  type CreateInvitationRequest,
  type EraseMemberRequest,
  type HealthReport,
  type Invitation,
  type SendInviteResponse,
  type User,
} from '@treble/contracts';
import { requestJson, type FetchLike } from './http';
import { completeFallbackLink, withFullFallbackLink, withFullUrl } from './links';

export function adminUsersQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: queryKeys.adminUsers(),
    queryFn: ({ signal }) => requestJson<AdminUser[]>('/api/admin/users', { signal, fetch }),
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

const userPath = (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}`;

/** Deactivate (no sign-in, picks or notifications; points kept) or reactivate a player. */
export function setActiveMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'set-active'],
    mutationFn: ({ userId, active }: { userId: string; active: boolean }) =>
      requestJson<AdminUser>(`${userPath(userId)}/active`, { method: 'PATCH', body: { active }, fetch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers() }),
  });
}

/** Entry fee paid (today, or the day given) or unpaid. */
export function setFeePaidMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'set-fee'],
    mutationFn: ({ userId, paid, paidOn }: { userId: string; paid: boolean; paidOn?: string }) =>
      requestJson<AdminUser>(`${userPath(userId)}/fee`, {
        method: 'PATCH',
        body: paidOn ? { paid, paidOn } : { paid },
        fetch,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers() }),
  });
}

/** Removes a player who never picked. */
export function removeUserMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'remove-user'],
    mutationFn: (userId: string) => requestJson<void>(userPath(userId), { method: 'DELETE', fetch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers() }),
  });
}

/**
 * Erases a member's data on their request (docs/adr/017): they become a stand-in whose picks and
 * points stay. The id goes in the body again, so a stale button cannot erase someone else.
 */
export function eraseMemberMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'erase-member'],
    mutationFn: (userId: string) =>
      requestJson<void>(`${userPath(userId)}/erasure`, {
        method: 'POST',
        body: { confirmUserId: userId } satisfies EraseMemberRequest,
        fetch,
      }),
    // Also after a refusal: "already erased" means the list is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers() }),
  });
}

/** A password reset link for a player, to hand over by hand. */
export function passwordResetLinkMutationOptions(fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'password-reset-link'],
    mutationFn: async (userId: string) =>
      withFullUrl(
        await requestJson<PasswordResetLink>(`${userPath(userId)}/password-reset`, { method: 'POST', fetch }),
      ),
  });
}

export function invitationsQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: queryKeys.invitations(),
    queryFn: async ({ signal }) =>
      (await requestJson<Invitation[]>('/api/invites', { signal, fetch })).map(withFullUrl),
  });
}

export function createInvitationMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['invitations', 'create'],
    mutationFn: async (body: CreateInvitationRequest) =>
      withFullUrl(await requestJson<CreatedInvitation>('/api/invites', { method: 'POST', body, fetch })),
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
      requestJson<SendInviteResponse>('/api/send-invite', { method: 'POST', body: { email }, fetch }).then(
        withFullFallbackLink,
        (error: unknown) => Promise.reject(completeFallbackLink(error)),
      ),
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
    queryFn: async ({ signal }) =>
      withFullUrl(
        await requestJson<CreatedInvitation>('/api/invites/referral', {
          method: 'POST',
          body: {},
          signal,
          fetch,
        }),
      ),
    staleTime: Infinity,
  });
}
