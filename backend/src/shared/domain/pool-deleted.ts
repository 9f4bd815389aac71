/**
 * The pool registry's `PoolDeleted` (pools/domain/pool-registry.ts): every projection drops the
 * deleted pool's rows where the log records it (projections/apply-events.ts), so a rebuild ends
 * where the live tables did.
 */
export const POOL_DELETED = 'PoolDeleted';

export interface PoolDeletedData {
  key: string;
}
