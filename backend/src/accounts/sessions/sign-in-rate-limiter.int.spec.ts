import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorCodes } from '@treble/contracts';
import { databaseTargets, type TestDatabaseHandle } from '../../../test/support/databases.js';
import { FixedClock } from '../../platform/clock/clock.js';
import { DomainError } from '../../shared/domain/domain-error.js';
import { signInLimits, SignInRateLimiter } from './sign-in-rate-limiter.js';

async function refusal(check: Promise<void>): Promise<DomainError | null> {
  try {
    await check;
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

  beforeAll(async () => {
    handle = await target.create();
    first = new SignInRateLimiter(clock, handle.database);
    second = new SignInRateLimiter(clock, handle.database);
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  it('counts failures made through any instance, and refuses on every instance', async () => {
    // Concurrent guesses split over both instances all count.
    await Promise.all(
      Array.from({ length: signInLimits.perEmail }, (_, i) =>
        (i % 2 === 0 ? first : second).recordFailure(`198.51.100.${i}`, 'target@example.com'),
      ),
    );
    for (const limiter of [first, second]) {
      const refused = await refusal(limiter.check('203.0.113.9', 'target@example.com'));
      expect(refused?.code).toBe(ErrorCodes.RATE_LIMITED);
      expect(refused?.message).toBe(
        'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
      );
    }
    expect(await refusal(first.check('203.0.113.9', 'someone-else@example.com'))).toBeNull();
  });

  it('counts per address, and a success through one instance clears the e-mail for all', async () => {
    for (let i = 0; i < signInLimits.perAddress; i++)
      await (i < 5 ? first : second).recordFailure('192.0.2.1', `guess${i}@example.com`);
    expect((await refusal(second.check('192.0.2.1', 'new@example.com')))?.code).toBe(ErrorCodes.RATE_LIMITED);

    await first.recordFailure('192.0.2.50', 'forgetful@example.com');
    await second.recordSuccess('forgetful@example.com');
    for (let i = 0; i < signInLimits.perEmail - 1; i++)
      await first.recordFailure('192.0.2.50', 'forgetful@example.com');
    expect(await refusal(second.check('192.0.2.51', 'forgetful@example.com'))).toBeNull();
  });

  it('lets a window pass on the pool clock, then starts counting afresh', async () => {
    clock.set(new Date(clock.now().getTime() + signInLimits.windowMs - 60_000));
    expect((await refusal(first.check('203.0.113.9', 'target@example.com')))?.message).toMatch(
      /wait 1 minute and/,
    );
    clock.set(new Date(clock.now().getTime() + 60_000));
    expect(await refusal(second.check('203.0.113.9', 'target@example.com'))).toBeNull();
    await first.recordFailure('203.0.113.9', 'target@example.com');
    expect(await refusal(second.check('203.0.113.9', 'target@example.com'))).toBeNull();
    const { rows } = await handle.database.query<{ failures: number }>(
      "SELECT failures FROM sign_in_failures WHERE key = 'email:target@example.com'",
    );
    expect(rows).toEqual([{ failures: 1 }]);
  });
});
