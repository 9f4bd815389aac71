/**
 * Pools (docs/adr/015). An install hosts pools; a person has one account and is a member of some.
 * Pool-scoped routes live under `/api/pools/{address}/…` with the shapes of the unscoped routes,
 * which mean the install's default pool.
 */

/** The address of the install's pool from before several pools: the unscoped routes mean it. */
export const DEFAULT_POOL_ADDRESS = 'default';

/** A person's role in a pool: each pool has its own admins. */
export type PoolRole = 'admin' | 'player';

/** A pool I belong to, as `GET /api/pools` lists it. */
export interface PoolSummary {
  /** What its routes and links name: `/api/pools/{address}/…`. */
  address: string;
  name: string;
  /** My role in it. */
  role: PoolRole;
  /** The install's default pool, which the unscoped routes mean. */
  isDefault: boolean;
  /** Archived by the install's owner: its history reads as before, nothing in it changes. */
  archived?: boolean;
}

/**
 * `GET /api/install/pools`, for the install's owner alone: every pool of the install, with how many
 * members it has and nothing of who they are, what they picked or how they stand.
 */
export interface InstallPool {
  address: string;
  name: string;
  isDefault: boolean;
  archived: boolean;
  /** Active members. */
  members: number;
  /** When it was created (null for the default pool, which every install has). */
  createdAt: string | null;
}

/** `POST /api/pools`: a new pool, whose creator becomes its admin (who may create: `POOL_CREATION`). */
export interface CreatePoolRequest {
  /** Its address (`poolAddressPattern`): `/p/{address}/` in the web app. */
  address: string;
  /** 1 to 100 characters. */
  name: string;
}

/**
 * `GET /api/invitations/{token}`: the pool an invitation link joins and who made it, shown to a
 * signed-in person before they join with one tap (`POST /api/invitations/{token}/join`, which
 * answers the pool joined).
 */
export interface InvitationPreview {
  pool: { address: string; name: string; isDefault: boolean };
  /** The name of the member who made the link (null: unknown, or no name given). */
  invitedBy: string | null;
  /** `valid`, or why the link admits nobody (`suspended`: its creator was deactivated). */
  status: 'valid' | 'revoked' | 'expired' | 'used-up' | 'suspended';
  /** You are a member of that pool already (the page offers to open it). */
  alreadyMember: boolean;
}

/**
 * A pool's address: lower-case letters, digits and dashes, 3 to 40 characters, starting and ending
 * with a letter or a digit (`office-2026`).
 */
export const poolAddressPattern = /^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/;

/**
 * The routes of a person's own account, the same in every pool (signing in, the profile, push
 * subscriptions, the list of pools): never under `/api/pools/{pool}/`. Every other route is a pool's.
 */
const accountRoutes = [
  '/api/auth',
  '/api/login',
  '/api/temp-logout',
  '/api/notifications/push',
  '/api/notifications/time-zone',
  '/api/pools',
  '/api/invitations',
  '/api/install',
  '/api/health',
];

export function isAccountRoute(path: string): boolean {
  return accountRoutes.some(
    (route) => path === route || path.startsWith(`${route}/`) || path.startsWith(`${route}?`),
  );
}

/**
 * Where a call to `path` goes in the pool at `address`: a pool route of a pool other than the
 * default one takes the pool's prefix (`/api/leaderboards/overall` → `/api/pools/office-2026/leaderboards/overall`);
 * the default pool's routes and account routes stay as they are.
 */
export function poolApiPath(address: string, path: string): string {
  if (address === DEFAULT_POOL_ADDRESS || !path.startsWith('/api/') || isAccountRoute(path)) return path;
  return `/api/pools/${address}${path.slice('/api'.length)}`;
}
