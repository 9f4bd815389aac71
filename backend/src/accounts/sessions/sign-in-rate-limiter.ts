import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes } from '@treble/contracts';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { Database } from '../../platform/database/database.js';
import { DomainError } from '../../shared/domain/domain-error.js';
import { addressTag, countOne, sweepFinishedWindows } from './counted-windows.js';

/**
 * Sign-in attempts allowed (15-minute windows on the pool clock):
 * - `perPair`: attempts by one caller at one account (a success gives them back). The caller is
 *   the client address, or a known device: a browser that signed in to that account before;
 * - an address with `addressSpraying` failures at any accounts gets only `slowedPair` attempts at
 *   each account it has failed at;
 * - an account with `accountUnderAttack` attempts that did not succeed, from anywhere, gets a budget
 *   that does not depend on the caller's address: one evaluated attempt, then the next after
 *   `firstDelayMs`, doubling up to `longestDelayMs`; every other attempt meanwhile is refused (429
 *   with Retry-After). Known devices bypass this budget (they keep their own `perPair`), and so do
 *   password reset links, so the owner still gets in while the account is under attack;
 * - the owner is warned by e-mail at most once per `warnEveryMs` while the account is over its budget.
 */
export const signInLimits = {
  windowMs: 15 * 60_000,
  perPair: 5,
  slowedPair: 1,
  addressSpraying: 30,
  accountUnderAttack: 10,
  firstDelayMs: 60_000,
  longestDelayMs: 15 * 60_000,
  warnEveryMs: 24 * 60 * 60_000,
} as const;

/** Who attempts a sign-in: a client address, or a device that signed in to the account before. */
export type SignInCaller = { address: string } | { device: string };

/** A refused attempt: 429 RATE_LIMITED, and how long until an attempt may be evaluated again. */
export class SignInRefused extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(ErrorCodes.RATE_LIMITED, message);
  }
}

interface AttemptRow {
  started_at: Date | string;
  attempts: number;
  allowed: boolean;
  gated: boolean | null;
  passed_gate: number | string;
  gate_opens_at: Date | string | null;
}

const pairKey = (caller: SignInCaller, email: string) =>
  `pair:${JSON.stringify('device' in caller ? ['device', caller.device, addressTag(email)] : ['address', caller.address, addressTag(email)])}`;
const accountKey = (email: string) => `email:${addressTag(email)}`;
const addressKey = (address: string) => `address:${address}`;
const gateKey = (email: string) => `gate:${addressTag(email)}`;
const warnedKey = (email: string) => `warned:${addressTag(email)}`;

/**
 * The next time the gate opens after its n-th opening (n = the new count): firstDelayMs doubling,
 * at most longestDelayMs. $1 is now.
 */
const nextOpening = (n: string) =>
  `$1::timestamptz + least(${signInLimits.longestDelayMs}::float8,
     ${signInLimits.firstDelayMs}::float8 * power(2, least(${n} - 1, 20))) * interval '1 millisecond'`;

/**
 * One statement per attempt from an address: counts the pair; if the pair may try, counts the
 * account; if the account is over its budget (or was within the last window), takes the gate's next
 * opening if it has come. Parallel attempts cannot slip past any of the counts, nor share an opening.
 * $1 now, $2 window start, $3 pair, $4 account, $5 address, $6 gate.
 */
const addressAttempt = `
  WITH pair AS (${countOne('SELECT $3, $1::timestamptz, 1', '$2')}),
  spraying AS (
    SELECT coalesce((SELECT failures FROM sign_in_failures WHERE key = $5 AND started_at > $2), 0)
      >= ${signInLimits.addressSpraying} AS slowed),
  allowed AS (
    SELECT pair.started_at, pair.failures AS attempts,
      pair.failures <= CASE WHEN spraying.slowed THEN ${signInLimits.slowedPair} ELSE ${signInLimits.perPair} END AS allowed
    FROM pair, spraying),
  account AS (${countOne('SELECT $4, $1::timestamptz, 1 FROM allowed WHERE allowed', '$2')}),
  gated AS (
    SELECT account.failures > ${signInLimits.accountUnderAttack}
      OR EXISTS (SELECT 1 FROM sign_in_failures WHERE key = $6 AND started_at > $2) AS gated
    FROM account),
  passed AS (
    INSERT INTO sign_in_failures (key, started_at, failures)
    SELECT $6, ${nextOpening('1')}, 1 FROM gated WHERE gated
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN sign_in_failures.started_at <= $2 THEN 1 ELSE sign_in_failures.failures + 1 END,
      started_at = CASE WHEN sign_in_failures.started_at <= $2 THEN ${nextOpening('1')}
        ELSE ${nextOpening('sign_in_failures.failures + 1')} END
    WHERE sign_in_failures.started_at <= $1
    RETURNING 1)
  SELECT allowed.started_at, allowed.attempts, allowed.allowed,
    (SELECT gated FROM gated) AS gated,
    (SELECT count(*) FROM passed) AS passed_gate,
    (SELECT started_at FROM sign_in_failures WHERE key = $6) AS gate_opens_at
  FROM allowed`;

const minutesUntil = (at: number, now: Date) => Math.max(1, Math.ceil((at - now.getTime()) / 60_000));
const secondsUntil = (at: number, now: Date) => Math.max(1, Math.ceil((at - now.getTime()) / 1000));
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Counts sign-in attempts per (caller, account), per account, and failures per address (fixed
 * windows on the injected clock, see counted-windows.ts). Every attempt is counted before the
 * password is checked, in one statement that also decides it.
 */
@Injectable()
export class SignInRateLimiter {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly database: Database,
  ) {}

  /**
   * Counts one attempt by `caller` at the account `email`; throws SignInRefused (429) when it may
   * not be evaluated. Call it before checking the password. Answers whether the account is over its
   * budget (a failure then warns the owner).
   */
  async attempt(caller: SignInCaller, email: string): Promise<{ underAttack: boolean }> {
    const now = this.clock.now();
    const windowStart = new Date(now.getTime() - signInLimits.windowMs);
    if ('device' in caller) {
      const { rows } = await this.database.query<{ started_at: Date | string; failures: number }>(
        countOne('SELECT $3, $1::timestamptz, 1', '$2'),
        [now, windowStart, pairKey(caller, email)],
      );
      const row = rows[0]!;
      if (Number(row.failures) > signInLimits.perPair) throw tooManyAtPair(row.started_at, now);
      return { underAttack: false };
    }
    const { rows } = await this.database.query<AttemptRow>(addressAttempt, [
      now,
      windowStart,
      pairKey(caller, email),
      accountKey(email),
      addressKey(caller.address),
      gateKey(email),
    ]);
    const row = rows[0]!;
    if (!row.allowed) throw tooManyAtPair(row.started_at, now);
    if (row.gated === true && Number(row.passed_gate) === 0) {
      const opensAt = row.gate_opens_at === null ? now.getTime() : new Date(row.gate_opens_at).getTime();
      throw new SignInRefused(
        `This account has had too many failed sign-ins. Please wait ${plural(minutesUntil(opensAt, now), 'minute')}, ` +
          'sign in on a device you have signed in with before, or ask for a password reset link.',
        secondsUntil(opensAt, now),
      );
    }
    return { underAttack: row.gated === true };
  }

  /**
   * A wrong password: counts against the address (pair and account were counted at `attempt`).
   * When the account is under attack, answers true for exactly one failure per `warnEveryMs` (one
   * statement decides it), the one whose owner is to be warned.
   */
  async recordFailure(caller: SignInCaller, email: string, underAttack: boolean): Promise<boolean> {
    const now = this.clock.now();
    const windowStart = new Date(now.getTime() - signInLimits.windowMs);
    const warnedBefore = new Date(now.getTime() - signInLimits.warnEveryMs);
    const address = 'address' in caller ? addressKey(caller.address) : null;
    const { rows } = await this.database.query<{ warn: number | string }>(
      `WITH address AS (${countOne('SELECT $1, $2::timestamptz, 1 WHERE $1::text IS NOT NULL', '$3')}),
       warn AS (
         INSERT INTO sign_in_failures (key, started_at, failures) SELECT $4, $2::timestamptz, 1 WHERE $5
         ON CONFLICT (key) DO UPDATE SET started_at = EXCLUDED.started_at, failures = sign_in_failures.failures + 1
         WHERE sign_in_failures.started_at <= $6
         RETURNING 1)
       SELECT (SELECT count(*) FROM warn) AS warn, (SELECT count(*) FROM address) AS counted`,
      [address, now, windowStart, warnedKey(email), underAttack, warnedBefore],
    );
    await sweepFinishedWindows(this.database, now);
    return Number(rows[0]!.warn) === 1;
  }

  /** The right password: the pair's attempts are given back, and the account's count of this one. */
  async recordSuccess(caller: SignInCaller, email: string): Promise<void> {
    await this.database.query(
      `WITH pair AS (DELETE FROM sign_in_failures WHERE key = $1 RETURNING 1)
       UPDATE sign_in_failures SET failures = failures - 1 WHERE key = $2 AND failures > 0 AND $3`,
      [pairKey(caller, email), accountKey(email), 'address' in caller],
    );
  }
}

function tooManyAtPair(startedAt: Date | string, now: Date): SignInRefused {
  const retryAt = new Date(startedAt).getTime() + signInLimits.windowMs;
  return new SignInRefused(
    `Too many failed sign-in attempts. Please wait ${plural(minutesUntil(retryAt, now), 'minute')} and try again.`,
    secondsUntil(retryAt, now),
  );
}
