import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresEventStore } from '../../src/event-store/postgres-event-store.js';
import { ProjectionEngine } from '../../src/projections/projection-engine.js';
import { poolIdColumn, type Projection } from '../../src/projections/projection.js';
import type { EventMetadata } from '../../src/shared/domain/event.js';
import { databaseTargets, type TestDatabaseHandle } from '../support/databases.js';

/**
 * Throughput benchmarks (`npm run bench`). They print rates; they assert only correctness, never
 * time, so a slow machine makes them slow, not red.
 */
const metadata: EventMetadata = {
  actor: 'bench',
  correlationId: 'bench',
  causationId: null,
  occurredAt: new Date(0).toISOString(),
  source: 'system',
};

const tallyProjection: Projection = {
  name: 'bench_tally',
  version: 1,
  tables: [
    {
      name: 'bench_tally',
      ddl: (t) => [
        `CREATE TABLE ${t} (${poolIdColumn}, stream_id text NOT NULL, events integer NOT NULL, PRIMARY KEY (pool_id, stream_id))`,
      ],
    },
  ],
  eventTypes: ['Tallied'],
  async apply(event, { sql, table }) {
    await sql.query(
      `INSERT INTO ${table('bench_tally')} (stream_id, events) VALUES ($1, 1)
       ON CONFLICT (pool_id, stream_id) DO UPDATE SET events = ${table('bench_tally')}.events + 1`,
      [event.streamId],
    );
  },
  queryKeysFor: () => [],
};

function rate(count: number, started: bigint): string {
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return `${count} in ${seconds.toFixed(2)} s = ${Math.round(count / seconds)}/s`;
}

describe.each(databaseTargets)('event store and projections throughput on $name', (target) => {
  let handle: TestDatabaseHandle;
  let store: PostgresEventStore;
  const streams = Array.from({ length: 200 }, () => `bench-${randomUUID()}`);
  const perStream = 10;

  beforeAll(async () => {
    handle = await target.create();
    store = new PostgresEventStore(handle.database, 20);
  });
  afterAll(async () => {
    await store.close();
    await handle.dispose();
  });

  it('appends events one command at a time, 8 writers in parallel', async () => {
    const started = process.hrtime.bigint();
    const writers = Array.from({ length: 8 }, async (_, w) => {
      for (let s = w; s < streams.length; s += 8) {
        let version: number | 'no_stream' = 'no_stream';
        for (let i = 0; i < perStream; i++) {
          version = (await store.append(streams[s]!, [{ type: 'Tallied', data: { i }, metadata }], version))
            .nextExpectedVersion;
        }
      }
    });
    await Promise.all(writers);
    console.log(`[bench ${target.name}] appends: ${rate(streams.length * perStream, started)}`);
    expect(await store.countAfter(0n)).toBe(streams.length * perStream);
  });

  it('rebuilds a projection from the log in batches', async () => {
    const engine = new ProjectionEngine(handle.database, store, [tallyProjection], undefined, 500);
    const started = process.hrtime.bigint();
    await engine.rebuild('bench_tally');
    console.log(`[bench ${target.name}] rebuild: ${rate(streams.length * perStream, started)}`);
    const { rows } = await handle.database.query<{ total: string }>(
      'SELECT sum(events) AS total FROM bench_tally',
    );
    expect(Number(rows[0]!.total)).toBe(streams.length * perStream);
  });
});
