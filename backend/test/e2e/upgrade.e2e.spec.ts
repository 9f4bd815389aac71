import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { PoolSummary } from '@treble/contracts';
import { createApp } from '../../src/app.js';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { loadConfig } from '../../src/platform/config/config.js';
import { Database } from '../../src/platform/database/database.js';
import { restorePool } from '../../src/operations/backup/pool-backup.js';
import { ProjectionEngine } from '../../src/projections/projection-engine.js';
import { databaseTargets, type ProvisionedDatabase } from '../support/databases.js';

const fixtures = new URL('../fixtures/upgrade/', import.meta.url);
const fixture = (name: string) => new URL(name, fixtures).pathname;
/** What commit 251ef82's server answered on its install (fixtures/upgrade/README.md). */
const before = JSON.parse(fs.readFileSync(fixture('standings-251ef82.json'), 'utf8')) as Record<
  string,
  unknown
>;
const quiet = { log() {}, error() {}, warn() {}, debug() {}, verbose() {}, fatal() {} };

/**
 * An install made by main before several pools (commit 251ef82: its data directory, and its backup
 * restored into a new install) upgrades to one pool, the default one, without rewriting an event:
 * the same standings as that commit served, `projections verify` clean, its people in no other pool.
 */
describe('an install made before several pools', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** Starts this version on an install, waits for its read side, and checks it against the old answers. */
  async function expectTheSamePool(database: { url: string | null; dataDir: string }): Promise<void> {
    const config = loadConfig({
      DATA_DIR: database.dataDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      POOL_NOW: '2025-10-21T00:00:00Z',
      PROJECTION_POLL_MS: '50',
      WEB_DIST_DIR: `${database.dataDir}/no-web-app`,
      RESULTS_SCHEDULER_AUTOSTART: 'false',
    });
    const app = await createApp(config, quiet);
    cleanups.push(() => app.close());
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
    const engine = app.get(ProjectionEngine);
    await engine.waitFor(await app.get<EventStore>(EVENT_STORE).headPosition(), 120_000);

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.treble', password: 'treble-demo' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const get = async (route: string) => (await fetch(`${base}${route}`, { headers: { cookie } })).json();
    const now: Record<string, unknown> = {};
    for (const board of ['overall', 'survivor', 'last10'])
      now[board] = await get(`/api/leaderboards/${board}`);
    now.periods = ((await get('/api/periods')) as { id: number; isCompleted: boolean }[]).map((p) => [
      p.id,
      p.isCompleted,
    ]);
    expect(now).toEqual(before);
    expect(((await get('/api/pools')) as PoolSummary[]).map((pool) => pool.address)).toEqual(['default']);
    for (const projection of engine.projections)
      expect({
        projection: projection.name,
        differences: (await engine.verify(projection.name)).differences,
      }).toEqual({ projection: projection.name, differences: [] });
  }

  it('upgrades its data directory in place', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'treble-upgrade-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    execFileSync('tar', ['-xJf', fixture('data-dir-251ef82.tar.xz'), '-C', dataDir]);
    await expectTheSamePool({ url: null, dataDir });
  }, 300_000);

  it.each(databaseTargets)(
    'restores its backup into a new install on $name',
    async (target) => {
      const provisioned: ProvisionedDatabase = await target.provision();
      cleanups.push(() => provisioned.cleanup());
      const database = await Database.open({
        url: provisioned.url,
        dataDir: provisioned.dataDir,
        poolSize: provisioned.url ? 4 : 1,
      });
      try {
        const header = await restorePool({ database, file: fixture('backup-251ef82.ndjson.gz') });
        expect(header.counts).toMatchObject({ events: 461, credentials: 7 });
      } finally {
        await database.close();
      }
      await expectTheSamePool(provisioned);
    },
    300_000,
  );
});
