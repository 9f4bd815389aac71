import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorCodes } from '@treble/contracts';
import { databaseTargets, type TestDatabaseHandle } from '../../../test/support/databases.js';
import { FixedClock } from '../../platform/clock/clock.js';
import { DomainError } from '../../shared/domain/domain-error.js';
import { signInLimits, SignInRateLimiter, SignInRefused, type SignInCaller } from './sign-in-rate-limiter.js';
import { addressTag } from './counted-windows.js';

async function refusal(attempt: Promise<unknown>): Promise<DomainError | null> {
  try {
    await attempt;
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

/** Two app instances behind one load balancer: each has its own limiter on the shared database. */
describe.each(databaseTargets)('sign-in rate limits across instances on $name', (target) => {
  let handle: TestDatabaseHandle;
  const clock = new FixedClock(new Date('2026-01-10T12:00:00Z'));
  let first: SignInRateLimiter;
  let second: SignInRateLimiter;
  const from = (address: string): SignInCaller => ({ address });
  /** One wrong password, as the sign-in service records it; the refusal, or null when it was checked. */
  const fail = async (limiter: SignInRateLimiter, caller: SignInCaller | string, email: string) => {
    const who = typeof caller === 'string' ? from(caller) : caller;
    let underAttack = false;
    const refused = await refusal(
      limiter.attempt(who, email).then((answer) => (underAttack = answer.underAttack)),
    );
    if (refused === null) await limiter.recordFailure(who, email, underAttack);
    return refused;
  };

  beforeAll(async () => {
    handle = await target.create();
    first = new SignInRateLimiter(clock, handle.database);
    second = new SignInRateLimiter(clock, handle.database);
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  it('counts parallel attempts atomically: of 40 at once from one address at one account, 5 get through', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fail(i % 2 === 0 ? first : second, '203.0.113.9', 'target@example.com'),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(signInLimits.perPair);
    const refused = outcomes.filter((outcome) => outcome !== null);
    expect(refused).toHaveLength(40 - signInLimits.perPair);
    expect(new Set(refused.map((error) => error.code))).toEqual(new Set([ErrorCodes.RATE_LIMITED]));
    expect(refused[0]!.message).toBe(
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    );
  });

  it('never refuses the owner elsewhere, nor other accounts from the same address', async () => {
    expect(await refusal(second.attempt(from('198.51.100.20'), 'target@example.com'))).toBeNull();
    expect(await refusal(first.attempt(from('203.0.113.9'), 'someone-else@example.com'))).toBeNull();
  });

  it('gives a pair its attempts back after the right password', async () => {
    for (let i = 0; i < signInLimits.perPair - 1; i++)
      await fail(first, '192.0.2.50', 'forgetful@example.com');
    expect(await refusal(second.attempt(from('192.0.2.50'), 'forgetful@example.com'))).toBeNull();
    await second.recordSuccess(from('192.0.2.50'), 'forgetful@example.com');
    for (let i = 0; i < signInLimits.perPair - 1; i++)
      expect(await fail(first, '192.0.2.50', 'forgetful@example.com')).toBeNull();
    expect(await refusal(second.attempt(from('192.0.2.50'), 'forgetful@example.com'))).toBeNull();
    expect((await refusal(second.attempt(from('192.0.2.50'), 'forgetful@example.com')))?.code).toBe(
      ErrorCodes.RATE_LIMITED,
    );
  });

  it('slows an address spraying many accounts only for the accounts it failed at', async () => {
    const sprayer = '203.0.113.66';
    for (let i = 0; i < signInLimits.addressSpraying; i++)
      expect(await fail(first, sprayer, `spray${i}@example.com`)).toBeNull();
    expect((await refusal(second.attempt(from(sprayer), 'spray3@example.com')))?.code).toBe(
      ErrorCodes.RATE_LIMITED,
    );
    // A neighbour behind the same address signing in to their own account gets through.
    expect(await refusal(second.attempt(from(sprayer), 'neighbour@example.com'))).toBeNull();
  });

  it('lets a window pass on the pool clock, then starts counting afresh', async () => {
    clock.set(new Date(clock.now().getTime() + signInLimits.windowMs - 60_000));
    expect((await refusal(first.attempt(from('203.0.113.9'), 'target@example.com')))?.message).toMatch(
      /wait 1 minute and/,
    );
    clock.set(new Date(clock.now().getTime() + 60_000));
    expect(await fail(second, '203.0.113.9', 'target@example.com')).toBeNull();
    const { rows } = await handle.database.query<{ failures: number }>(
      'SELECT failures FROM sign_in_failures WHERE key = $1',
      [`email:${addressTag('target@example.com')}`],
    );
    expect(rows).toEqual([{ failures: 1 }]);
  });

  it('gives an account under attack a budget of its own: one evaluated attempt per growing delay, whoever asks', async () => {
    const victim = 'victim@example.com';
    for (let i = 0; i < signInLimits.accountUnderAttack; i++)
      expect(await fail(first, `198.18.0.${i}`, victim)).toBeNull();
    // Past the threshold, the account's next attempt is evaluated, from whatever address...
    expect(await fail(second, '198.18.1.1', victim)).toBeNull();
    // ...and then no other, however fresh the address, until the delay has passed.
    const refused = await refusal(first.attempt(from('192.0.2.200'), victim));
    expect(refused).toBeInstanceOf(SignInRefused);
    expect((refused as SignInRefused).retryAfterSeconds).toBe(signInLimits.firstDelayMs / 1000);
    expect(refused!.message).toBe(
      'This account has had too many failed sign-ins. Please wait 1 minute, sign in on a device you have signed in with before, or ask for a password reset link.',
    );
    // A known device keeps its own attempts.
    expect(await refusal(second.attempt({ device: 'owner-phone' }, victim))).toBeNull();

    clock.set(new Date(clock.now().getTime() + signInLimits.firstDelayMs));
    expect(await fail(first, '198.18.1.2', victim)).toBeNull();
    // The delay doubles.
    const next = await refusal(second.attempt(from('198.18.1.3'), victim));
    expect((next as SignInRefused).retryAfterSeconds).toBe((2 * signInLimits.firstDelayMs) / 1000);
  });

  it('evaluates one attempt past the threshold of 60 parallel ones from 60 addresses, and warns the owner once', async () => {
    const victim = 'parallel-victim@example.com';
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, (_, i) => fail(i % 2 === 0 ? first : second, `198.19.0.${i}`, victim)),
    );
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(signInLimits.accountUnderAttack + 1);
    const warnings = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? first : second).recordFailure(from(`198.19.1.${i}`), victim, true),
      ),
    );
    // The failure past the threshold above already took this window's warning.
    expect(warnings.filter(Boolean)).toHaveLength(0);
    const fresh = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? first : second).recordFailure(from(`198.19.2.${i}`), 'fresh@example.com', true),
      ),
    );
    expect(fresh.filter(Boolean)).toHaveLength(1);
  });
});
