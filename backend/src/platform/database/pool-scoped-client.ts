import pg from 'pg';
import { currentPoolKey } from '../pool-scope/pool-scope.js';

/**
 * A pg client whose every statement runs with the connection's `treble.pool` setting equal to the
 * pool of the work that sends it (platform/pool-scope): the read tables' views and the projector's
 * pool views filter on it (projections/projection-tables.ts), so a query sees its own pool's rows
 * without naming the pool. The setting is sent only when it changes: a connection of a one-pool
 * install sets it once. pg runs a client's statements in the order they were sent, so the setting
 * goes out right before the statement and nothing can slip in between.
 *
 * A session setting made inside a transaction that is rolled back is undone with it: after a
 * ROLLBACK the client no longer knows its setting and sends it again before the next statement.
 */
export class PoolScopedClient extends pg.Client {
  private poolKey: string | undefined;

  // pg's query has many overloads (promise, callback, submittable); every one is passed on as given.
  override query(...args: unknown[]): never {
    const key = currentPoolKey();
    const [first] = args;
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
    if (typeof text === 'string' && /^\s*rollback/i.test(text)) this.poolKey = undefined;
    else if (this.poolKey !== key) {
      this.poolKey = key;
      (super.query as (text: string, values: unknown[]) => Promise<unknown>)(
        "SELECT set_config('treble.pool', $1, false)",
        [key],
      ).catch(() => {
        this.poolKey = undefined;
      });
    }
    return (super.query as (...rest: unknown[]) => never)(...args);
  }
}
