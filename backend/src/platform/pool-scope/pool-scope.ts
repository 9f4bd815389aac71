import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The pool a unit of work belongs to (docs/adr/015). Each HTTP request in a pool runs in its
 * pool's scope (pools/pool-scope.interceptor.ts), the projector each pool's events in theirs; work
 * outside any scope (the scheduler, the CLI, a backup) is in the default pool, whose key is the
 * empty one. The event store (event-store/pool-scope.ts) and the database (a connection's
 * `treble.pool` setting, platform/database/pool-scoped-client.ts) follow it.
 */
const poolScope = new AsyncLocalStorage<string>();

export const DEFAULT_POOL_KEY = '';

/** A pool key: 1 to 12 lower-case letters and digits, never changed once given. */
export const poolKeyPattern = /^[a-z0-9]{1,12}$/;

export function inPool<T>(key: string, work: () => T): T {
  if (key !== DEFAULT_POOL_KEY && !poolKeyPattern.test(key)) throw new Error(`Not a pool key: ${key}`);
  return poolScope.run(key, work);
}

/** The key of the pool the current work belongs to; the default pool's outside any scope. */
export function currentPoolKey(): string {
  return poolScope.getStore() ?? DEFAULT_POOL_KEY;
}

const poolFree = new AsyncLocalStorage<true>();

/**
 * Runs `work`, whose statements touch no pool's rows (the event log has no `pool_id`: its streams
 * name their pool), so they go on whichever connection is free as it is, without first setting
 * `treble.pool` to the current pool (platform/database/pool-scoped-client.ts): with many pools on
 * few connections that setting would otherwise cost a round trip before nearly every append.
 */
export function withoutPoolSetting<T>(work: () => T): T {
  return poolFree.run(true, work);
}

/** Whether the statement about to be sent needs the connection's `treble.pool` set to the current pool. */
export function needsPoolSetting(): boolean {
  return poolFree.getStore() !== true;
}
