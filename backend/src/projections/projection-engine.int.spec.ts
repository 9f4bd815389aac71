import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { databaseTargets, type TestDatabaseHandle } from '../../test/support/databases.js';
import { eventually } from '../../test/support/waiting.js';
import type {
  EventStore,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
  SubscriptionHandler,
} from '../event-store/event-store.port.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { inPool } from '../platform/pool-scope/pool-scope.js';
import type { Database } from '../platform/database/database.js';
import type { EventMetadata } from '../shared/domain/event.js';
import { poolIdColumn, type Projection, type ReadModelChange } from './projection.js';
import { ProjectionEngine, ReadModelsBehindError } from './projection-engine.js';

const metadata: EventMetadata = {
  actor: 'tester',
  correlationId: 'c',
  causationId: null,
  occurredAt: '2025-08-01T00:00:00.000Z',
  source: 'system',
};

/**
 * Counts events per type with `count = count + 1`: deliberately NOT idempotent, so any event
 * applied twice (or skipped) shows up in the totals.
 */
function countingProjection(
  options: { version?: number; failOn?: { id: string }; seasons?: 'archived' | 'kept' } = {},
): Projection {
  return {
    name: 'counts',
    version: options.version ?? 1,
    tables: [
      {
        name: 'test_counts',
        ...(options.seasons ? { seasons: options.seasons } : {}),
        ddl: (t) => [
          `CREATE TABLE ${t} (${poolIdColumn}, type text NOT NULL, count integer NOT NULL, last_value integer, PRIMARY KEY (pool_id, type))`,
        ],
      },
    ],
    eventTypes: ['Counted', 'Other'],
    async apply(event: RecordedEvent, { sql, table }) {
      if (options.failOn && (event.data as { id?: string }).id === options.failOn.id) {
        throw new Error('simulated crash in the middle of a batch');
      }
      const value = (event.data as { value: number }).value;
      await sql.query(
        `INSERT INTO ${table('test_counts')} (type, count, last_value) VALUES ($1, 1, $2)
         ON CONFLICT (pool_id, type) DO UPDATE SET count = ${table('test_counts')}.count + 1, last_value = EXCLUDED.last_value`,
        [event.type, value],
      );
    },
    queryKeysFor: (event) => [['counts', event.type]],
  };
}

async function counts(database: Database): Promise<Record<string, number>> {
  const { rows } = await database.query<{ type: string; count: number }>(
    'SELECT type, count FROM test_counts ORDER BY type',
  );
  return Object.fromEntries(rows.map((r) => [r.type, r.count]));
}

/** A counting projection of its own name and table (`test_{name}`), failing on the event `failOn`. */
const named = (name: string, failOn?: string): Projection => ({
  ...countingProjection(failOn ? { failOn: { id: failOn } } : {}),
  name,
  tables: [
    {
      name: `test_${name}`,
      ddl: (t) => [
        `CREATE TABLE ${t} (${poolIdColumn}, type text NOT NULL, count integer NOT NULL, last_value integer, PRIMARY KEY (pool_id, type))`,
      ],
    },
  ],
  async apply(event, { sql, table }) {
    if (failOn && (event.data as { id?: string }).id === failOn) throw new Error(`${name} crashed`);
    await sql.query(
      `INSERT INTO ${table(`test_${name}`)} (type, count) VALUES ($1, 1)
       ON CONFLICT (pool_id, type) DO UPDATE SET count = ${table(`test_${name}`)}.count + 1`,
      [event.type],
    );
  },
});

describe.each(databaseTargets)('projection engine on $name', (target) => {
  let handle: TestDatabaseHandle;
  let store: PostgresEventStore;
  let engines: ProjectionEngine[];

  // Rebuilds replay in batches of the same size (small ones show a rebuild's steps).
  const engine = (projection: Projection, batchSize = 500) => {
    const created = new ProjectionEngine(
      handle.database,
      store,
      [projection],
      undefined,
      batchSize,
      batchSize,
    );
    engines.push(created);
    return created;
  };

  async function appendMany(
    count: number,
    type = 'Counted',
    extra: Record<string, unknown> = {},
  ): Promise<bigint> {
    let position = 0n;
    for (let i = 0; i < count; i++) {
      ({ position } = await store.append(
        `s-${randomUUID()}`,
        [{ type, data: { value: i, ...extra }, metadata }],
        'no_stream',
      ));
    }
    return position;
  }

  const countOf = async (name: string) =>
    (
      await handle.database.query<{ count: number }>(
        `SELECT coalesce(sum(count), 0)::int AS count FROM test_${name}`,
      )
    ).rows[0]?.count ?? 0;

  beforeEach(async () => {
    handle = await target.create();
    store = new PostgresEventStore(handle.database, 20);
    engines = [];
  });
  afterEach(async () => {
    for (const e of engines) await e.stop();
    await store.close();
    await handle.dispose();
  });

  it('catches up at start, then follows live, announcing the changed query keys', async () => {
    await appendMany(3);
    const running = engine(countingProjection());
    const changes: ReadModelChange[] = [];
    running.onChanged((change) => changes.push(change));
    await running.start();
    await running.waitFor(await store.headPosition());
    expect(await counts(handle.database)).toEqual({ Counted: 3 });

    const head = await appendMany(2, 'Other');
    await running.waitFor(head);
    expect(await counts(handle.database)).toEqual({ Counted: 3, Other: 2 });
    expect(changes.flatMap((c) => c.queryKeys)).toEqual(
      expect.arrayContaining([
        ['counts', 'Counted'],
        ['counts', 'Other'],
      ]),
    );
    const [status] = await running.status();
    expect(status).toMatchObject({
      name: 'counts',
      position: head,
      head,
      lag: 0,
      state: 'live',
      generation: 1,
    });
  });

  it('answers a command without its read model after the timeout, rather than failing it; a failed projection still fails', async () => {
    const head = await appendMany(1);
    const idle = engine(countingProjection());
    // Not started: the projection never moves, as under a projector far behind at a rush.
    await expect(idle.waitFor(head, 30)).rejects.toBeInstanceOf(ReadModelsBehindError);
    await expect(idle.settle(head, undefined, 30)).resolves.toBe(false);
    await idle.start();
    await expect(idle.settle(head)).resolves.toBe(true);
    const broken = engine({
      name: 'broken',
      version: 1,
      tables: [{ name: 'test_broken', ddl: (t) => [`CREATE TABLE ${t} (${poolIdColumn}, id text)`] }],
      eventTypes: ['Counted'],
      apply: async (event) => {
        if ((event.data as { id?: string }).id === 'x') throw new Error('simulated crash');
      },
      queryKeysFor: () => [],
    });
    await broken.start();
    const bad = (
      await store.append(
        `s-${randomUUID()}`,
        [{ type: 'Counted', data: { value: 1, id: 'x' }, metadata }],
        'no_stream',
      )
    ).position;
    await expect(broken.settle(bad)).rejects.toThrow('simulated crash');
  });

  it('ends every wait for the read models at shutdown, leader or not, rather than holding requests open', async () => {
    const head = await appendMany(1);
    const leader = engine(countingProjection());
    await leader.start();
    await leader.waitFor(head);
    const follower = engine(countingProjection());
    // Positions the log never reaches, with waits far longer than any test: only close() ends them.
    const waits = [
      leader.waitFor(head + 100n, 3_600_000),
      leader.settle(head + 100n, undefined, 3_600_000),
      follower.waitFor(head + 100n, 3_600_000),
    ];
    leader.close();
    follower.close();
    await expect(waits[0]).rejects.toThrow(/Shutting down before the projections reached/);
    await expect(waits[1]).resolves.toBe(false);
    await expect(waits[2]).rejects.toBeInstanceOf(ReadModelsBehindError);
    // What has been reached is still answered at once.
    await expect(leader.settle(head)).resolves.toBe(true);
  });

  it("keeps a seasonal table's rows under the ending season when the next starts, reads them back, and rebuilds both", async () => {
    await appendMany(3);
    const running = engine(countingProjection({ seasons: 'archived' }));
    const changes: ReadModelChange[] = [];
    running.onChanged((change) => changes.push(change));
    await running.start();
    await store.append(
      'pool-seasons',
      [
        {
          type: 'SeasonStarted',
          data: { season: '2026-27', scope: '2026-27', previous: '2025-26' },
          metadata,
        },
      ],
      'any',
    );
    const head = await appendMany(2, 'Other');
    await running.waitFor(head);
    expect(await counts(handle.database)).toEqual({ Other: 2 });
    // Everything a browser shows changes with the season.
    expect(changes.flatMap((change) => change.queryKeys)).toEqual(
      expect.arrayContaining([['seasons'], ['leaderboards'], ['periods']]),
    );
    const past = await running.readSeason('2025-26', async (sql) => {
      const { rows } = await sql.query<{ type: string; count: number }>(
        'SELECT type, count FROM test_counts ORDER BY type',
      );
      return Object.fromEntries(rows.map((r) => [r.type, r.count]));
    });
    expect(past).toEqual({ Counted: 3 });
    // The temporary views are gone with the read: the live table is what the next query sees.
    expect(await counts(handle.database)).toEqual({ Other: 2 });
    expect((await running.verify('counts')).differences).toEqual([]);
    await running.rebuild('counts');
    expect(await counts(handle.database)).toEqual({ Other: 2 });
    expect(
      await running.readSeason(
        '2025-26',
        async (sql) => (await sql.query('SELECT * FROM test_counts')).rows.length,
      ),
    ).toBe(1);
  });

  it('hands a batching projection its events together, split at the start of a season, and sends personal keys to their user', async () => {
    const batches: string[][] = [];
    const batching: Projection = {
      ...countingProjection({ seasons: 'archived' }),
      async apply() {
        throw new Error('a projection with applyBatch is not applied one event at a time');
      },
      async applyBatch(events, { sql, table }) {
        batches.push(events.map((event) => event.type));
        for (const type of new Set(events.map((event) => event.type))) {
          await sql.query(
            `INSERT INTO ${table('test_counts')} (type, count) VALUES ($1, $2)
             ON CONFLICT (pool_id, type) DO UPDATE SET count = ${table('test_counts')}.count + EXCLUDED.count`,
            [type, events.filter((event) => event.type === type).length],
          );
        }
        return [
          { keys: [['counts'], ['choices', 1]], audience: 'u-1' },
          { keys: [['choices', 2]], audience: null },
        ];
      },
    };
    await appendMany(3);
    await store.append(
      'pool-seasons',
      [
        {
          type: 'SeasonStarted',
          data: { season: '2026-27', scope: '2026-27', previous: '2025-26' },
          metadata,
        },
      ],
      'any',
    );
    const head = await appendMany(2, 'Other');
    const running = engine(batching);
    const changes: ReadModelChange[] = [];
    running.onChanged((change) => changes.push(change));
    await running.start();
    await running.waitFor(head);
    // One read of the log, two batches: the season's archive lies between them.
    expect(batches).toEqual([
      ['Counted', 'Counted', 'Counted'],
      ['Other', 'Other'],
    ]);
    expect(await counts(handle.database)).toEqual({ Other: 2 });
    expect(
      await running.readSeason(
        '2025-26',
        async (sql) => (await sql.query('SELECT type, count FROM test_counts')).rows,
      ),
    ).toEqual([{ type: 'Counted', count: 3 }]);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.queryKeys).toEqual(expect.arrayContaining([['counts'], ['choices', 2], ['seasons']]));
    expect(changes[0]!.queryKeys).not.toContainEqual(['choices', 1]);
    expect(changes[0]!.userQueryKeys).toEqual([{ userId: 'u-1', queryKeys: [['choices', 1]] }]);

    batches.length = 0;
    await running.rebuild('counts');
    expect(batches).toEqual([
      ['Counted', 'Counted', 'Counted'],
      ['Other', 'Other'],
    ]);
    expect(await counts(handle.database)).toEqual({ Other: 2 });
    expect((await running.verify('counts')).differences).toEqual([]);
  });

  it('reads the log once for every projection it follows; one that fails stops alone, and one rebuilt rejoins', async () => {
    let active = 0;
    let most = 0;
    const counted: EventStore = Object.assign(Object.create(store) as EventStore, {
      subscribe: (handler: SubscriptionHandler, options: SubscribeOptions): Subscription => {
        const subscription = store.subscribe(handler, options);
        most = Math.max(most, ++active);
        return {
          get position() {
            return subscription.position;
          },
          stop: async () => {
            await subscription.stop();
            active--;
          },
        };
      },
    });
    await appendMany(5);
    const running = new ProjectionEngine(handle.database, counted, [
      named('one'),
      named('two', 'poison'),
      named('three'),
    ]);
    engines.push(running);
    await running.start();
    await running.waitFor(await store.headPosition());
    const poisoned = (
      await store.append(
        's-poison',
        [{ type: 'Counted', data: { id: 'poison', value: 0 }, metadata }],
        'no_stream',
      )
    ).position;
    const head = await appendMany(3);
    await running.waitFor(head, 10_000, ['one', 'three']);
    expect([await countOf('one'), await countOf('two'), await countOf('three')]).toEqual([9, 5, 9]);
    await expect(running.waitFor(poisoned, 10_000, ['two'])).rejects.toThrow('two crashed');
    // Rebuilt, it rejoins the one reader.
    await running.rebuild('one');
    const later = await appendMany(2);
    await running.waitFor(later, 10_000, ['one', 'three']);
    expect([await countOf('one'), await countOf('three')]).toEqual([11, 11]);
    await running.stop();
    // A new projection starts from the beginning, far behind the others: the reader goes back for it.
    const next = new ProjectionEngine(handle.database, counted, [named('one'), named('four')]);
    engines.push(next);
    await next.start();
    await next.waitFor(later);
    expect([await countOf('one'), await countOf('four')]).toEqual([11, 11]);
    expect(most).toBe(1);
  });

  it('rebuilds several projections in one pass over the log, each from the events it applies, and switches them together', async () => {
    await appendMany(5);
    await appendMany(3, 'Other');
    const others: Projection = { ...named('others'), eventTypes: ['Other'] };
    const projections = [named('one'), others, named('three')];
    const reads: number[] = [];
    const counted: EventStore = Object.assign(Object.create(store) as EventStore, {
      readAll: async (options: Parameters<EventStore['readAll']>[0]) => {
        const events = await store.readAll(options);
        // The rebuild's reads (the live feed reads in batches of 3).
        if (options.maxCount === 4) reads.push(events.length);
        return events;
      },
    });
    const running = new ProjectionEngine(handle.database, counted, projections, undefined, 3, 4);
    engines.push(running);
    await running.start();
    await running.waitFor(await store.headPosition());
    reads.length = 0;
    const progress: bigint[] = [];
    await running.rebuild(['one', 'others', 'three'], (p) => progress.push(p.position));
    // 8 events in batches of 4, then the empty read that ends the pass: once, not once per projection.
    expect(reads).toEqual([4, 4, 0]);
    expect(progress.at(-1)).toBe(await store.headPosition());
    expect([await countOf('one'), await countOf('others'), await countOf('three')]).toEqual([8, 3, 8]);
    expect((await running.status()).map((s) => [s.name, s.generation, s.state, s.lag])).toEqual([
      ['one', 2, 'live', 0],
      ['others', 2, 'live', 0],
      ['three', 2, 'live', 0],
    ]);
    for (const name of ['one', 'others', 'three'])
      expect((await running.verify(name)).differences).toEqual([]);
    const head = await appendMany(1, 'Other');
    await running.waitFor(head);
    expect([await countOf('one'), await countOf('others'), await countOf('three')]).toEqual([9, 4, 9]);
  });

  it('never double-counts or skips when processing crashes in the middle of a batch', async () => {
    await appendMany(5);
    const poison = randomUUID();
    const position = (
      await store.append(
        `s-${poison}`,
        [{ type: 'Counted', data: { id: poison, value: 99 }, metadata }],
        'no_stream',
      )
    ).position;
    await appendMany(4);

    const crashing = engine(countingProjection({ failOn: { id: poison } }), 3);
    await crashing.start();
    await eventually('the projection to fail', async () => (await crashing.status())[0]!.state === 'failed');
    const [failed] = await crashing.status();
    expect(failed!.state).toBe('failed');
    // The batch holding the poison event was rolled back as a whole, checkpoint included.
    expect(failed!.position < position).toBe(true);
    const partial = (await counts(handle.database)).Counted ?? 0;
    expect(partial).toBeLessThan(6);
    await crashing.stop();

    const restarted = engine(countingProjection(), 3);
    await restarted.start();
    await restarted.waitFor(await store.headPosition());
    expect(await counts(handle.database)).toEqual({ Counted: 10 });
  });

  it('rebuilds into fresh tables that equal the live ones, serving the old tables meanwhile', async () => {
    await appendMany(7);
    await appendMany(3, 'Other');
    const running = engine(countingProjection(), 2);
    await running.start();
    await running.waitFor(await store.headPosition());
    const live = await counts(handle.database);
    expect(live).toEqual({ Counted: 7, Other: 3 });

    const progress: bigint[] = [];
    await running.rebuild('counts', (p) => progress.push(p.position));
    expect(progress.length).toBeGreaterThan(2);
    expect(progress[progress.length - 1]).toBe(await store.headPosition());
    expect(await counts(handle.database)).toEqual(live);
    const [status] = await running.status();
    expect(status!.generation).toBe(2);
    const { rows } = await handle.database.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_name LIKE 'test_counts__g%' ORDER BY 1",
    );
    // The new generation's table and its pool view; the old generation is gone.
    expect(rows.map((r) => r.name)).toEqual(['test_counts__g2', 'test_counts__g2__pool']);

    // Live processing continues on the new generation.
    const head = await appendMany(2);
    await running.waitFor(head);
    expect(await counts(handle.database)).toEqual({ Counted: 9, Other: 3 });
  });

  it('keeps serving the old generation until the rebuilt one is complete', async () => {
    await appendMany(6);
    const running = engine(countingProjection(), 2);
    await running.start();
    await running.waitFor(await store.headPosition());

    const observed: Record<string, number>[] = [];
    let sampling: Promise<void> = Promise.resolve();
    await running.rebuild('counts', () => {
      sampling = sampling.then(async () => {
        observed.push(await counts(handle.database));
      });
    });
    await sampling;
    expect(observed.length).toBeGreaterThan(1);
    for (const snapshot of observed) expect(snapshot).toEqual({ Counted: 6 });
  });

  it('rebuilds a projection at start when its version changed', async () => {
    await appendMany(4);
    const v1 = engine(countingProjection({ version: 1 }));
    await v1.start();
    await v1.waitFor(await store.headPosition());
    await v1.stop();

    const v2 = engine(countingProjection({ version: 2 }));
    await v2.start();
    await eventually('version 2 rebuilt and live', async () => {
      const [status] = await v2.status();
      return status!.storedVersion === 2 && status!.state === 'live';
    });
    const [status] = await v2.status();
    expect(status).toMatchObject({ storedVersion: 2, generation: 2, state: 'live' });
    expect(await counts(handle.database)).toEqual({ Counted: 4 });
    const head = await appendMany(1);
    await v2.waitFor(head);
    expect(await counts(handle.database)).toEqual({ Counted: 5 });
  });

  it("keeps each pool's rows apart, also within one batch, and shows a reader its own pool's", async () => {
    const inPoolOf = (pool: string) => ({ ...metadata, pool });
    const append = (pool: string | null, type = 'Counted') =>
      store.append(
        `s-${randomUUID()}`,
        [{ type, data: { value: 1 }, metadata: pool === null ? metadata : inPoolOf(pool) }],
        'no_stream',
      );
    for (const pool of [null, 'k1', 'k1', null, 'k2', 'k1']) await append(pool);
    await append('k2', 'Other');
    const running = engine(countingProjection(), 100);
    await running.start();
    await running.waitFor(await store.headPosition());

    expect(await counts(handle.database)).toEqual({ Counted: 2 });
    expect(await inPool('k1', () => counts(handle.database))).toEqual({ Counted: 3 });
    expect(await inPool('k2', () => counts(handle.database))).toEqual({ Counted: 1, Other: 1 });
    expect(await inPool('k3', () => counts(handle.database))).toEqual({});
    // A rebuild from the log gives every pool's rows back, as they were.
    expect((await running.verify('counts')).differences).toEqual([]);
  });

  it('verifies a projection against a rebuild from the log: equal tables, then a damaged live row is reported', async () => {
    await appendMany(5);
    await appendMany(2, 'Other');
    const running = engine(countingProjection(), 3);
    await running.start();
    await running.waitFor(await store.headPosition());

    const clean = await running.verify('counts');
    expect(clean).toMatchObject({
      projection: 'counts',
      position: await store.headPosition(),
      eventsApplied: 7,
      differences: [],
    });

    // A skipped event, as the old reader could leave behind: the live count is one short.
    await handle.database.query(`UPDATE test_counts SET count = count - 1 WHERE type = 'Counted'`);
    const damaged = await running.verify('counts');
    expect(damaged.differences).toEqual([
      {
        table: 'test_counts',
        onlyLive: 1,
        onlyRebuilt: 1,
        samples: [
          { side: 'live', row: { pool_id: '', type: 'Counted', count: 4, last_value: 4 } },
          { side: 'rebuilt', row: { pool_id: '', type: 'Counted', count: 5, last_value: 4 } },
        ],
      },
    ]);
    // The shadow tables are gone and the live side is untouched.
    const { rows } = await handle.database.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_name LIKE 'test_counts__verify%'",
    );
    expect(rows).toEqual([]);
    expect(await counts(handle.database)).toEqual({ Counted: 4, Other: 2 });
  });

  it('verifies at the live checkpoint while events keep arriving', async () => {
    await appendMany(20);
    const running = engine(countingProjection(), 4);
    await running.start();
    const arriving = appendMany(20, 'Other');
    const report = await running.verify('counts', () => undefined);
    await arriving;
    expect(report.differences).toEqual([]);
    await running.waitFor(await store.headPosition());
    expect((await running.verify('counts')).differences).toEqual([]);
  });
});
