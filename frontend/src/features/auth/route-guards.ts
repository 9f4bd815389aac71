import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { User } from '@treble/contracts';
import { authUserQueryOptions } from '../../api/auth';
import type { RouterContext } from '../../router-context';

/** Only paths inside this app are followed after sign-in (never another site). */
export function safeRedirect(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : undefined;
}

/** `beforeLoad` of pages for signed-in users: the signed-out go to the sign-in page and come back. */
export async function requireUser({
  context,
  location,
}: {
  context: RouterContext;
  location: ParsedLocation;
}): Promise<{ user: User }> {
  const user = await context.queryClient.ensureQueryData(authUserQueryOptions());
  // The router's way to leave a beforeLoad is to throw its redirect (a Response, not an Error).
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
  return { user };
}

/** `beforeLoad` of the sign-in and registration pages: a signed-in user has nothing to do there. */
export async function requireSignedOut({ context }: { context: RouterContext }): Promise<void> {
  const user = await context.queryClient.ensureQueryData(authUserQueryOptions());
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (user) throw redirect({ to: '/' });
}
