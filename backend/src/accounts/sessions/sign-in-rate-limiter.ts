import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes } from '@treble/contracts';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { Database } from '../../platform/database/database.js';
import { DomainError } from '../../shared/domain/domain-error.js';

/** Failed sign-ins allowed per window, before further attempts are refused until it passes. */
export const signInLimits = {
  windowMs: 15 * 60_000,
  perAddress: 10,
  perEmail: 5,
} as const;

/** Finished windows are deleted at most this often (real time). */
const sweepEveryMs = 60_000;

interface WindowRow {
  key: string;
  started_at: Date | string;
  failures: number;
}

/**
 * Limits failed sign-ins per client address and per e-mail (fixed windows on the injected clock).
 * Only failures count, so a family behind one address signing in normally is never blocked, and a
 * success clears its e-mail's count. The counts live in the database, so they hold across every app
 * instance behind a load balancer; each failure is one atomic upsert, so concurrent guesses through
 * several instances all count.
 */
@Injectable()
export class SignInRateLimiter {
  private sweptAt = 0;

  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly database: Database,
  ) {}

  /** Throws 429 RATE_LIMITED when the address or the e-mail has used up its failures. */
  async check(address: string, email: string): Promise<void> {
    const now = this.clock.now().getTime();
    const limits = new Map([
      [`address:${address}`, signInLimits.perAddress],
      [`email:${email}`, signInLimits.perEmail],
    ]);
    const { rows } = await this.database.query<WindowRow>(
      'SELECT key, started_at, failures FROM sign_in_failures WHERE key = ANY($1) AND started_at > $2',
      [[...limits.keys()], new Date(now - signInLimits.windowMs)],
    );
    const blocked = rows.filter((row) => row.failures >= (limits.get(row.key) ?? Infinity));
    if (blocked.length === 0) return;
    const retryAt = Math.max(
      ...blocked.map((row) => new Date(row.started_at).getTime() + signInLimits.windowMs),
    );
    const minutes = Math.max(1, Math.ceil((retryAt - now) / 60_000));
    throw new DomainError(
      ErrorCodes.RATE_LIMITED,
      `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    );
  }

  async recordFailure(address: string, email: string): Promise<void> {
    const now = this.clock.now();
    const windowStart = new Date(now.getTime() - signInLimits.windowMs);
    // A window that has passed starts again at this failure.
    await this.database.query(
      `INSERT INTO sign_in_failures (key, started_at, failures)
       SELECT key, $2::timestamptz, 1 FROM unnest($1::text[]) AS key
       ON CONFLICT (key) DO UPDATE SET
         started_at = CASE WHEN sign_in_failures.started_at <= $3 THEN EXCLUDED.started_at ELSE sign_in_failures.started_at END,
         failures = CASE WHEN sign_in_failures.started_at <= $3 THEN 1 ELSE sign_in_failures.failures + 1 END`,
      [[`address:${address}`, `email:${email}`], now, windowStart],
    );
    await this.sweep(windowStart);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.database.query('DELETE FROM sign_in_failures WHERE key = $1', [`email:${email}`]);
  }

  /** Drops finished windows now and then, so the table cannot grow without bound. */
  private async sweep(windowStart: Date): Promise<void> {
    if (performance.now() - this.sweptAt < sweepEveryMs && this.sweptAt !== 0) return;
    this.sweptAt = performance.now();
    await this.database.query('DELETE FROM sign_in_failures WHERE started_at <= $1', [windowStart]);
  }
}
