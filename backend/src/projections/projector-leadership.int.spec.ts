import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { databaseTargets, type TestDatabaseHandle } from '../../test/support/databases.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import type { AppConfig } from '../platform/config/config.js';
import type { EventMetadata } from '../shared/domain/event.js';
import { poolIdColumn, type Projection } from './projection.js';
import { ProjectionEngine } from './projection-engine.js';
import { ProjectorLeadership } from './projector-leadership.js';

const metadata: EventMetadata = {
  actor: 'tester',
  correlationId: 'c',
  causationId: null,
  occurredAt: '2025-08-01T00:00:00.000Z',
  source: 'system',
};

/** Not idempotent on purpose: two instances applying the same event would count it twice. */
const counting: Projection = {
  name: 'counts',
  version: 1,
  tables: [
    {
      name: 'test_counts',
      ddl: (t) => [
        `CREATE TABLE ${t} (${poolIdColumn}, id integer NOT NULL, count integer NOT NULL, PRIMARY KEY (pool_id, id))`,
      ],
    },
  ],
  eventTypes: ['Counted'],
  async apply(_event, { sql, table }) {
    await sql.query(
      `INSERT INTO ${table('test_counts')} (id, count) VALUES (1, 1) ON CONFLICT (pool_id, id) DO UPDATE SET count = ${table('test_counts')}.count + 1`,
    );
  },
  queryKeysFor: () => [['counts']],
};

/** An engine that says when its leadership stopped it (an instance stepping down). */
class ObservedEngine extends ProjectionEngine {
  private stopWaiters: (() => void)[] = [];

  override async stop(): Promise<void> {
    await super.stop();
    for (const resolve of this.stopWaiters.splice(0)) resolve();
  }

  nextStop(): Promise<void> {
    return new Promise((resolve) => this.stopWaiters.push(resolve));
  }
}

/** Several app instances on one database: each with its own event store poller, engine and leadership. */
describe.each(databaseTargets)('projector leadership of several instances on $name', (target) => {
  let handle: TestDatabaseHandle;
  let instances: { store: PostgresEventStore; engine: ObservedEngine; leadership: ProjectorLeadership }[];

  const instance = () => {
    const store = new PostgresEventStore(handle.database, 20);
    const engine = new ObservedEngine(handle.database, store, [counting]);
    const leadership = new ProjectorLeadership(engine, handle.database, { leaderLeaseMs: 400 } as AppConfig);
    const created = { store, engine, leadership };
    instances.push(created);
    return created;
  };

  const append = async (count: number): Promise<bigint> => {
    let position = 0n;
    for (let i = 0; i < count; i++) {
      ({ position } = await instances[0]!.store.append(
        `s-${randomUUID()}`,
        [{ type: 'Counted', data: {}, metadata }],
        'no_stream',
      ));
    }
    return position;
  };

  const total = async (): Promise<number> => {
    const { rows } = await handle.database.query<{ count: number }>(
      'SELECT count FROM test_counts WHERE id = 1',
    );
    return rows[0]?.count ?? 0;
  };

  beforeEach(async () => {
    handle = await target.create();
    instances = [];
  });
  afterEach(async () => {
    for (const { leadership, store } of instances) {
      await leadership.stop();
      await store.close();
    }
    await handle.dispose();
  });

  it('runs the projections on one instance only; a follower waits on the shared checkpoint', async () => {
    const a = instance();
    const b = instance();
    await a.leadership.start();
    const aSteppedDown = a.engine.nextStop();
    await b.leadership.start();
    // One process at a time opens an embedded database, so there a starting instance takes the
    // lease over (its predecessor crashed); the old holder steps down at its next renewal.
    const embedded = handle.database.kind === 'embedded';
    const [leader, follower] = embedded ? [b, a] : [a, b];
    if (embedded) await aSteppedDown;
    expect([leader.leadership.isLeader, follower.leadership.isLeader]).toEqual([true, false]);
    expect((await follower.leadership.leader())?.holder).toBe(leader.leadership.instanceId);

    const head = await append(5);
    // Answered from the checkpoint row the leader commits with the read table.
    await follower.engine.waitFor(head);
    expect(await total()).toBe(5);
    // Only the leader projects: the follower's engine is stopped, and what comes next counts once.
    expect((await follower.engine.status())[0]!.state).toBe('stopped');
    expect((await leader.engine.status())[0]!.state).toBe('live');
    const next = await append(1);
    await leader.engine.waitFor(next);
    await follower.engine.waitFor(next);
    expect(await total()).toBe(6);
  });

  it('keeps projecting, without counting anything twice, when the leader stops and a follower takes over', async () => {
    const a = instance();
    const b = instance();
    await a.leadership.start();
    await b.leadership.start();
    await a.engine.waitFor(await append(3));

    await a.leadership.stop();
    expect(a.leadership.isLeader).toBe(false);
    const head = await append(4);
    // The released lease is taken at b's next attempt; b's engine then catches up from the checkpoint.
    await b.engine.waitFor(head, 5_000);
    expect(b.leadership.isLeader).toBe(true);
    expect(await total()).toBe(7);
  });

  it('makes a follower give up waiting when no instance is projecting', async () => {
    const a = instance();
    await a.leadership.start();
    await a.leadership.stop();
    const follower = instance();
    const head = await append(1);
    await expect(follower.engine.waitFor(head, 300)).rejects.toThrow(/not caught up/);
  });
});
