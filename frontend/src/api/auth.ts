import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  queryKeys,
  type AuthResponse,
  type ChangePasswordRequest,
  type LoginRequest,
  type PasswordResetRequest,
  type PasswordResetRequested,
  type ResetPasswordRequest,
  type RegisterRequest,
  type RegistrationOptions,
  type UpdateProfileRequest,
  type User,
} from '@treble/contracts';
import { ApiError, requestJson, type FetchLike } from './http';
import { adoptBrowserTimeZone } from './notifications';

/**
 * The signed-in user, or null when signed out (a 401 is an answer here, not an error; docs/rules.md, Screens
 * section 7). It changes only through this app's own sign-in, sign-out and profile calls, or a
 * socket notice after a role change, so it never goes stale on its own.
 */
export function authUserQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: queryKeys.authUser(),
    queryFn: async ({ signal }) => {
      try {
        return await requestJson<User>('/api/auth/user', { signal, fetch });
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
function switchUser(queryClient: QueryClient, user: User | null): void {
  const [scope, name] = queryKeys.authUser();
  queryClient.removeQueries({
    predicate: (query) => !(query.queryKey[0] === scope && query.queryKey[1] === name),
  });
  queryClient.setQueryData(queryKeys.authUser(), user);
}

export function loginMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['auth', 'login'],
    mutationFn: (body: LoginRequest) =>
      requestJson<AuthResponse>('/api/auth/login', { method: 'POST', body, fetch }),
    onSuccess: ({ user }) => {
      switchUser(queryClient, user);
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
    onSuccess: ({ user }) => {
      switchUser(queryClient, user);
      void adoptBrowserTimeZone(fetch);
    },
  });
}

export function logoutMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['auth', 'logout'],
    mutationFn: () => requestJson<void>('/api/auth/logout', { method: 'POST', fetch }),
    onSuccess: () => switchUser(queryClient, null),
  });
}

export function updateProfileMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['auth', 'profile'],
    mutationFn: (body: UpdateProfileRequest) =>
      requestJson<User>('/api/auth/user', { method: 'PATCH', body, fetch }),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.authUser(), user),
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
    onSuccess: ({ user }) => switchUser(queryClient, user),
  });
}
