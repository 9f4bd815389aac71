import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import type { LeaderboardEntry } from '@treble/contracts';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { PostgresEventStore } from '../../src/event-store/postgres-event-store.js';
import { backupPool, readErasureList, restorePool } from '../../src/operations/backup/pool-backup.js';
import { Database } from '../../src/platform/database/database.js';
import { ProjectionEngine } from '../../src/projections/projection-engine.js';
import {
  registerAdmin,
  registerPlayer,
  restartableTestApp,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../support/app.js';
import { databaseTargets, serverTarget } from '../support/databases.js';
import { personalDataIn } from '../support/personal-data-scan.js';

/*
 * An erasure is never left half done (docs/adr/017): one interrupted by a crash is finished at the
 * next start; a backup made before it, restored with a later erasure list, does not bring the
 * person back; and on a Postgres server with many connections, sign-ins, picks and a second
 * erasure racing it neither fail it nor leave anything of the person behind.
 */
const email = 'pim.vandersloot@example.com';
const needles = [email, 'Pimmeke', 'Vandersloot'];
const settle = async (app: TestApp) =>
  app.app.get(ProjectionEngine).waitFor(await app.app.get<EventStore>(EVENT_STORE).headPosition());
const overall = async (client: Pick<SignedIn, 'request'>) =>
  ((await client.request('GET', '/api/leaderboards/overall')).body as LeaderboardEntry[]).map((row) => [
    row.displayName,
    row.totalPoints,
  ]);

/** A pool where Pim has picked and scored: Ada admin, Pim and Bob players. */
async function poolWithPim(app: TestApp) {
  const ada = await registerAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
  const pim = await registerPlayer(app, ada, { email, firstName: 'Pimmeke', lastName: 'Vandersloot' });
  const bob = await registerPlayer(app, ada, { firstName: 'Bob', lastName: 'Baker' });
  expect((await ada.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
  expect((await ada.request('POST', '/api/admin/setup/options', {})).status).toBe(200);
  expect((await pim.request('POST', '/api/choices', { periodId: 1, optionId: '1-ARS' })).status).toBe(201);
  expect((await bob.request('POST', '/api/choices', { periodId: 1, optionId: '1-LIV' })).status).toBe(201);
  app.clock!.set(new Date('2025-08-19T12:00:00Z'));
  expect((await ada.request('POST', '/api/results', { optionId: '1-ARS', outcome: 'win' })).status).toBe(201);
  expect((await ada.request('POST', '/api/results', { optionId: '1-LIV', outcome: 'draw' })).status).toBe(
    201,
  );
  await settle(app);
  return { ada, pim, bob };
}

const afterErasure = [
  ['Former player 1', 3],
  ['Bob Baker', 1],
];

describe.each(databaseTargets)('an erasure never left half done, on $name', (target) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('finishes an erasure a crash interrupted, at the next start', async () => {
    const database = await restartableTestApp(target, { POOL_NOW: '2025-08-10T12:00:00Z' });
    cleanups.push(() => database.dispose());
    const first = await database.start();
    const { pim, bob } = await poolWithPim(first);
    // The crash: the erasure was recorded and her password deleted, nothing after.
    await first.app
      .get(Database)
      .query(`INSERT INTO erasures (person_id, requested_by, requested_at) VALUES ($1, $1, now())`, [
        pim.user.id,
      ]);
    await first.app.get(Database).query('DELETE FROM user_credentials WHERE user_id = $1', [pim.user.id]);
    await first.close();

    const second = await database.start({ POOL_NOW: '2025-08-19T12:00:00Z' });
    cleanups.push(() => second.close());
    await settle(second);
    const { rows } = await second.app
      .get(Database)
      .query<{ done: boolean }>(
        'SELECT completed_at IS NOT NULL AS done FROM erasures WHERE person_id = $1',
        [pim.user.id],
      );
    expect(rows).toEqual([{ done: true }]);
    expect(await personalDataIn(second.app.get(Database), needles)).toEqual([]);
    const signIn = (who: SignedIn) => ({ email: who.user.email, password: who.password });
    expect((await second.request('POST', '/api/auth/login', signIn(pim))).status).toBe(401);
    const reader = second.client();
    expect((await reader.request('POST', '/api/auth/login', signIn(bob))).status).toBe(200);
    expect(await overall(reader)).toEqual(afterErasure);
    const engine = second.app.get(ProjectionEngine);
    for (const projection of engine.projections)
      expect([projection.name, (await engine.verify(projection.name)).differences]).toEqual([
        projection.name,
        [],
      ]);
  }, 120_000);

  it('does not bring an erased person back from a backup made before the erasure', async () => {
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'treble-erasure-restore-'));
    cleanups.push(async () => fs.rmSync(files, { recursive: true, force: true }));
    const source = await startTestApp(target, { POOL_NOW: '2025-08-10T12:00:00Z' });
    cleanups.push(() => source.close());
    const { ada, pim } = await poolWithPim(source);
    const backup = async (name: string) => {
      const file = path.join(files, name);
      const database = source.app.get(Database);
      await backupPool({ database, store: new PostgresEventStore(database), file, appVersion: 'test' });
      return file;
    };
    const before = await backup('before.ndjson.gz');
    expect((await pim.request('POST', '/api/auth/user/erasure', { password: pim.password })).status).toBe(
      204,
    );
    const after = await backup('after.ndjson.gz');

    const restored = await restartableTestApp(target, { POOL_NOW: '2025-08-19T12:00:00Z' });
    cleanups.push(() => restored.dispose());
    const provisioned = await Database.open({ ...restored.location, poolSize: 1 });
    try {
      await restorePool({ database: provisioned, file: before, laterErasures: await readErasureList(after) });
    } finally {
      await provisioned.close();
    }
    const app = await restored.start();
    cleanups.push(() => app.close());
    await settle(app);
    expect(await personalDataIn(app.app.get(Database), needles)).toEqual([]);
    const signIn = await app.request('POST', '/api/auth/login', { email, password: pim.password });
    expect(signIn.status).toBe(401);
    const admin = app.client();
    const login = { email: ada.user.email, password: ada.password };
    expect((await admin.request('POST', '/api/auth/login', login)).status).toBe(200);
    expect(await overall(admin)).toEqual(afterErasure);
    const { rows } = await app.app
      .get(Database)
      .query<{ stand_in: number; done: boolean }>(
        'SELECT stand_in, completed_at IS NOT NULL AS done FROM erasures',
      );
    expect(rows).toEqual([{ stand_in: 1, done: true }]);
  }, 180_000);
});

const describeOnServer = serverTarget ? describe : describe.skip;

describeOnServer('an erasure racing its person, many connections at once on a Postgres server', () => {
  let app: TestApp;
  afterAll(async () => {
    await app?.close();
  });

  it('leaves no session behind a sign-in racing it, and nothing half erased behind picks, a profile change and a second erasure', async () => {
    app = await startTestApp(serverTarget!, { POOL_NOW: '2025-08-10T12:00:00Z', DATABASE_POOL_SIZE: '20' });
    const { ada, pim } = await poolWithPim(app);
    const browsers = Array.from({ length: 16 }, () => app.client());
    const answers = await Promise.all([
      ...browsers.map((browser) =>
        browser.request('POST', '/api/auth/login', { email, password: pim.password }),
      ),
      pim.request('POST', '/api/auth/user/erasure', { password: pim.password }),
      ada.request('POST', `/api/admin/users/${pim.user.id}/erasure`, { confirmUserId: pim.user.id }),
      pim.request('PATCH', '/api/auth/user', { lastName: 'Vandersloot-Racing' }),
      pim.request('POST', '/api/choices', { periodId: 2, optionId: '2-ARS' }),
      pim.request('POST', '/api/choices', { periodId: 2, optionId: '2-LIV' }),
    ]);
    const [selfErasure, adminErasure, profile, ...picks] = answers.slice(browsers.length);
    // Exactly one erasure did it; the other was told why it had nothing left to do.
    const erasures = [selfErasure!, adminErasure!].map((answer) => [
      answer.status,
      (answer.body as { code?: string })?.code,
    ]);
    expect(erasures.filter(([status]) => status === 204)).toHaveLength(1);
    const [other] = erasures.filter(([status]) => status !== 204);
    expect([
      [401, 'UNAUTHENTICATED'],
      [409, 'ALREADY_ERASED'],
    ]).toContainEqual(other);
    for (const answer of [profile!, ...picks, ...answers.slice(0, browsers.length)])
      expect([200, 201, 401, 404, 429]).toContain(answer.status);
    await settle(app);
    // Whoever signed in during the race is signed out now, and no session of hers is left.
    const { rows } = await app.app
      .get(Database)
      .query<{ sessions: number }>(
        'SELECT count(*)::integer AS sessions FROM user_sessions WHERE user_id = $1',
        [pim.user.id],
      );
    expect(rows).toEqual([{ sessions: 0 }]);
    for (const browser of browsers) expect((await browser.request('GET', '/api/auth/user')).status).toBe(401);
    const { rows: done } = await app.app
      .get(Database)
      .query<{ done: boolean }>('SELECT completed_at IS NOT NULL AS done FROM erasures');
    expect(done).toEqual([{ done: true }]);
    expect(await personalDataIn(app.app.get(Database), [...needles, 'Vandersloot-Racing'])).toEqual([]);
    const engine = app.app.get(ProjectionEngine);
    for (const projection of engine.projections)
      expect([projection.name, (await engine.verify(projection.name)).differences]).toEqual([
        projection.name,
        [],
      ]);
  }, 120_000);
});
