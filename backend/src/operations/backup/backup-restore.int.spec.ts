import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { defaultRules } from '@treble/contracts';
import {
  registerAdmin,
  registerPlayer,
  restartableTestApp,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../../test/support/app.js';
import {
  databaseTargets,
  type ProvisionedDatabase,
  type TestDatabaseTarget,
} from '../../../test/support/databases.js';
import { PostgresEventStore } from '../../event-store/postgres-event-store.js';
import { Database } from '../../platform/database/database.js';
import { ProjectionEngine } from '../../projections/projection-engine.js';
import { projectionsFor } from '../../read-models.js';
import { BackupFileError, readBackup } from './backup-file.js';
import { backupPool, RestoreRefusedError, restorePool } from './pool-backup.js';
import { openedOver } from '../../event-store/personal-data.js';

type Snapshot = Record<string, string[]>;

/** Every row of every read table (through the projections' views), as sorted JSON lines. */
async function readTables(database: Database, tableNames: readonly string[]): Promise<Snapshot> {
  const snapshot: Snapshot = {};
  for (const name of tableNames) {
    const { rows } = await database.query(`SELECT * FROM "${name}"`);
    snapshot[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}

/** Waits until every projection has committed everything up to the head of the log. */
async function caughtUp(database: Database, head: bigint): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const { rows } = await database.query<{ position: string }>(
      'SELECT position FROM projection_checkpoints',
    );
    if (rows.length > 0 && rows.every((row) => BigInt(row.position) >= head)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`projections did not reach ${head}`);
}

describe.each(databaseTargets)('backup and restore of a whole pool on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;
  let ann: SignedIn;
  let directory: string;
  let file: string;
  let original: Snapshot;
  let restored: ProvisionedDatabase;
  // The rules shape the standings' contents, not their tables.
  const tableNames = projectionsFor(defaultRules).flatMap((projection) =>
    projection.tables.map((table) => table.name),
  );

  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'treble-backup-'));
    file = path.join(directory, 'pool.ndjson.gz');
    app = await startTestApp(target, {
      POOL_NOW: '2025-08-10T12:00:00Z',
      // The subscription below points to a stand-in push service, never called.
      PUSH_TEST_SERVICE_URL: 'https://push.example.test',
    });
    admin = await registerAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
    ann = await registerPlayer(app, admin, { firstName: 'Ann', lastName: 'Able' });
    const bob = await registerPlayer(app, admin, { firstName: 'Bob', lastName: 'Baker' });
    expect((await admin.request('POST', '/api/invites', { maxUses: 3 })).status).toBe(201);
    expect((await ann.request('PATCH', '/api/auth/user', { firstName: 'Annie' })).status).toBe(200);
    // What the log does not hold: Ann's notification choices, her browser's push subscription, the pool's keys.
    const choices = {
      timeZone: 'Europe/Berlin',
      reminder: { email: false, push: true },
      results: { email: true, push: false },
    };
    expect((await ann.request('PUT', '/api/notifications/settings', choices)).status).toBe(200);
    expect((await ann.request('GET', '/api/notifications/push/key')).status).toBe(200);
    expect(
      (
        await ann.request('POST', '/api/notifications/push/subscriptions', {
          endpoint: 'https://push.example.test/send/ann-1',
          keys: { p256dh: 'BP256dh-key', auth: 'auth-secret' },
        })
      ).status,
    ).toBe(204);
    expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
    expect((await admin.request('POST', '/api/admin/setup/options', {})).status).toBe(200);
    for (const [player, codes] of [
      [ann, ['ARS', 'LIV', 'MCI']],
      [bob, ['ARS', 'CHE']],
    ] as const) {
      for (const code of codes)
        expect(
          (await player.request('POST', '/api/choices', { periodId: 1, optionId: `1-${code}` })).status,
        ).toBe(201);
    }
    await bob.request('POST', '/api/choices', { periodId: 30, optionId: '30-TOT' });
    for (const [optionId, outcome] of [
      ['1-ARS', 'win'],
      ['1-LIV', 'draw'],
      ['1-CHE', 'loss'],
      ['30-TOT', 'win'],
    ]) {
      expect((await admin.request('POST', '/api/results', { force: true, optionId, outcome })).status).toBe(
        201,
      );
    }
    expect((await admin.request('POST', '/api/periods/1/complete', { force: true })).status).toBe(200);
    expect(
      (await admin.request('POST', '/api/results', { force: true, optionId: '1-MCI', outcome: 'loss' })).body,
    ).toMatchObject({ status: 'pending' });

    const source = app.app.get(Database);
    const store = new PostgresEventStore(source, 50);
    await caughtUp(source, await store.headPosition());
    original = await readTables(source, tableNames);
    const phases: string[] = [];
    await backupPool({
      database: source,
      store,
      file,
      appVersion: '9.9.9',
      onProgress: (p) => phases.push(p.phase),
    });
    expect(phases).toContain('events');
    expect(phases).toContain('credentials');

    // Restore into a new, empty database and rebuild its read tables, as `npm run restore` does.
    restored = await target.provision();
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
    // A whole pool made over HTTP, backed up, restored and rebuilt: slow on a busy embedded database.
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await restored?.cleanup();
    await fs.rm(directory, { recursive: true, force: true });
  });

  it('writes one gzipped NDJSON file: a header with counts, the events in log order, the credentials', async () => {
    const lines = [];
    for await (const line of readBackup(file)) lines.push(line);
    const header = lines[0] as {
      format: string;
      appVersion: string;
      counts: { events: number; credentials: number };
    };
    expect(header).toMatchObject({ format: 'treble-backup', formatVersion: 3, appVersion: '9.9.9' });
    const events = lines.filter((line) => 'kind' in line && line.kind === 'event');
    const credentials = lines.filter((line) => 'kind' in line && line.kind === 'credential');
    const rows = lines.filter((line) => 'kind' in line && line.kind === 'row') as Array<{
      table: string;
      row: Record<string, unknown>;
    }>;
    const keys = lines.filter((line) => 'kind' in line && line.kind === 'key');
    // Each person's key (docs/adr/017): the events hold their names sealed with it.
    expect(header.counts).toEqual({
      events: events.length,
      credentials: 3,
      rows: rows.length,
      keys: keys.length,
      erasures: 0,
    });
    expect(keys).toHaveLength(3);
    expect(JSON.stringify(events)).not.toContain('Annie');
    expect(rows.map((line) => line.table).sort()).toEqual([
      'notification_settings',
      'pool_secrets',
      'pool_secrets',
      'pool_secrets',
      'push_subscriptions',
    ]);
    expect(credentials).toHaveLength(3);
    expect(events.map((e) => (e as { type: string }).type)).toEqual(
      expect.arrayContaining(['UserRegistered', 'ChoiceMade', 'PeriodCompleted', 'ResultHeldPending']),
    );
    const positions = events.map((e) => BigInt((e as { position: string }).position));
    expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // Sessions are not part of a backup.
    expect(JSON.stringify(lines)).not.toContain('token_hash');
  });

  it('restores every read table row for row', async () => {
    const database = await Database.open({ url: restored.url, dataDir: restored.dataDir, poolSize: 1 });
    try {
      const copy = await readTables(database, tableNames);
      expect(Object.keys(copy)).toEqual(Object.keys(original));
      for (const name of tableNames) expect({ [name]: copy[name] }).toEqual({ [name]: original[name] });
      expect([original.persons!.length, original.members!.length]).toEqual([3, 3]);
      expect(original.audit_log!.length).toBeGreaterThan(50);
    } finally {
      await database.close();
    }
  });

  it('brings back the notification choices, push subscriptions and the pool keys', async () => {
    const source = app.app.get(Database);
    const side = async (database: Database) => ({
      settings: (await database.query('SELECT * FROM notification_settings ORDER BY user_id')).rows,
      subscriptions: (await database.query('SELECT * FROM push_subscriptions ORDER BY endpoint')).rows,
      secrets: (await database.query('SELECT * FROM pool_secrets ORDER BY name')).rows,
    });
    const before = await side(source);
    expect(before.settings).toEqual([
      expect.objectContaining({
        user_id: ann.user.id,
        time_zone: 'Europe/Berlin',
        reminder_email: false,
        results_push: false,
      }),
    ]);
    expect(before.subscriptions).toEqual([
      expect.objectContaining({ user_id: ann.user.id, endpoint: 'https://push.example.test/send/ann-1' }),
    ]);
    // The known-device key too: browsers that signed in before keep their way in after a restore.
    expect(before.secrets.map((row) => (row as { name: string }).name)).toEqual([
      'known-device-key',
      'unsubscribe',
      'vapid',
    ]);
    const database = await Database.open({ url: restored.url, dataDir: restored.dataDir, poolSize: 1 });
    try {
      expect(await side(database)).toEqual(before);
    } finally {
      await database.close();
    }
  });

  it('refuses to restore into a database that is not empty', async () => {
    const database = await Database.open({ url: restored.url, dataDir: restored.dataDir, poolSize: 1 });
    try {
      await expect(restorePool({ database, file })).rejects.toThrow(RestoreRefusedError);
      const { rows } = await database.query<{ n: string }>('SELECT count(*) AS n FROM events');
      expect(Number(rows[0]!.n)).toBe(original.audit_log!.length);
    } finally {
      await database.close();
    }
  });

  it('refuses a file that is not a backup, leaving the database empty', async () => {
    const bad = path.join(directory, 'bad.gz');
    await fs.writeFile(bad, gzipSync('{"hello":"world"}\n'));
    const handle = await target.create();
    try {
      await expect(restorePool({ database: handle.database, file: bad })).rejects.toThrow(BackupFileError);
      const { rows } = await handle.database.query<{ n: string }>('SELECT count(*) AS n FROM events');
      expect(Number(rows[0]!.n)).toBe(0);
    } finally {
      await handle.dispose();
    }
  });

  it('lets a restored player sign in and see the same standings, and keeps writing after the restored log', async () => {
    const onRestored: TestDatabaseTarget = {
      ...target,
      provision: async () => ({ ...restored, cleanup: async () => undefined }),
    };
    const restarted = await restartableTestApp(onRestored, { POOL_NOW: '2025-08-10T12:00:00Z' });
    const copy = await restarted.start();
    try {
      const client = copy.client();
      const login = await client.request('POST', '/api/auth/login', {
        email: ann.user.email,
        password: ann.password,
      });
      expect(login.status).toBe(200);
      expect((login.body as { user: { firstName: string } }).user.firstName).toBe('Annie');
      expect(
        (
          await copy.request('POST', '/api/auth/login', {
            email: ann.user.email,
            password: 'not the password',
          })
        ).status,
      ).toBe(401);
      expect((await client.request('GET', '/api/leaderboards/overall')).body).toEqual(
        (await ann.request('GET', '/api/leaderboards/overall')).body,
      );
      // Her notification choices and the pool's push key (her subscription was made for it) came back.
      expect((await client.request('GET', '/api/notifications/settings')).body).toEqual(
        (await ann.request('GET', '/api/notifications/settings')).body,
      );
      expect((await client.request('GET', '/api/notifications/push/key')).body).toEqual(
        (await ann.request('GET', '/api/notifications/push/key')).body,
      );
      // The next event goes after the restored ones: the sequence and stream versions were carried over.
      expect((await client.request('POST', '/api/choices', { periodId: 2, optionId: '2-ARS' })).status).toBe(
        201,
      );
    } finally {
      await copy.close();
      await restarted.dispose();
    }
  });
});
