import fs from 'node:fs';
import { afterEach, describe, expect } from '@jest/globals';
import type { PoolSummary } from '@treble/contracts';
import { ProjectionEngine } from '../../src/projections/projection-engine.js';
import {
  itUpgradesTheInstallOf,
  startOn,
  upgradeFixture as fixture,
  type Install,
} from '../support/old-installs.js';

/** What commit 251ef82's server answered on its install (fixtures/upgrade/README.md). */
const before = JSON.parse(fs.readFileSync(fixture('standings-251ef82.json'), 'utf8')) as Record<
  string,
  unknown
>;

/**
 * An install made by main before several pools (commit 251ef82: its data directory, and its backup
 * restored into a new install) upgrades to one pool, the default one, rewriting no event (but for
 * the one sealing of personal fields, docs/adr/017):
 * the same standings as that commit served, `projections verify` clean, its people in no other pool.
 */
describe('an install made before several pools', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** Starts this version on an install, waits for its read side, and checks it against the old answers. */
  async function expectTheSamePool(install: Install): Promise<void> {
    const { app, base } = await startOn(install, '2025-10-21T00:00:00Z', cleanups);
    const engine = app.get(ProjectionEngine);

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

  itUpgradesTheInstallOf('251ef82', { events: 461, credentials: 7 }, expectTheSamePool, cleanups);
});
