import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { LeaderboardEntry, SurvivorEntry } from '@treble/contracts';
import { EsdbEventStore } from '../../src/event-store/esdb/esdb-event-store.js';
import { MigrationRefusedError, migrateToEsdb } from '../../src/event-store/esdb/migrate-to-esdb.js';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { PostgresEventStore } from '../../src/event-store/postgres-event-store.js';
import { backupPool, restorePool } from '../../src/operations/backup/pool-backup.js';
import { Database } from '../../src/platform/database/database.js';
import { ProjectionEngine } from '../../src/projections/projection-engine.js';
import { projectionsFor, readEntities } from '../../src/read-models.js';
import {
  registerAdmin,
  registerPlayer,
  restartableTestApp,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../support/app.js';
import { databaseTargets } from '../support/databases.js';
import { EsdbStandIn } from '../support/esdb-standin/esdb-standin.js';
import { openedOver } from '../../src/event-store/personal-data.js';

const poolNow = { POOL_NOW: '2025-08-10T12:00:00Z' };

/** A small but real pool: an admin, three players, the season's periods and options, picks and results. */
async function playPool(app: TestApp): Promise<SignedIn> {
  const admin = await registerAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
  const ann = await registerPlayer(app, admin, { firstName: 'Ann', lastName: 'Able' });
  const bob = await registerPlayer(app, admin, { firstName: 'Bob', lastName: 'Baker' });
  const cy = await registerPlayer(app, admin, { firstName: 'Cy', lastName: 'Cole' });
  expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
  expect((await admin.request('POST', '/api/admin/setup/options', {})).status).toBe(200);
  const picks: [typeof ann, string[]][] = [
    [ann, ['ARS', 'LIV', 'MCI']],
    [bob, ['ARS', 'TOT']],
    [cy, ['CHE', 'MCI', 'NEW']],
  ];
  for (const [player, teams] of picks) {
    for (const team of teams) {
      expect(
        (await player.request('POST', '/api/choices', { periodId: 2, optionId: `2-${team}` })).status,
      ).toBe(201);
    }
  }
  for (const [team, outcome] of [
    ['ARS', 'win'],
    ['LIV', 'draw'],
    ['MCI', 'loss'],
    ['TOT', 'win'],
    ['CHE', 'loss'],
    ['NEW', 'win'],
  ] as const) {
    expect(
      (await admin.request('POST', '/api/results', { force: true, optionId: `2-${team}`, outcome })).status,
    ).toBe(201);
  }
  expect((await admin.request('POST', '/api/periods/2/complete', { force: true })).status).toBe(200);
  return ann;
}

type Tables = Record<string, string[]>;

/** Every row of every projection's tables (through their views), as sorted JSON lines. */
async function readTables(app: TestApp, positions: Map<string, string> = new Map()): Promise<Tables> {
  const database = app.app.get(Database);
  const tables: Tables = {};
  for (const projection of projectionsFor(app.config.rules)) {
    for (const table of projection.tables) {
      const { rows } = await database.query<Record<string, unknown>>(`SELECT * FROM "${table.name}"`);
      tables[table.name] = rows
        .map((row) => {
          // Tables that keep an event's position keep the log's own: read them as the source's.
          const position = row.position;
          const original =
            typeof position === 'string' || typeof position === 'number'
              ? positions.get(String(position))
              : undefined;
          return JSON.stringify(original === undefined ? row : { ...row, position: original });
        })
        .sort();
    }
  }
  return tables;
}

/** EventStoreDB position → the Postgres position the migration recorded in the event's metadata. */
function sourcePositions(standIn: EsdbStandIn): Map<string, string> {
  const map = new Map<string, string>();
  for (const event of standIn.events()) {
    if (event.customMetadata.length === 0) continue;
    const metadata = JSON.parse(Buffer.from(event.customMetadata).toString('utf8')) as {
      migratedFrom?: { position: string };
    };
    if (metadata.migratedFrom) map.set(event.position.toString(), metadata.migratedFrom.position);
  }
  return map;
}

async function caughtUp(app: TestApp): Promise<void> {
  const store = app.app.get<EventStore>(EVENT_STORE);
  await app.app.get(ProjectionEngine).waitFor(await store.headPosition(), 30_000);
}

describe.each(databaseTargets)('the app on EventStoreDB (stand-in) with read tables on $name', (target) => {
  let standIn: EsdbStandIn;
  let app: TestApp;

  beforeAll(async () => {
    standIn = await EsdbStandIn.start();
    app = await startTestApp(target, { ...poolNow, EVENTSTORE_URL: standIn.connectionString });
  });
  afterAll(async () => {
    await app?.close();
    await standIn?.stop();
  });

  it('registers, creates periods, takes picks and shows standings, with every event in EventStoreDB', async () => {
    const ann = await playPool(app);
    const health = (await app.request('GET', '/api/health')).body as { eventStore: { kind: string } };
    expect(health.eventStore.kind).toBe('eventstoredb');

    const leaderboard = (await ann.request('GET', '/api/leaderboards/overall')).body as LeaderboardEntry[];
    expect(leaderboard.map((row) => [row.firstName, row.totalPoints])).toEqual([
      ['Bob', 6],
      ['Ann', 4],
      ['Cy', 3],
    ]);
    const survivor = (await ann.request('GET', '/api/leaderboards/survivor')).body as SurvivorEntry[];
    expect(survivor.map((row) => row.firstName).sort()).toEqual(['Ann', 'Bob', 'Cy']);

    // The events went to EventStoreDB, none to the database's own events table.
    const types = new Set(standIn.events().map((event) => event.type));
    for (const type of ['ResultRecorded', 'PeriodCompleted']) expect(types.has(type)).toBe(true);
    const { rows } = await app.app
      .get(Database)
      .query<{ count: string }>('SELECT count(*) AS count FROM events');
    expect(Number(rows[0]!.count)).toBe(0);
  });
});

describe.each(databaseTargets)('migrating the event log from $name into EventStoreDB', (target) => {
  let standIn: EsdbStandIn;
  let source: TestApp;
  let onEsdb: TestApp | null = null;
  const stores: EsdbEventStore[] = [];
  const standIns: EsdbStandIn[] = [];

  beforeAll(async () => {
    standIn = await EsdbStandIn.start();
    standIns.push(standIn);
    source = await startTestApp(target, poolNow);
    await playPool(source);
    await caughtUp(source);
  });
  afterEach(async () => {
    await onEsdb?.close();
    onEsdb = null;
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    await source?.close();
    for (const server of standIns) await server.stop();
  });

  const esdb = (url = standIn.connectionString) => {
    const store = EsdbEventStore.connect(url);
    stores.push(store);
    return store;
  };
  const metadata = {
    actor: 'x',
    correlationId: 'c',
    causationId: null,
    occurredAt: '2025-08-01T00:00:00Z',
    source: 'system' as const,
  };

  it('copies every event in order, resumes after an interruption, and the read tables rebuilt from it equal the originals', async () => {
    const log = source.app.get<EventStore>(EVENT_STORE);
    const original = await log.readAll({ after: 0n, maxCount: 100_000 });
    expect(original.length).toBeGreaterThan(50);
    const targetStore = esdb();

    // A run that dies part-way (here: after its first batch) leaves a prefix behind…
    await expect(
      migrateToEsdb(log, targetStore, {
        batchSize: 20,
        onProgress: ({ done }) => {
          if (done > 0) throw new Error('interrupted');
        },
      }),
    ).rejects.toThrow('interrupted');
    const partial = await targetStore.readAll({ after: 0n, maxCount: 100_000 });
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(original.length);

    // …and the next run goes on after it.
    const report = await migrateToEsdb(log, targetStore, { batchSize: 20 });
    expect(report).toEqual({
      total: original.length,
      alreadyThere: partial.length,
      copied: original.length - partial.length,
    });
    expect(await migrateToEsdb(log, targetStore)).toEqual({
      total: original.length,
      alreadyThere: original.length,
      copied: 0,
    });

    const copied = await targetStore.readAll({ after: 0n, maxCount: 100_000 });
    expect(copied.map((e) => [e.id, e.streamId, e.version, e.type])).toEqual(
      original.map((e) => [e.id, e.streamId, e.version, e.type]),
    );
    expect(copied.map((e) => e.data)).toEqual(original.map((e) => e.data));
    expect(copied.map((e) => e.metadata)).toEqual(original.map((e) => e.metadata));
    expect(copied.map((e) => e.recordedAt.toISOString())).toEqual(
      original.map((e) => e.recordedAt.toISOString()),
    );

    // A fresh database whose projections are built from EventStoreDB alone.
    onEsdb = await startTestApp(target, { ...poolNow, EVENTSTORE_URL: standIn.connectionString });
    await caughtUp(onEsdb);
    const rebuilt = await readTables(onEsdb, sourcePositions(standIn));
    const originals = await readTables(source);
    expect(Object.values(originals).flat().length).toBeGreaterThan(20);
    expect(rebuilt).toEqual(originals);
  });

  it('switches a pool over: after the copy and a rebuild from EventStoreDB, the same database serves on with EVENTSTORE_URL', async () => {
    const otherServer = await EsdbStandIn.start();
    standIns.push(otherServer);
    const pool = await restartableTestApp(target, poolNow);
    try {
      const before = await pool.start();
      const ann = await playPool(before);
      await caughtUp(before);
      const standingsBefore = (await ann.request('GET', '/api/leaderboards/overall'))
        .body as LeaderboardEntry[];
      const tablesBefore = await readTables(before);
      const { config } = before;
      await before.close();

      // What `npm run events -- migrate --to esdb` does, with the app stopped.
      const database = await Database.open({
        url: config.databaseUrl,
        dataDir: config.dataDir,
        poolSize: 1,
        entities: readEntities,
      });
      const postgresLog = new PostgresEventStore(database);
      const targetStore = esdb(otherServer.connectionString);
      try {
        await migrateToEsdb(postgresLog, targetStore);
        // The copy holds sealed personal fields; the rebuild reads them opened (docs/adr/017).
        const engine = new ProjectionEngine(
          database,
          openedOver(targetStore, database),
          projectionsFor(config.rules),
        );
        await engine.rebuild(projectionsFor(config.rules).map(({ name }) => name));
        await engine.stop();
      } finally {
        await postgresLog.close();
        await database.close();
      }

      const after = await pool.start({ EVENTSTORE_URL: otherServer.connectionString });
      try {
        await caughtUp(after);
        expect(await readTables(after, sourcePositions(otherServer))).toEqual(tablesBefore);
        // Credentials stayed in the database: Ann signs in, sees the same standings and picks on.
        const annAgain = after.client();
        const signIn = await annAgain.request('POST', '/api/auth/login', {
          email: ann.user.email,
          password: ann.password,
        });
        expect(signIn.status).toBeLessThan(300);
        expect((await annAgain.request('GET', '/api/leaderboards/overall')).body).toEqual(standingsBefore);
        const logBefore = otherServer.events().length;
        const pick = await annAgain.request('POST', '/api/choices', { periodId: 3, optionId: '3-ARS' });
        expect(pick.status).toBe(201);
        const mine = (await annAgain.request('GET', '/api/choices/period/3')).body as { optionId: string }[];
        expect(mine.map((choice) => choice.optionId)).toEqual(['3-ARS']);
        // The pick went to EventStoreDB as a new event (no migration note).
        const written = otherServer.events().slice(logBefore);
        expect(written.length).toBeGreaterThan(0);
        expect(
          written.every(
            (event) => !Buffer.from(event.customMetadata).toString('utf8').includes('migratedFrom'),
          ),
        ).toBe(true);
      } finally {
        await after.close();
      }
    } finally {
      await pool.dispose();
    }
  });

  it('refuses a target that holds anything but a prefix of the source', async () => {
    const log = source.app.get<EventStore>(EVENT_STORE);
    const foreignServer = await EsdbStandIn.start();
    const longerServer = await EsdbStandIn.start();
    standIns.push(foreignServer, longerServer);

    const foreign = esdb(foreignServer.connectionString);
    await foreign.append('somebody-else', [{ type: 'Unrelated', data: {}, metadata }], 'no_stream');
    await expect(migrateToEsdb(log, foreign)).rejects.toBeInstanceOf(MigrationRefusedError);
    expect(await foreign.countAfter(0n)).toBe(1);

    // A complete copy with one more event after it is not a prefix either.
    const longer = esdb(longerServer.connectionString);
    const { total } = await migrateToEsdb(log, longer, { batchSize: 500 });
    await longer.append('afterwards', [{ type: 'Later', data: {}, metadata }], 'no_stream');
    await expect(migrateToEsdb(log, longer)).rejects.toThrow('more events than the source');
    expect(await longer.countAfter(0n)).toBe(total + 1);
  });
});

describe.each(databaseTargets)(
  'backing up a pool that runs on EventStoreDB (stand-in), read tables on $name',
  (target) => {
    let standIn: EsdbStandIn;
    let app: TestApp;
    let directory: string;

    beforeAll(async () => {
      standIn = await EsdbStandIn.start();
      app = await startTestApp(target, { ...poolNow, EVENTSTORE_URL: standIn.connectionString });
      directory = await fs.mkdtemp(path.join(os.tmpdir(), 'treble-esdb-backup-'));
    });
    afterAll(async () => {
      await app?.close();
      await standIn?.stop();
      if (directory) await fs.rm(directory, { recursive: true, force: true });
    });

    it('reads the log through the port; the file restores into a Postgres event store with the same standings and sign-ins', async () => {
      const ann = await playPool(app);
      await caughtUp(app);
      // EventStoreDB holds the players' addresses and names sealed, as Postgres does (docs/adr/017).
      const stored = standIn.events().map((event) => Buffer.from(event.data).toString('utf8'));
      expect(stored.some((data) => data.includes('"email":"pd1.'))).toBe(true);
      expect(stored.filter((data) => data.includes(ann.user.email) || data.includes('Able'))).toEqual([]);
      const file = path.join(directory, 'pool.ndjson.gz');
      const header = await backupPool({
        database: app.app.get(Database),
        store: app.app.get<EventStore>(EVENT_STORE),
        file,
        appVersion: 'test',
      });
      expect(header.counts.events).toBe(
        standIn.events().filter((event) => !event.type.startsWith('$')).length,
      );

      // As `npm run restore` does: an empty database, the file, then every read table rebuilt.
      const restored = await target.provision();
      try {
        const database = await Database.open({
          url: restored.url,
          dataDir: restored.dataDir,
          poolSize: restored.url ? 4 : 1,
        });
        try {
          await restorePool({ database, file });
          const engine = new ProjectionEngine(
            database,
            openedOver(new PostgresEventStore(database, 50), database),
            projectionsFor(app.config.rules),
          );
          await engine.rebuild(projectionsFor(app.config.rules).map(({ name }) => name));
          await engine.stop();
        } finally {
          await database.close();
        }
        const onRestored = {
          ...target,
          provision: async () => ({ ...restored, cleanup: async () => undefined }),
        };
        const restarted = await restartableTestApp(onRestored, poolNow);
        const copy = await restarted.start();
        try {
          const client = copy.client();
          expect(
            (
              await client.request('POST', '/api/auth/login', {
                email: ann.user.email,
                password: ann.password,
              })
            ).status,
          ).toBe(200);
          expect((await client.request('GET', '/api/leaderboards/overall')).body).toEqual(
            (await ann.request('GET', '/api/leaderboards/overall')).body,
          );
          expect((await client.request('GET', '/api/leaderboards/survivor')).body).toEqual(
            (await ann.request('GET', '/api/leaderboards/survivor')).body,
          );
        } finally {
          await copy.close();
          await restarted.dispose();
        }
      } finally {
        await restored.cleanup();
      }
    }, 240_000);
  },
);
