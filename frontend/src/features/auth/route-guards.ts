import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { User } from '@treble/contracts';
import { DEFAULT_POOL_ADDRESS } from '@treble/contracts';
import { authUserQueryOptions } from '../../api/auth';
import { currentPool } from '../../api/current-pool';
import { poolsQueryOptions } from '../../api/pools';
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
  await requireMemberHere(context, location.pathname);
  return { user };
}

/**
 * For a signed-in person: one who joined other pools only is no member of the install's default
 * pool (docs/adr/015), so its pages send them to My pools, where their pools are; a person's own
 * pages stay open. When the list of pools cannot be read, the page itself says what is wrong.
 */
export async function requireMemberHere(context: RouterContext, pathname: string): Promise<void> {
  if (currentPool() !== DEFAULT_POOL_ADDRESS || personPages.includes(pathname)) return;
  const pools = await context.queryClient.ensureQueryData(poolsQueryOptions()).catch(() => null);
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (pools !== null && !pools.some((pool) => pool.isDefault)) throw redirect({ to: '/pools' });
}

/** Pages of a person's own, open to them in no pool: their pools, profile, and joining one. */
const personPages = ['/pools', '/profile', '/join'];

/**
 * `beforeLoad` of the sign-in and registration pages: a signed-in user has nothing to do there, but
 * for an invitation link, which joins its pool with one tap (`/join`).
 */
export async function requireSignedOut({
  context,
  search,
}: {
  context: RouterContext;
  search?: object;
}): Promise<void> {
  const user = await context.queryClient.ensureQueryData(authUserQueryOptions());
  const invite = search !== undefined && 'invite' in search ? search.invite : undefined;
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (user && typeof invite === 'string') throw redirect({ to: '/join', search: { invite } });
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (user) throw redirect({ to: '/' });
}
