import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { databaseTargets, type TestDatabaseHandle } from '../../../test/support/databases.js';
import { LeaseStore } from './lease-store.js';
import { Leadership } from './leadership.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(10);
  }
  return Date.now() - started;
}

/** A lease store that can lose its database, as a crashed or cut-off instance does. */
class SeveredLeaseStore extends LeaseStore {
  severed = false;

  override acquire(name: string, holder: string, ttlMs: number, takeOver = false): Promise<boolean> {
    if (this.severed) return Promise.reject(new Error('connection terminated'));
    return super.acquire(name, holder, ttlMs, takeOver);
  }

  override release(name: string, holder: string): Promise<void> {
    if (this.severed) return Promise.reject(new Error('connection terminated'));
    return super.release(name, holder);
  }
}

interface Instance {
  leadership: Leadership;
  store: SeveredLeaseStore;
  /** The job runs between elected and deposed. */
  running: boolean;
  elections: number;
}

describe.each(databaseTargets)('leases and leadership on $name', (target) => {
  let handle: TestDatabaseHandle;
  let instances: Instance[];

  const instance = (
    holder: string,
    ttlMs: number,
    options: { failElection?: () => boolean } = {},
  ): Instance => {
    const store = new SeveredLeaseStore(handle.database);
    const created: Instance = {
      store,
      running: false,
      elections: 0,
      leadership: null as unknown as Leadership,
    };
    created.leadership = new Leadership(store, {
      lease: 'job',
      holder,
      ttlMs,
      onElected: async () => {
        created.elections += 1;
        if (options.failElection?.()) throw new Error('could not start the job');
        created.running = true;
      },
      onDeposed: async () => {
        created.running = false;
      },
    });
    instances.push(created);
    return created;
  };

  beforeEach(async () => {
    handle = await target.create();
    instances = [];
  });
  afterEach(async () => {
    for (const { store, leadership } of instances) {
      store.severed = false;
      await leadership.stop();
    }
    await handle.dispose();
  });

  it('gives a lease to one holder at a time, lets the holder renew it, and frees it on release or expiry', async () => {
    const leases = new LeaseStore(handle.database);
    expect(await leases.acquire('job', 'a', 60_000)).toBe(true);
    expect(await leases.acquire('job', 'b', 60_000)).toBe(false);
    expect(await leases.acquire('other-job', 'b', 60_000)).toBe(true);
    const first = await leases.current('job');
    expect(await leases.acquire('job', 'a', 60_000)).toBe(true);
    expect(await leases.current('job')).toMatchObject({ holder: 'a', acquiredAt: first!.acquiredAt });

    await leases.release('job', 'b');
    expect((await leases.current('job'))?.holder).toBe('a');
    await leases.release('job', 'a');
    expect(await leases.current('job')).toBeNull();

    expect(await leases.acquire('job', 'b', 50)).toBe(true);
    expect(await leases.acquire('job', 'c', 60_000)).toBe(false);
    await sleep(120);
    expect(await leases.current('job')).toBeNull();
    expect(await leases.acquire('job', 'c', 60_000)).toBe(true);
    expect(await leases.acquire('job', 'd', 60_000, true)).toBe(true);
    expect((await leases.current('job'))?.holder).toBe('d');
  });

  it('elects exactly one of several instances, and hands over at once on a clean stop', async () => {
    const all = [instance('a', 2_000), instance('b', 2_000), instance('c', 2_000)];
    await Promise.all(all.map((one) => one.leadership.start()));
    await sleep(600);
    expect(all.filter((one) => one.leadership.isLeader)).toHaveLength(1);
    expect(all.filter((one) => one.running)).toHaveLength(1);
    const leader = all.find((one) => one.leadership.isLeader)!;
    expect((await new LeaseStore(handle.database).current('job'))?.holder).toBe(leader.leadership.holder);

    await leader.leadership.stop();
    expect(leader.running).toBe(false);
    const rest = all.filter((one) => one !== leader);
    // Released, not expired: the next attempt (a quarter of the TTL) takes it.
    const waited = await until(() => rest.some((one) => one.running), 1_500);
    expect(waited).toBeLessThan(1_500);
    expect(rest.filter((one) => one.leadership.isLeader)).toHaveLength(1);
  });

  it('lets another instance take over within about one TTL when the leader loses the database, and stops the old leader', async () => {
    const a = instance('a', 400);
    await a.leadership.start();
    expect(a.running).toBe(true);
    const b = instance('b', 400);
    await b.leadership.start();
    expect(b.running).toBe(false);

    a.store.severed = true;
    const takeover = await until(() => b.running, 3_000);
    expect(takeover).toBeLessThan(3_000);
    // The cut-off leader gave up its job once its lease had surely expired.
    await until(() => !a.running, 1_000);
    expect(a.leadership.isLeader).toBe(false);

    // When it gets the database back, it finds the lease taken and stays a follower.
    a.store.severed = false;
    await sleep(400);
    expect(a.running).toBe(false);
    expect(b.running).toBe(true);
  });

  it('stops a leader at its next renewal when it finds that another instance holds its lease', async () => {
    const a = instance('a', 2_000);
    await a.leadership.start();
    expect(a.running).toBe(true);
    // As after a stall longer than the TTL, during which another instance took the lease.
    expect(await new LeaseStore(handle.database).acquire('job', 'intruder', 60_000, true)).toBe(true);
    // Renewals come every quarter TTL (500 ms); waiting out its own TTL would take 2 s.
    const noticed = await until(() => !a.running, 1_900);
    expect(noticed).toBeLessThan(1_900);
    expect(a.leadership.isLeader).toBe(false);
    await sleep(600);
    expect(a.running).toBe(false);
    expect((await new LeaseStore(handle.database).current('job'))?.holder).toBe('intruder');
  });

  it('hands the lease back when the job fails to start, and tries again', async () => {
    let failures = 2;
    const a = instance('a', 300, { failElection: () => failures-- > 0 });
    await a.leadership.start();
    expect(a.running).toBe(false);
    await until(() => a.running, 2_000);
    expect(a.elections).toBe(3);
  });

  it('takes the lease over at start-up when told to (one process per embedded data directory)', async () => {
    expect(await new LeaseStore(handle.database).acquire('job', 'crashed-predecessor', 60_000)).toBe(true);
    const store = new LeaseStore(handle.database);
    let running = false;
    const successor = new Leadership(store, {
      lease: 'job',
      holder: 'successor',
      ttlMs: 60_000,
      takeOverAtStart: true,
      onElected: async () => {
        running = true;
      },
      onDeposed: async () => {
        running = false;
      },
    });
    await successor.start();
    expect(running).toBe(true);
    await successor.stop();
    expect(running).toBe(false);
    expect(await store.current('job')).toBeNull();
  });
});
