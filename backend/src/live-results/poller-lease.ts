import { Injectable } from '@nestjs/common';
import { Database } from '../platform/database/database.js';

const leaseName = 'results-poller';

/**
 * Only one app instance polls the provider at a time: the one holding this lease row.
 *
 * Why a lease row and not a Postgres advisory lock: a session-level advisory lock lives as long as
 * one connection, and the embedded database serves a single connection that every request shares
 * (holding it for a lock would hold it from everyone; releasing it to the pool hands the lock to
 * whoever runs next). A transaction-level lock (`pg_try_advisory_xact_lock`) only covers one
 * transaction, and a poll cannot sit in a transaction: it waits on the provider (rate limits, retries)
 * and appends events, and on the embedded database an open transaction blocks everything else. A
 * row with a holder and an expiry works the same on both databases, is taken and renewed in one
 * atomic statement, outlives a crashed holder only until it expires (then another instance takes
 * over), and keeps the next poll time where every instance can read it for the status.
 *
 * Expiry uses the database server's clock, never the pool's clock (which tests and demos pin).
 */
@Injectable()
export class PollerLease {
  constructor(private readonly database: Database) {}

  /** Takes the lease, or renews it when already held; false while another live holder has it. */
  async acquire(holder: string, ttlMs: number): Promise<boolean> {
    const { rows } = await this.database.query(
      `INSERT INTO live_results_lease (name, holder, expires_at)
       VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond')
       ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
         WHERE live_results_lease.holder = EXCLUDED.holder OR live_results_lease.expires_at < clock_timestamp()
       RETURNING holder`,
      [leaseName, holder, ttlMs],
    );
    return rows.length === 1;
  }

  async release(holder: string): Promise<void> {
    await this.database.query('DELETE FROM live_results_lease WHERE name = $1 AND holder = $2', [
      leaseName,
      holder,
    ]);
  }

  /** The holder records when it polls next (pool time), for the status every instance serves. */
  async setNextPoll(holder: string, at: Date | null): Promise<void> {
    await this.database.query(
      'UPDATE live_results_lease SET next_poll_at = $3 WHERE name = $1 AND holder = $2',
      [leaseName, holder, at],
    );
  }

  /** The live lease, if any: who holds it and when it polls next. */
  async current(): Promise<{ holder: string; nextPollAt: Date | null } | null> {
    const { rows } = await this.database.query<{ holder: string; next_poll_at: Date | string | null }>(
      'SELECT holder, next_poll_at FROM live_results_lease WHERE name = $1 AND expires_at > clock_timestamp()',
      [leaseName],
    );
    const row = rows[0];
    if (!row) return null;
    return { holder: row.holder, nextPollAt: row.next_poll_at === null ? null : new Date(row.next_poll_at) };
  }
}
