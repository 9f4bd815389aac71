/**
 * Pools (docs/adr/015). An install hosts pools; a person has one account and is a member of some.
 * Pool-scoped routes live under `/api/pools/{address}/…` with the shapes of the unscoped routes,
 * which mean the install's default pool.
 */

/** The address of the install's pool from before several pools: the unscoped routes mean it. */
export const DEFAULT_POOL_ADDRESS = 'default';

/** A pool I belong to, as `GET /api/pools` lists it. */
export interface PoolSummary {
  /** What its routes and links name: `/api/pools/{address}/…`. */
  address: string;
  name: string;
  /** My role in it. */
  role: 'admin' | 'player';
  /** The install's default pool, which the unscoped routes mean. */
  isDefault: boolean;
}
