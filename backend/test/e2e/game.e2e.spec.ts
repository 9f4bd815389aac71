import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  Choice,
  LeaderboardEntry,
  Option,
  Payout,
  Period,
  SurvivorEntry,
  UserStats,
} from '@treble/contracts';
import {
  recordStatements,
  registerAdmin,
  registerPlayer,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../support/app.js';
import { databaseTargets } from '../support/databases.js';

/** A player's journey through the API: picks, refusals, results, standings and their own export. */
describe.each(databaseTargets)('playing the game over HTTP on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;
  let ann: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    // Before matchweek 1 kicks off: every period is open for picks.
    app = await startTestApp(target, { POOL_NOW: '2025-08-10T12:00:00Z' });
    admin = await registerAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
    ann = await registerPlayer(app, admin, { firstName: 'Ann', lastName: 'Able' });
    bob = await registerPlayer(app, admin, { firstName: 'Bob', lastName: 'Baker' });
    expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
    expect((await admin.request('POST', '/api/admin/setup/options', {})).status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows the current period and its 20 options with the player usage and deadlines', async () => {
    const current = (await ann.request('GET', '/api/periods/current')).body as Period;
    expect(current).toMatchObject({ id: 1, name: 'Matchweek 1', isActive: true });
    const options = (await ann.request('GET', '/api/periods/2/options')).body as Option[];
    expect(options).toHaveLength(20);
    expect(options[0]).toMatchObject({
      id: '2-BOU',
      name: 'AFC Bournemouth',
      usageCount: 0,
      choiceId: null,
      isLocked: false,
      pickCount: null,
    });
    expect(options[0]!.fixture?.kickoff).toBe(options[0]!.lockAt);
    expect((await ann.request('GET', '/api/options/period/2')).body).toEqual(options);
  });

  it('takes 3 picks, refuses a 4th and a duplicate, and lets a pick be withdrawn', async () => {
    const picks: Choice[] = [];
    for (const code of ['ARS', 'LIV', 'MCI']) {
      const response = await ann.request('POST', '/api/choices', { periodId: 2, optionId: `2-${code}` });
      expect(response.status).toBe(201);
      picks.push(response.body as Choice);
    }
    expect(picks[0]).toMatchObject({ userId: ann.user.id, periodId: 2, optionId: '2-ARS' });

    const fourth = await ann.request('POST', '/api/choices', { periodId: 2, optionId: '2-CHE' });
    expect(fourth.status).toBe(409);
    expect(fourth.body).toEqual({
      statusCode: 409,
      code: 'PICKS_PER_PERIOD_EXCEEDED',
      message: 'You can only select 3 options per period',
    });
    const duplicate = await ann.request('POST', '/api/choices', { periodId: 2, optionId: '2-ARS' });
    expect(duplicate.body).toMatchObject({ statusCode: 409, code: 'CHOICE_ALREADY_MADE' });
    expect((await ann.request('POST', '/api/choices', { periodId: 2 })).status).toBe(400);
    expect((await ann.request('POST', '/api/choices', { periodId: 2, optionId: '2-XYZ' })).status).toBe(404);

    const mine = (await ann.request('GET', '/api/choices/period/2')).body as Choice[];
    expect(mine.map((c) => c.optionId).sort()).toEqual(['2-ARS', '2-LIV', '2-MCI']);
    const options = (await ann.request('GET', '/api/periods/2/options')).body as Option[];
    expect(options.find((o) => o.id === '2-ARS')).toMatchObject({ usageCount: 1, choiceId: picks[0]!.id });

    expect((await ann.request('DELETE', `/api/choices/${picks[2]!.id}`)).status).toBe(200);
    expect((await ann.request('POST', '/api/choices', { periodId: 2, optionId: '2-CHE' })).status).toBe(201);
    // Another player's picks stay hidden until their options lock.
    expect((await bob.request('GET', '/api/periods/2/picks')).body).toEqual([]);
    // A player cannot withdraw someone else's pick.
    expect((await bob.request('DELETE', `/api/choices/${picks[0]!.id}`)).status).toBe(404);
  });

  it('scores results into live standings and the player statistics', async () => {
    await bob.request('POST', '/api/choices', { periodId: 2, optionId: '2-ARS' });
    await bob.request('POST', '/api/choices', { periodId: 2, optionId: '2-TOT' });
    for (const [optionId, outcome] of [
      ['2-ARS', 'win'],
      ['2-LIV', 'draw'],
      ['2-CHE', 'loss'],
      ['2-TOT', 'win'],
    ] as const) {
      expect((await admin.request('POST', '/api/results', { force: true, optionId, outcome })).status).toBe(
        201,
      );
    }
    const overall = (await ann.request('GET', '/api/leaderboards/overall')).body as LeaderboardEntry[];
    expect(overall.map((row) => [row.firstName, row.rank, row.totalPoints, row.wins])).toEqual([
      ['Bob', 1, 6, 2],
      ['Ann', 2, 4, 1],
    ]);
    const stats = (await ann.request('GET', '/api/user/stats')).body as UserStats;
    expect(stats).toMatchObject({ overallRank: 2, totalPoints: 4, isEliminated: false });
    expect(stats.scores).toEqual([
      { periodId: 2, totalPoints: 4, isCompleted: false, picks: 3, scoredPicks: 3 },
    ]);

    // Completing the period turns Ann's 4 points into no strike and stays live for Bob too.
    expect((await admin.request('POST', '/api/periods/2/complete', { force: true })).status).toBe(200);
    const survivor = (await ann.request('GET', '/api/leaderboards/survivor')).body as SurvivorEntry[];
    expect(survivor.map((row) => [row.firstName, row.strikeCount, row.isEliminated])).toEqual([
      ['Bob', 0, false],
      ['Ann', 0, false],
    ]);
    const csv = await ann.request('GET', '/api/user/export');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text.split('\n')[0]).toMatch(/period/i);
    expect(csv.text).toContain('Arsenal FC');

    // Payouts if the season ended now (public): Bob 1st, Ann 2nd overall; both survive and points
    // rank survivors, so the survivor prize is Bob's; nobody has entered the Last 10 yet.
    const payouts = (await app.request('GET', '/api/prizes/payouts')).body as Payout[];
    expect(payouts.map((p) => [p.competition, p.displayName, p.rank, p.sharedBy, p.amounts])).toEqual([
      ['overall', 'Bob Baker', 1, 1, [{ currency: 'USD', amount: '1000.00' }]],
      ['overall', 'Ann Able', 2, 1, [{ currency: 'USD', amount: '100.00' }]],
      ['survivor', 'Bob Baker', 1, 1, [{ currency: 'USD', amount: '1000.00' }]],
    ]);
  });

  it('refuses the standings to anonymous callers and admin calls to players', async () => {
    const anonymous = app.client();
    for (const path of [
      '/api/leaderboards/overall',
      '/api/user/stats',
      '/api/choices/period/2',
      '/api/results',
    ]) {
      expect((await anonymous.request('GET', path)).status).toBe(401);
    }
    expect((await ann.request('GET', '/api/admin/audit')).status).toBe(403);
    expect(
      (await ann.request('POST', '/api/results', { force: true, optionId: '2-ARS', outcome: 'loss' })).status,
    ).toBe(403);
  });

  it('keeps an audit trail naming the acting admin', async () => {
    const entries = (await admin.request('GET', '/api/admin/audit?periodId=2')).body as {
      type: string;
      actor: string;
      actorName: string | null;
    }[];
    const result = entries.find((entry) => entry.type === 'ResultRecorded');
    expect(result).toMatchObject({ actor: admin.user.id, actorName: 'Ada Admin' });
    expect(entries.some((entry) => entry.type === 'PeriodCompleted')).toBe(true);
  });

  it("reads what a player's first pick decides on in one statement and appends in one; the next pick only appends (ADR 018)", async () => {
    const cy = await registerPlayer(app, admin, { firstName: 'Cy', lastName: 'Cole' });
    // Ann's pick leaves the pool's seasons and matchweek 3 kept in this process.
    expect((await ann.request('POST', '/api/choices', { periodId: 3, optionId: '3-ARS' })).status).toBe(201);
    const { statements, restore } = recordStatements(app);
    try {
      for (const code of ['ARS', 'LIV']) {
        expect(
          (await cy.request('POST', '/api/choices', { periodId: 3, optionId: `3-${code}` })).status,
        ).toBe(201);
      }
    } finally {
      restore();
    }
    const storeStatements = statements.flatMap((text) =>
      text.includes('FROM events WHERE stream_id = ANY')
        ? ['read']
        : text.includes('pg_advisory_xact_lock')
          ? ['append']
          : [],
    );
    // Cy's account and his picks of the season Ann's pick was of, in one read; then the append.
    expect(storeStatements).toEqual(['read', 'append', 'append']);
  });
});

describe.each(databaseTargets)('simultaneous picks over HTTP on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    app = await startTestApp(target, { POOL_NOW: '2025-08-10T12:00:00Z' });
    admin = await registerAdmin(app);
    await admin.request('POST', '/api/admin/setup/periods', {});
    await admin.request('POST', '/api/admin/setup/options', {});
  });
  afterAll(async () => {
    await app?.close();
  });

  it('accepts exactly 3 of 20 simultaneous POST /api/choices for one player and period', async () => {
    const player = await registerPlayer(app, admin);
    const options = (await player.request('GET', '/api/periods/3/options')).body as Option[];
    const responses = await Promise.all(
      options.map((option) => player.request('POST', '/api/choices', { periodId: 3, optionId: option.id })),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(3);
    for (const refused of responses.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(['PICKS_PER_PERIOD_EXCEEDED', 'CONCURRENCY_CONFLICT']).toContain(
        (refused.body as { code: string }).code,
      );
    }
    expect(((await player.request('GET', '/api/choices/period/3')).body as Choice[]).length).toBe(3);
  });

  it('never lets simultaneous picks near the cap make an 8th use of a team', async () => {
    const player = await registerPlayer(app, admin);
    for (let period = 3; period <= 8; period++) {
      expect(
        (await player.request('POST', '/api/choices', { periodId: period, optionId: `${period}-LIV` }))
          .status,
      ).toBe(201);
    }
    const responses = await Promise.all(
      [9, 10, 11, 12].map((period) =>
        player.request('POST', '/api/choices', { periodId: period, optionId: `${period}-LIV` }),
      ),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    const options = (await player.request('GET', '/api/periods/13/options')).body as Option[];
    expect(options.find((o) => o.teamKey === 'LIV')?.usageCount).toBe(7);
  });
});

describe.each(databaseTargets)('admin pick tools over HTTP on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;
  let player: SignedIn;

  beforeAll(async () => {
    // Mid-season: matchweek 1 has ended, matchweek 20 is ahead.
    app = await startTestApp(target, { POOL_NOW: '2025-12-20T10:00:00Z' });
    admin = await registerAdmin(app);
    player = await registerPlayer(app, admin, { firstName: 'Pat' });
    await admin.request('POST', '/api/admin/setup/periods', {});
    await admin.request('POST', '/api/admin/setup/options', {});
  });
  afterAll(async () => {
    await app?.close();
  });

  it('creates exactly 3 retroactive picks in an ended period, refusing other counts and repeats', async () => {
    const invalid = await admin.request('POST', '/api/retroactive-choices', {
      userId: player.user.id,
      periodId: 1,
      optionIds: ['1-ARS', '1-CHE'],
    });
    expect(invalid.body).toEqual({
      statusCode: 400,
      code: 'RETROACTIVE_SELECTION_INVALID',
      message: 'Invalid selection: Please select a user, period, and exactly 3 options.',
    });
    const created = await admin.request('POST', '/api/retroactive-choices', {
      userId: player.user.id,
      periodId: 1,
      optionIds: ['1-ARS', '1-CHE', '1-LIV'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ message: 'Retroactive selections created successfully.' });
    expect(((await player.request('GET', '/api/choices/period/1')).body as Choice[]).length).toBe(3);
    const again = await admin.request('POST', '/api/retroactive-choices', {
      userId: player.user.id,
      periodId: 1,
      optionIds: ['1-EVE', '1-FUL', '1-TOT'],
    });
    expect(again.body).toMatchObject({ statusCode: 409, code: 'RETROACTIVE_PICKS_EXIST' });
    const future = await admin.request('POST', '/api/retroactive-choices', {
      userId: player.user.id,
      periodId: 30,
      optionIds: ['30-EVE', '30-FUL', '30-TOT'],
    });
    expect(future.body).toMatchObject({ statusCode: 409, code: 'RETROACTIVE_PERIOD_NOT_ENDED' });
    // Once locked, everyone sees the picks of the period.
    expect(((await admin.request('GET', '/api/periods/1/picks')).body as Choice[]).length).toBe(3);
  });

  it("clears a period's picks for everyone, and replacing with EPL removes options, picks and results", async () => {
    expect((await player.request('POST', '/api/choices', { periodId: 20, optionId: '20-ARS' })).status).toBe(
      201,
    );
    expect(
      (await admin.request('POST', '/api/results', { force: true, optionId: '20-ARS', outcome: 'win' }))
        .status,
    ).toBe(201);
    const replaced = await admin.request('PUT', '/api/periods/20/replace-with-epl', {});
    expect(replaced.body).toMatchObject({
      message: 'Period 20 now uses EPL teams as options.',
      removed: 20,
      added: 20,
      playersCleared: 1,
    });
    expect((await player.request('GET', '/api/choices/period/20')).body).toEqual([]);
    expect((await player.request('GET', '/api/results/period/20')).body).toEqual([]);
    expect(((await player.request('GET', '/api/periods/20/options')).body as Option[]).length).toBe(20);

    expect((await player.request('POST', '/api/choices', { periodId: 21, optionId: '21-ARS' })).status).toBe(
      201,
    );
    const cleared = await admin.request('DELETE', '/api/choices/period/21');
    expect(cleared.body).toEqual({
      message: 'All choices for this period have been deleted.',
      playersCleared: 1,
    });
    expect((await player.request('GET', '/api/choices/period/21')).body).toEqual([]);
  });

  it('creates a custom option in a period', async () => {
    const created = await admin.request('POST', '/api/options', {
      periodId: 22,
      name: 'Draw Specialists',
      description: 'Any draw',
      sortOrder: 21,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: '22-c1',
      name: 'Draw Specialists',
      fixture: null,
      sortOrder: 21,
    });
    const missing = await admin.request('POST', '/api/options', { periodId: 22, sortOrder: 1 });
    expect(missing.status).toBe(400);
    expect((missing.body as { message: string }).message).toContain('name');
  });
});
