import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io } from 'socket.io-client';
import {
  queryKeys,
  type Option,
  type PeriodPickGrid,
  type ReadModelChangedNotice,
  type UserStats,
} from '@treble/contracts';
import { registerAdmin, registerPlayer, startTestApp, type SignedIn, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';

/**
 * The players' week: everyone's picks of a period appear pick by pick as their options lock (never
 * before), with outcomes as results arrive; the player's stats list only periods with a result.
 */
describe.each(databaseTargets)("everyone's picks and scored periods over HTTP on $name", (target) => {
  let app: TestApp;
  let admin: SignedIn;
  let ann: SignedIn;
  let bob: SignedIn;
  let options: Option[];

  const grid = async (player: SignedIn, periodId = 2) => {
    const response = await player.request('GET', `/api/periods/${periodId}/pick-grid`);
    expect(response.status).toBe(200);
    return response.body as PeriodPickGrid;
  };

  beforeAll(async () => {
    // Between matchweeks 1 and 2: matchweek 2 and later are open for picks.
    app = await startTestApp(target, { POOL_NOW: '2025-08-20T12:00:00Z' });
    admin = await registerAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
    ann = await registerPlayer(app, admin, { firstName: 'Ann', lastName: 'Able' });
    bob = await registerPlayer(app, admin, { firstName: 'Bob', lastName: 'Baker' });
    expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
    expect((await admin.request('POST', '/api/admin/setup/options', {})).status).toBe(200);
    options = (await ann.request('GET', '/api/periods/2/options')).body as Option[];
    for (const code of ['ARS', 'LIV', 'MCI']) {
      expect((await ann.request('POST', '/api/choices', { periodId: 2, optionId: `2-${code}` })).status).toBe(
        201,
      );
    }
    expect((await bob.request('POST', '/api/choices', { periodId: 2, optionId: '2-ARS' })).status).toBe(201);
    // Ann picks ahead in matchweek 3.
    expect((await ann.request('POST', '/api/choices', { periodId: 3, optionId: '3-CHE' })).status).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows nobody any pick before its option locks', async () => {
    for (const player of [ann, bob]) {
      expect(await grid(player)).toEqual({ periodId: 2, totalOptions: 20, lockedOptions: 0, rows: [] });
    }
    // The older per-pick list holds the same line.
    expect((await bob.request('GET', '/api/periods/2/picks')).body).toEqual([]);
  });

  it('reveals each pick once its own option locks, the viewer first', async () => {
    const lockOf = (id: string) => Date.parse(options.find((option) => option.id === id)!.lockAt!);
    const locks = ['2-ARS', '2-LIV', '2-MCI'].map(lockOf);
    const first = Math.min(...locks);
    const last = Math.max(...locks);
    expect(first).toBeLessThan(last);
    app.clock!.set(new Date(first));
    const partial = await grid(bob);
    const visible = partial.rows.flatMap((row) => row.picks.map((pick) => pick.optionId));
    for (const id of visible) expect(lockOf(id)).toBeLessThanOrEqual(first);
    expect(visible).not.toContain(['2-ARS', '2-LIV', '2-MCI'].find((id) => lockOf(id) === last));

    app.clock!.set(new Date(last));
    const full = await grid(bob);
    expect(full.lockedOptions).toBeGreaterThanOrEqual(3);
    expect(full.rows.map((row) => row.displayName)).toEqual(['Bob Baker', 'Ann Able']);
    expect(full.rows[1]!.picks.map((pick) => pick.optionId)).toEqual(['2-ARS', '2-LIV', '2-MCI']);
    expect(full.rows[1]!.picks[0]).toMatchObject({
      teamKey: 'ARS',
      outcome: null,
      points: null,
      voided: false,
    });
    expect((await grid(ann)).rows[0]!.displayName).toBe('Ann Able');
  });

  it('adds outcomes and points as results arrive, and tells open pages to read the options again', async () => {
    const socket = io(app.baseUrl, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: bob.cookieHeader()! },
    });
    const keys: string[] = [];
    const optionsKey = JSON.stringify(queryKeys.options(2));
    const pushed = new Promise<void>((resolve) =>
      socket.on('read-model-changed', (notice: ReadModelChangedNotice) => {
        for (const key of notice.queryKeys) keys.push(JSON.stringify(key));
        if (keys.includes(optionsKey)) resolve();
      }),
    );
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    expect((await admin.request('POST', '/api/results', { optionId: '2-ARS', outcome: 'win' })).status).toBe(
      201,
    );
    await pushed;
    socket.close();
    expect((await admin.request('POST', '/api/results', { optionId: '2-LIV', outcome: 'draw' })).status).toBe(
      201,
    );
    const after = await grid(bob);
    expect(after.rows.map((row) => [row.displayName, row.points])).toEqual([
      ['Bob Baker', 3],
      ['Ann Able', 4],
    ]);
    expect(after.rows[1]!.picks.map((pick) => pick.outcome)).toEqual(['win', 'draw', null]);
    const option = ((await ann.request('GET', '/api/periods/2/options')).body as Option[]).find(
      (o) => o.id === '2-ARS',
    );
    expect(option?.result).toMatchObject({ outcome: 'win', points: 3 });
  });

  it('lists only scored periods in the stats, saying whether each is final', async () => {
    const stats = (await ann.request('GET', '/api/user/stats')).body as UserStats;
    // Matchweek 3, picked ahead and unplayed, is no result; matchweek 2 is in progress.
    expect(stats.scores).toEqual([
      { periodId: 2, totalPoints: 4, isCompleted: false, picks: 3, scoredPicks: 2 },
    ]);
    const bobs = (await bob.request('GET', '/api/user/stats')).body as UserStats;
    expect(bobs.scores).toEqual([
      { periodId: 2, totalPoints: 3, isCompleted: false, picks: 1, scoredPicks: 1 },
    ]);
  });

  it('refuses a bad period number and an anonymous caller', async () => {
    expect((await ann.request('GET', '/api/periods/abc/pick-grid')).status).toBe(400);
    const anonymous = await fetch(`${app.baseUrl}/api/periods/2/pick-grid`);
    expect(anonymous.status).toBe(401);
  });
});
