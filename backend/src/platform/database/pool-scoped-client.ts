import pg from 'pg';
import { currentPoolKey, needsPoolSetting } from '../pool-scope/pool-scope.js';

/**
 * What every client of one database shares: the role its statements run as, once the database
 * knows it (`null`: the connecting user's own). See `rowSecurityRole` in database.ts.
 */
export interface SessionRole {
  role: string | null;
}

const roleName = /^[a-z_][a-z0-9_]*$/;

/**
 * A pg client whose every statement runs with the connection's `treble.pool` setting equal to the
 * pool of the work that sends it (platform/pool-scope): the read tables' views and the projector's
 * pool views filter on it, and their row-level security policies admit only its rows
 * (projections/projection-tables.ts), so a query sees its own pool's rows without naming the pool.
 * Once the database has a role for the app's statements (one that row-level security applies to),
 * the client takes that role too. Each is sent only when it changes: a connection of a one-pool
 * install sets them once. A statement that needs a setting waits for it, and so does every
 * statement sent to the client meanwhile, in the order they were sent: nothing slips in between.
 *
 * A session setting made inside a transaction that is rolled back is undone with it: after a
 * ROLLBACK the client no longer knows its settings and sends them again before the next statement.
 */
export class PoolScopedClient extends pg.Client {
  private poolKey: string | undefined;
  private role: string | null | undefined = null;
  /** The settings on their way, which every statement sent meanwhile waits for (in order). */
  private settling: Promise<void> | null = null;
  private readonly shared: SessionRole;

  constructor(config: pg.ClientConfig & { sessionRole?: SessionRole }) {
    super(config);
    this.shared = config.sessionRole ?? { role: null };
  }

  // pg's query has many overloads (promise, callback, submittable); every one is passed on as given.
  override query(...args: unknown[]): never {
    const run = (): never => (super.query as (...rest: unknown[]) => never)(...args);
    const [first] = args;
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
    if (typeof text === 'string' && /^\s*rollback/i.test(text)) {
      this.poolKey = undefined;
      this.role = undefined;
    } else {
      this.settle();
    }
    const settling = this.settling;
    if (settling === null) return run();
    const callback = args.at(-1);
    const ran: Promise<unknown> = settling.then(run);
    // The answer pg would give: nothing for a callback (which hears of a failed setting too), the
    // submittable itself, or the statement's promise.
    let answer: unknown = ran;
    if (typeof callback === 'function') {
      ran.catch((error: unknown) => (callback as (error: unknown) => void)(error));
      answer = undefined;
    } else if (typeof (first as { submit?: unknown } | null)?.submit === 'function') answer = first;
    return answer as never;
  }

  /** Sends the role and the pool the next statement needs, when they are not the connection's yet. */
  private settle(): void {
    const role = this.shared.role;
    const key = currentPoolKey();
    const steps: [string, unknown[], () => void][] = [];
    if (role !== null && this.role !== role) {
      if (!roleName.test(role)) throw new Error(`Not a role name: ${role}`);
      this.role = role;
      steps.push([`SET ROLE ${role}`, [], () => (this.role = undefined)]);
    }
    if (this.poolKey !== key && needsPoolSetting()) {
      this.poolKey = key;
      steps.push(["SELECT set_config('treble.pool', $1, false)", [key], () => (this.poolKey = undefined)]);
    }
    if (steps.length === 0) return;
    const send = super.query.bind(this) as (text: string, values: unknown[]) => Promise<unknown>;
    const settled: Promise<void> = (this.settling ?? Promise.resolve())
      .then(async () => {
        for (const [text, values, forget] of steps) {
          try {
            await send(text, values);
          } catch (error) {
            forget();
            throw error;
          }
        }
      })
      .finally(() => {
        if (this.settling === settled) this.settling = null;
      });
    this.settling = settled;
    // A failed setting fails the statement waiting for it (above), never the process.
    settled.catch(() => undefined);
  }
}
