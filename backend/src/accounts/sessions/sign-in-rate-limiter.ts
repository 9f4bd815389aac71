import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes } from '@treble/contracts';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { Database } from '../../platform/database/database.js';
import { DomainError } from '../../shared/domain/domain-error.js';

/**
 * Sign-in attempts allowed per window (15 minutes, on the pool clock):
 * - `perPair`: attempts by one client address at one account (a success gives them back);
 * - once an account has `accountUnderAttack` failures from anywhere, or an address has
 *   `addressSpraying` failures at any accounts, each of their pairs gets only `slowedPair`
 *   attempts: an address that has already failed at that account must wait, while an address that
 *   has not (the owner at home, a neighbour behind the same proxy) still gets its try.
 * Nobody can lock someone else's account, or everyone behind one address, out: a correct password
 * from an address that has not failed at that account is never refused.
 */
export const signInLimits = {
  windowMs: 15 * 60_000,
  perPair: 5,
  slowedPair: 1,
  accountUnderAttack: 10,
  addressSpraying: 30,
} as const;

/** Finished windows are deleted at most this often (real time). */
const sweepEveryMs = 60_000;

interface AttemptRow {
  started_at: Date | string;
  attempts: number;
  account_failures: number;
  address_failures: number;
}

const pairKey = (address: string, email: string) => `pair:${JSON.stringify([address, email])}`;
const accountKey = (email: string) => `email:${email}`;
const addressKey = (address: string) => `address:${address}`;

/**
 * Counts sign-in attempts per (client address, account), and failures per account and per address
 * (fixed windows on the injected clock). Every attempt is counted before the password is checked,
 * in one statement that increments and returns the count, so parallel guesses cannot all slip
 * through between a check and a count. The counts live in the database, so they hold across every
 * app instance behind a load balancer.
 */
@Injectable()
export class SignInRateLimiter {
  private sweptAt = 0;

  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly database: Database,
  ) {}

  /**
   * Counts one attempt by `address` at the account `email`; throws 429 RATE_LIMITED when the pair
   * has used up its attempts. Call it before checking the password.
   */
  async attempt(address: string, email: string): Promise<void> {
    const now = this.clock.now();
    const windowStart = new Date(now.getTime() - signInLimits.windowMs);
    // A window that has passed starts again at this attempt.
    const { rows } = await this.database.query<AttemptRow>(
      `WITH pair AS (
         INSERT INTO sign_in_failures (key, started_at, failures) VALUES ($1, $4::timestamptz, 1)
         ON CONFLICT (key) DO UPDATE SET
           started_at = CASE WHEN sign_in_failures.started_at <= $5 THEN EXCLUDED.started_at ELSE sign_in_failures.started_at END,
           failures = CASE WHEN sign_in_failures.started_at <= $5 THEN 1 ELSE sign_in_failures.failures + 1 END
         RETURNING started_at, failures)
       SELECT pair.started_at, pair.failures AS attempts,
         coalesce((SELECT failures FROM sign_in_failures WHERE key = $2 AND started_at > $5), 0) AS account_failures,
         coalesce((SELECT failures FROM sign_in_failures WHERE key = $3 AND started_at > $5), 0) AS address_failures
       FROM pair`,
      [pairKey(address, email), accountKey(email), addressKey(address), now, windowStart],
    );
    const row = rows[0]!;
    const slowed =
      Number(row.account_failures) >= signInLimits.accountUnderAttack ||
      Number(row.address_failures) >= signInLimits.addressSpraying;
    const allowed = slowed ? signInLimits.slowedPair : signInLimits.perPair;
    if (Number(row.attempts) <= allowed) return;
    const retryAt = new Date(row.started_at).getTime() + signInLimits.windowMs;
    const minutes = Math.max(1, Math.ceil((retryAt - now.getTime()) / 60_000));
    throw new DomainError(
      ErrorCodes.RATE_LIMITED,
      `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    );
  }

  /** A wrong password: counts against the account and the address (the pair counted at `attempt`). */
  async recordFailure(address: string, email: string): Promise<void> {
    const now = this.clock.now();
    const windowStart = new Date(now.getTime() - signInLimits.windowMs);
    await this.database.query(
      `INSERT INTO sign_in_failures (key, started_at, failures)
       SELECT key, $2::timestamptz, 1 FROM unnest($1::text[]) AS key
       ON CONFLICT (key) DO UPDATE SET
         started_at = CASE WHEN sign_in_failures.started_at <= $3 THEN EXCLUDED.started_at ELSE sign_in_failures.started_at END,
         failures = CASE WHEN sign_in_failures.started_at <= $3 THEN 1 ELSE sign_in_failures.failures + 1 END`,
      [[addressKey(address), accountKey(email)], now, windowStart],
    );
    await this.sweep(windowStart);
  }

  /** The right password: the pair's attempts are given back. */
  async recordSuccess(address: string, email: string): Promise<void> {
    await this.database.query('DELETE FROM sign_in_failures WHERE key = $1', [pairKey(address, email)]);
  }

  /** Drops finished windows now and then, so the table cannot grow without bound. */
  private async sweep(windowStart: Date): Promise<void> {
    if (performance.now() - this.sweptAt < sweepEveryMs && this.sweptAt !== 0) return;
    this.sweptAt = performance.now();
    await this.database.query('DELETE FROM sign_in_failures WHERE started_at <= $1', [windowStart]);
  }
}
