import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { databaseTargets, type TestDatabaseHandle } from '../../../test/support/databases.js';
import { LeaseStore } from './lease-store.js';
import { Leadership, type LeadershipClock } from './leadership.js';

/**
 * The leaderships' time, stepped by the test: `advance` moves it on, runs the attempts that fall
 * due and resolves once each has finished (it has scheduled its next one). Lease expiry is on the
 * database's clock; a test that lets a lease run out expires it there (`expireLease`).
 */
class ManualClock implements LeadershipClock {
  private time = 0;
  private readonly tasks = new Set<{ at: number; task: () => void }>();
  private onSchedule: (() => void) | null = null;

  now(): number {
    return this.time;
  }

  schedule(task: () => void, ms: number): () => void {
    const entry = { at: this.time + ms, task };
    this.tasks.add(entry);
    this.onSchedule?.();
    return () => this.tasks.delete(entry);
  }

  async advance(ms: number): Promise<void> {
    this.time += ms;
    const due = [...this.tasks].filter((entry) => entry.at <= this.time);
    let pending = due.length;
    const done = new Promise<void>((resolve) => {
      this.onSchedule = () => {
        pending -= 1;
        if (pending === 0) resolve();
      };
      if (pending === 0) resolve();
    });
    for (const entry of due) {
      this.tasks.delete(entry);
      entry.task();
    }
    await done;
    this.onSchedule = null;
  }
}

/** A lease store that can lose its database, as a crashed or cut-off instance does. */
class SeveredLeaseStore extends LeaseStore {
  severed = false;
  private releaseWaiters: (() => void)[] = [];

  override acquire(name: string, holder: string, ttlMs: number, takeOver = false): Promise<boolean> {
    if (this.severed) return Promise.reject(new Error('connection terminated'));
    return super.acquire(name, holder, ttlMs, takeOver);
  }

  override async release(name: string, holder: string): Promise<void> {
    if (this.severed) throw new Error('connection terminated');
    await super.release(name, holder);
    for (const resolve of this.releaseWaiters.splice(0)) resolve();
  }

  /** Resolves when the next release has been written. */
  nextRelease(): Promise<void> {
    return new Promise((resolve) => this.releaseWaiters.push(resolve));
  }
}

interface Instance {
  leadership: Leadership;
  store: SeveredLeaseStore;
  /** The job runs between elected and deposed. */
  running: boolean;
  elections: number;
}

/** With a TTL of a minute, every instance tries again each quarter of it. */
const ttlMs = 60_000;
const renewMs = ttlMs / 4;

describe.each(databaseTargets)('leases and leadership on $name', (target) => {
  let handle: TestDatabaseHandle;
  let clock: ManualClock;
  let instances: Instance[];

  const instance = (holder: string, options: { failElection?: () => boolean } = {}): Instance => {
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
      clock,
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

  /** The lease's time is up on the database's clock, as it is once its TTL has passed. */
  const expireLease = (name: string) =>
    handle.database.query(
      "UPDATE cluster_leases SET expires_at = clock_timestamp() - interval '1 millisecond' WHERE name = $1",
      [name],
    );
  const holderOf = async (name: string) =>
    (await new LeaseStore(handle.database).current(name))?.holder ?? null;

  beforeEach(async () => {
    handle = await target.create();
    clock = new ManualClock();
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
    const granted = first!.expiresAt.getTime() - first!.acquiredAt.getTime();
    expect(granted).toBeGreaterThanOrEqual(60_000);
    expect(granted).toBeLessThan(61_000);
    expect(await leases.acquire('job', 'a', 60_000)).toBe(true);
    expect(await leases.current('job')).toMatchObject({ holder: 'a', acquiredAt: first!.acquiredAt });

    await leases.release('job', 'b');
    expect(await holderOf('job')).toBe('a');
    await leases.release('job', 'a');
    expect(await leases.current('job')).toBeNull();

    expect(await leases.acquire('job', 'b', 60_000)).toBe(true);
    expect(await leases.acquire('job', 'c', 60_000)).toBe(false);
    await expireLease('job');
    expect(await leases.current('job')).toBeNull();
    expect(await leases.acquire('job', 'c', 60_000)).toBe(true);
    expect(await leases.acquire('job', 'd', 60_000, true)).toBe(true);
    expect(await holderOf('job')).toBe('d');
    expect(await holderOf('other-job')).toBe('b');
  });

  it('elects exactly one of several instances, and hands over at the next attempt on a clean stop', async () => {
    const all = [instance('a'), instance('b'), instance('c')];
    await Promise.all(all.map((one) => one.leadership.start()));
    expect(all.filter((one) => one.leadership.isLeader)).toHaveLength(1);
    expect(all.filter((one) => one.running)).toHaveLength(1);
    const leader = all.find((one) => one.leadership.isLeader)!;
    expect(await holderOf('job')).toBe(leader.leadership.holder);

    // Every instance tries again: the leader renews, the others stay followers.
    await clock.advance(renewMs);
    expect(all.filter((one) => one.leadership.isLeader)).toEqual([leader]);
    expect(all.filter((one) => one.running)).toEqual([leader]);
    expect(leader.elections).toBe(1);

    await leader.leadership.stop();
    expect(leader.running).toBe(false);
    expect(await holderOf('job')).toBeNull();
    // Released, not expired: the next attempt (a quarter of the TTL) takes it.
    const rest = all.filter((one) => one !== leader);
    await clock.advance(renewMs);
    expect(rest.filter((one) => one.leadership.isLeader)).toHaveLength(1);
    expect(rest.filter((one) => one.running)).toHaveLength(1);
    expect(await holderOf('job')).toBe(rest.find((one) => one.running)!.leadership.holder);
  });

  it('keeps a leader that loses the database until its lease has surely expired, then lets another take over', async () => {
    const a = instance('a');
    await a.leadership.start();
    expect(a.running).toBe(true);
    const b = instance('b');
    await b.leadership.start();
    expect(b.running).toBe(false);

    a.store.severed = true;
    // A blip shorter than the TTL does not stop the job: a could not write anything meanwhile anyway.
    await clock.advance(renewMs);
    await clock.advance(renewMs);
    await clock.advance(renewMs);
    expect([a.running, a.leadership.isLeader, b.running]).toEqual([true, true, false]);

    // A whole TTL without a renewal: the lease has run out, a gives up its job and b takes it.
    await expireLease('job');
    await clock.advance(renewMs);
    expect([a.running, a.leadership.isLeader]).toEqual([false, false]);
    expect([b.running, b.leadership.isLeader]).toEqual([true, true]);
    expect(await holderOf('job')).toBe('b');

    // When a gets the database back, it finds the lease taken and stays a follower.
    a.store.severed = false;
    await clock.advance(renewMs);
    expect([a.running, b.running]).toEqual([false, true]);
    expect(a.elections).toBe(1);
    expect(await holderOf('job')).toBe('b');
  });

  it('stops a leader at its next renewal when it finds that another instance holds its lease', async () => {
    const a = instance('a');
    await a.leadership.start();
    expect(a.running).toBe(true);
    // As after a stall longer than the TTL, during which another instance took the lease.
    expect(await new LeaseStore(handle.database).acquire('job', 'intruder', 60_000, true)).toBe(true);
    // The next renewal (a quarter of the TTL) finds out; it does not wait out its own TTL.
    await clock.advance(renewMs);
    expect([a.running, a.leadership.isLeader]).toEqual([false, false]);
    await clock.advance(renewMs);
    expect(a.running).toBe(false);
    expect(await holderOf('job')).toBe('intruder');
  });

  it('hands the lease back when the job fails to start, and tries again', async () => {
    let failures = 2;
    const a = instance('a', { failElection: () => failures-- > 0 });
    await a.leadership.start();
    expect([a.running, a.elections]).toEqual([false, 1]);
    expect(await holderOf('job')).toBeNull();

    const handedBack = a.store.nextRelease();
    await clock.advance(renewMs);
    await handedBack;
    expect([a.running, a.elections]).toEqual([false, 2]);
    expect(await holderOf('job')).toBeNull();

    await clock.advance(renewMs);
    expect([a.running, a.elections]).toEqual([true, 3]);
    expect(await holderOf('job')).toBe('a');
  });

  it('takes the lease over at start-up when told to (one process per embedded data directory)', async () => {
    expect(await new LeaseStore(handle.database).acquire('job', 'crashed-predecessor', 60_000)).toBe(true);
    const store = new LeaseStore(handle.database);
    let running = false;
    const successor = new Leadership(store, {
      lease: 'job',
      holder: 'successor',
      ttlMs: 60_000,
      clock,
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
