import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  DEFAULT_POOL_ADDRESS,
  queryKeys,
  type AuthResponse,
  type ChangePasswordRequest,
  type EraseMyAccountRequest,
  type LoginRequest,
  type PasswordResetRequest,
  type PersonalDataExport,
  type PasswordResetRequested,
  type ResetPasswordRequest,
  type RegisterRequest,
  type RegistrationOptions,
  type UpdateProfileRequest,
  type PoolSummary,
  type User,
} from '@treble/contracts';
import { currentPool } from './current-pool';
import { ApiError, requestJson, type FetchLike } from './http';
import { adoptBrowserTimeZone } from './notifications';

/**
 * The signed-in user, or null when signed out (a 401 is an answer here, not an error; docs/rules.md, Screens
 * section 7). It changes only through this app's own sign-in, sign-out and profile calls, or a
 * socket notice after a role change, so it never goes stale on its own.
 */
/**
 * Roles are per pool (docs/adr/015): on a page of a pool other than the default one, the user is
 * an admin when they are that pool's admin (their pool summary says so), and no admin in a pool
 * they are not in (whose pages say "Pool Not Found").
 */
async function asMemberHere(user: User, init: { signal?: AbortSignal; fetch?: FetchLike }): Promise<User> {
  const address = currentPool();
  if (address === DEFAULT_POOL_ADDRESS) return user;
  try {
    const pool = await requestJson<PoolSummary>(`/api/pools/${address}`, init);
    return { ...user, isAdmin: pool.role === 'admin' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { ...user, isAdmin: false };
    throw error;
  }
}

export function authUserQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: queryKeys.authUser(),
    queryFn: async ({ signal }) => {
      try {
        const user = await requestJson<User>('/api/auth/user', { signal, fetch });
        return await asMemberHere(user, { signal, fetch });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: Infinity,
  });
}

export function registrationOptionsQueryOptions(invite: string | undefined, fetch?: FetchLike) {
  const query = invite ? `?invite=${encodeURIComponent(invite)}` : '';
  return queryOptions({
    queryKey: ['auth', 'registration', invite ?? null],
    queryFn: ({ signal }) =>
      requestJson<RegistrationOptions>(`/api/auth/registration${query}`, { signal, fetch }),
  });
}

/**
 * After signing in or out, the cache holds only what the new user (or nobody) may see. The user
 * entry itself is kept and overwritten, so components watching it update at once.
 */
async function switchUser(queryClient: QueryClient, user: User | null, fetch?: FetchLike): Promise<void> {
  const here = user === null ? null : await asMemberHere(user, { fetch });
  const [scope, name] = queryKeys.authUser();
  queryClient.removeQueries({
    predicate: (query) => !(query.queryKey[0] === scope && query.queryKey[1] === name),
  });
  queryClient.setQueryData(queryKeys.authUser(), here);
}

export function loginMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['auth', 'login'],
    mutationFn: (body: LoginRequest) =>
      requestJson<AuthResponse>('/api/auth/login', { method: 'POST', body, fetch }),
    onSuccess: async ({ user }) => {
      await switchUser(queryClient, user, fetch);
      // Reminders show deadlines in the player's time zone: the browser's, unless one is set.
      void adoptBrowserTimeZone(fetch);
    },
  });
}

export function registerMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['auth', 'register'],
    mutationFn: (body: RegisterRequest) =>
      requestJson<AuthResponse>('/api/auth/register', { method: 'POST', body, fetch }),
    onSuccess: async ({ user }) => {
      await switchUser(queryClient, user, fetch);
      void adoptBrowserTimeZone(fetch);
    },
  });
}

export function logoutMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['auth', 'logout'],
    mutationFn: () => requestJson<void>('/api/auth/logout', { method: 'POST', fetch }),
    onSuccess: () => switchUser(queryClient, null, fetch),
  });
}

export function updateProfileMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['auth', 'profile'],
    mutationFn: (body: UpdateProfileRequest) =>
      requestJson<User>('/api/auth/user', { method: 'PATCH', body, fetch }),
    // A name or picture changes nothing of the user's role in the page's pool.
    onSuccess: (user) =>
      queryClient.setQueryData<User | null>(queryKeys.authUser(), (held) => ({
        ...user,
        isAdmin: held?.isAdmin ?? user.isAdmin,
      })),
  });
}

export function changePasswordMutationOptions(fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['auth', 'password'],
    mutationFn: (body: ChangePasswordRequest) =>
      requestJson<void>('/api/auth/password', { method: 'POST', body, fetch }),
  });
}

/** "Forgot password?": asks for a reset link; the answer is the same whether or not the address has an account. */
export function requestPasswordResetMutationOptions(fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['auth', 'password-reset', 'request'],
    mutationFn: (body: PasswordResetRequest) =>
      requestJson<PasswordResetRequested>('/api/auth/password-reset/request', {
        method: 'POST',
        body,
        fetch,
      }),
  });
}

/** Sets a new password with a reset link's token; the browser comes back signed in. */
export function resetPasswordMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['auth', 'password-reset'],
    mutationFn: (body: ResetPasswordRequest) =>
      requestJson<AuthResponse>('/api/auth/password-reset', { method: 'POST', body, fetch }),
    onSuccess: ({ user }) => switchUser(queryClient, user, fetch),
  });
}

/** Everything the install keeps about the signed-in person (docs/adr/017), as the server sends it. */
export function personalDataMutationOptions(fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['auth', 'personal-data'],
    mutationFn: () => requestJson<PersonalDataExport>('/api/auth/user/data', { fetch }),
  });
}

/**
 * Erases the signed-in person's account, confirmed by their password: the server signs them out
 * everywhere, so the cache then holds what nobody signed in may see, as after signing out.
 * `onErased` runs after that, here rather than in the page's `mutate` callbacks: the page that
 * asked shows only to the signed-in, so it is gone by then.
 */
export function eraseMyAccountMutationOptions(
  queryClient: QueryClient,
  { onErased, fetch }: { onErased?: () => unknown; fetch?: FetchLike } = {},
) {
  return mutationOptions({
    mutationKey: ['auth', 'erasure'],
    mutationFn: (body: EraseMyAccountRequest) =>
      requestJson<void>('/api/auth/user/erasure', { method: 'POST', body, fetch }),
    onSuccess: async () => {
      await switchUser(queryClient, null, fetch);
      await onErased?.();
    },
  });
}
