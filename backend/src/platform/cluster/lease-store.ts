import type { Sql } from '../database/sql.js';

export interface LeaseHolder {
  holder: string;
  acquiredAt: Date;
  expiresAt: Date;
}

/**
 * Named leases in the shared database: the instance whose id is in a live row holds it. Taking and
 * renewing is one atomic statement, so two instances can never both get a `true`. Expiry uses the
 * database server's clock (never the pool's clock, which tests and demos pin), so instances whose
 * clocks disagree still agree on who holds a lease.
 *
 * Why rows and not session-level advisory locks: a session lock lives as long as one connection,
 * and the embedded database serves ONE connection that every request shares (holding it for a lock
 * would hold it from everyone; handing it back to the pool hands the lock to whoever runs next).
 * A row needs no connection of its own, and outlives a crashed holder only until it expires.
 */
export class LeaseStore {
  constructor(private readonly sql: Sql) {}

  /**
   * Takes the lease, or renews it when `holder` already has it; false while another holder's lease
   * is live. `takeOver` takes it whoever holds it (only where nobody else can be running: the
   * embedded database, whose data directory one process at a time may open).
   */
  async acquire(name: string, holder: string, ttlMs: number, takeOver = false): Promise<boolean> {
    const { rows } = await this.sql.query(
      `INSERT INTO cluster_leases (name, holder, acquired_at, expires_at)
       VALUES ($1, $2, clock_timestamp(), clock_timestamp() + $3 * interval '1 millisecond')
       ON CONFLICT (name) DO UPDATE SET
         holder = EXCLUDED.holder,
         acquired_at = CASE WHEN cluster_leases.holder = EXCLUDED.holder THEN cluster_leases.acquired_at ELSE EXCLUDED.acquired_at END,
         expires_at = EXCLUDED.expires_at
       WHERE $4 OR cluster_leases.holder = EXCLUDED.holder OR cluster_leases.expires_at < clock_timestamp()
       RETURNING holder`,
      [name, holder, ttlMs, takeOver],
    );
    return rows.length === 1;
  }

  /** Gives the lease up at once (a clean shutdown), so another instance need not wait for it to expire. */
  async release(name: string, holder: string): Promise<void> {
    await this.sql.query('DELETE FROM cluster_leases WHERE name = $1 AND holder = $2', [name, holder]);
  }

  /** Who holds the lease now, or null when nobody does (never taken, released, or expired). */
  async current(name: string): Promise<LeaseHolder | null> {
    const { rows } = await this.sql.query<LeaseHolder>(
      `SELECT holder, acquired_at AS "acquiredAt", expires_at AS "expiresAt"
         FROM cluster_leases WHERE name = $1 AND expires_at > clock_timestamp()`,
      [name],
    );
    return rows[0] ?? null;
  }
}
