import { Injectable } from '@nestjs/common';
import type { LastPoll } from '@treble/contracts';
import { Database } from '../platform/database/database.js';

/** How many polls are kept: enough for the card and the digest, never a growing table. */
const kept = 200;

/** The outcome of each results poll, shared by every instance through the database. */
@Injectable()
export class PollLog {
  constructor(private readonly database: Database) {}

  async record(at: Date, outcome: { ok: boolean; error: string | null; unreadable: number }): Promise<void> {
    await this.database.query(
      'INSERT INTO results_polls (polled_at, ok, error, unreadable) VALUES ($1, $2, $3, $4)',
      [at, outcome.ok, outcome.error, outcome.unreadable],
    );
    await this.database.query(
      `DELETE FROM results_polls WHERE id < (SELECT min(id) FROM (SELECT id FROM results_polls ORDER BY id DESC LIMIT $1) AS recent)`,
      [kept],
    );
  }

  /** When the last poll ran and whether it succeeded (one row). */
  async latest(): Promise<{ at: Date; ok: boolean } | null> {
    const { rows } = await this.database.query<{ polled_at: Date; ok: boolean }>(
      'SELECT polled_at, ok FROM results_polls ORDER BY id DESC LIMIT 1',
    );
    const row = rows[0];
    return row ? { at: new Date(row.polled_at), ok: row.ok } : null;
  }

  /** The last poll, with how many polls in a row have failed up to it (0 after a success). */
  async last(): Promise<LastPoll | null> {
    const { rows } = await this.database.query<{
      polled_at: Date;
      ok: boolean;
      error: string | null;
      unreadable: number;
    }>('SELECT polled_at, ok, error, unreadable FROM results_polls ORDER BY id DESC LIMIT $1', [kept]);
    const latest = rows[0];
    if (!latest) return null;
    const lastSuccess = rows.findIndex((row) => row.ok);
    const failures = lastSuccess === -1 ? rows.length : lastSuccess;
    return {
      at: new Date(latest.polled_at).toISOString(),
      ok: latest.ok,
      error: latest.error,
      unreadable: latest.unreadable,
      consecutiveFailures: failures,
      failingSince: latest.ok ? null : new Date(rows[failures - 1]!.polled_at).toISOString(),
    };
  }
}
