import { createHash } from 'node:crypto';
import type { Database } from '../../platform/database/database.js';

/**
 * An e-mail address as the counts name it: a hash, so the table never holds an address anyone
 * typed (docs/adr/017); the same address always gives the same tag.
 */
export const addressTag = (email: string): string =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

/**
 * Fixed-window counts of the accounts context (sign-in attempts, "forgot password" requests, the
 * owner's warning), in the `sign_in_failures` table, named for its first use: one row per key with
 * the start of its window and its count. Each count is ONE statement that adds one and returns the
 * result, so parallel requests cannot all pass between a check and a write; the rows live in the
 * database, so every app instance shares them.
 */

/**
 * SQL that adds one to the count of each row `source` selects (`key, started_at, 1`). A window that
 * started at or before `windowStart` (an SQL expression) has passed: its count starts again at 1.
 * Returns `key, started_at, failures` (the count) of every row counted.
 */
export function countOne(source: string, windowStart: string): string {
  return `INSERT INTO sign_in_failures (key, started_at, failures) ${source}
    ON CONFLICT (key) DO UPDATE SET
      started_at = CASE WHEN sign_in_failures.started_at <= ${windowStart}
        THEN EXCLUDED.started_at ELSE sign_in_failures.started_at END,
      failures = CASE WHEN sign_in_failures.started_at <= ${windowStart}
        THEN 1 ELSE sign_in_failures.failures + 1 END
    RETURNING key, started_at, failures`;
}

/** Finished windows are deleted at most this often (real time, per process). */
const sweepEveryMs = 60_000;
let sweptAt: number | null = null;

/**
 * Drops finished windows now and then, so the table cannot grow without bound. "Forgot password"
 * counts last an hour and owners' warnings a day; every other key (sign-in pairs, accounts,
 * addresses, account gates) lasts a sign-in window.
 */
export async function sweepFinishedWindows(database: Database, now: Date): Promise<void> {
  if (sweptAt !== null && performance.now() - sweptAt < sweepEveryMs) return;
  sweptAt = performance.now();
  const before = (ms: number) => new Date(now.getTime() - ms);
  await database.query(
    `DELETE FROM sign_in_failures WHERE started_at <= $1
       AND started_at <= CASE WHEN key LIKE 'reset-%' THEN $2 WHEN key LIKE 'warned:%' THEN $3 ELSE $1 END`,
    [before(15 * 60_000), before(60 * 60_000), before(24 * 60 * 60_000)],
  );
}
