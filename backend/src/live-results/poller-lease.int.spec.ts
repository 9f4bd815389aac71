import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { databaseTargets, type TestDatabaseHandle } from '../../test/support/databases.js';
import { PollerLease } from './poller-lease.js';

describe.each(databaseTargets)('the results poller lease on $name', (target) => {
  let handle: TestDatabaseHandle;
  let lease: PollerLease;

  beforeAll(async () => {
    handle = await target.create();
    lease = new PollerLease(handle.database);
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  it('lets one instance poll at a time, and the holder renew', async () => {
    expect(await lease.acquire('instance-a', 60_000)).toBe(true);
    expect(await lease.acquire('instance-b', 60_000)).toBe(false);
    expect(await lease.acquire('instance-a', 60_000)).toBe(true);
    await lease.setNextPoll('instance-a', new Date('2026-03-01T15:00:00Z'));
    await lease.setNextPoll('instance-b', new Date('2030-01-01T00:00:00Z'));
    expect(await lease.current()).toEqual({
      holder: 'instance-a',
      nextPollAt: new Date('2026-03-01T15:00:00Z'),
    });
  });

  it('passes to another instance once released', async () => {
    await lease.release('instance-b');
    expect(await lease.acquire('instance-b', 60_000)).toBe(false);
    await lease.release('instance-a');
    expect(await lease.current()).toBeNull();
    expect(await lease.acquire('instance-b', 60_000)).toBe(true);
  });

  it('is kept in the database: a restart does not free a lease that is still live', async () => {
    lease = new PollerLease(await handle.reopen());
    expect(await lease.acquire('instance-c', 60_000)).toBe(false);
    expect((await lease.current())?.holder).toBe('instance-b');
  });

  it('passes to another instance when the holder stops renewing it (a crash)', async () => {
    // Long enough that a busy machine cannot let it run out between these two calls.
    expect(await lease.acquire('instance-b', 3000)).toBe(true);
    expect(await lease.acquire('instance-c', 60_000)).toBe(false);
    // b stops renewing: the lease runs out on the database server's clock (seen, not slept for).
    while ((await lease.current()) !== null) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await lease.acquire('instance-c', 60_000)).toBe(true);
    expect(await lease.acquire('instance-b', 60_000)).toBe(false);
  });
});
