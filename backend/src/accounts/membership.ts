import { currentPoolKey, DEFAULT_POOL_KEY } from '../platform/pool-scope/pool-scope.js';
import { userStreamId } from './domain/user.js';

/**
 * Where a person's membership of the current pool is recorded (docs/adr/015): the default pool's in
 * the account's own stream, as before pools, so an old install needs no migration; another pool's
 * in `member-{id}`, which the pool lens stores as `member-{key}_{id}`. Both fold with `userModel`:
 * joining, deactivation, removal and the entry fee are the same events in either.
 */
export function membershipStreamId(userId: string): string {
  return currentPoolKey() === DEFAULT_POOL_KEY ? userStreamId(userId) : `member-${userId}`;
}
