import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  CommunityStats,
  CompareEntry,
  CreatedInvitation,
  LeaderboardEntry,
  SurvivorEntry,
} from '@treble/contracts';
import {
  registerAdmin,
  registerPlayer,
  startTestApp,
  uniqueEmail,
  type SignedIn,
  type TestApp,
} from '../support/app.js';
import { databaseTargets } from '../support/databases.js';
import { eventually } from '../support/waiting.js';

const start = new Date('2025-08-01T12:00:00Z');
const days = (count: number) => count * 24 * 60 * 60_000;

/** The read side catches up on its own: ask again (briefly) until the figures match. */
async function statsOf(client: SignedIn, expected: CommunityStats): Promise<CommunityStats> {
  let last: unknown = null;
  // Should they never match, the caller's expectation shows the last answer against the expected one.
  await eventually('the expected community stats', async () => {
    const response = await client.request('GET', '/api/community/stats');
    expect(response.status).toBe(200);
    last = response.body;
    return JSON.stringify(last) === JSON.stringify(expected);
  }).catch(() => undefined);
  return last as CommunityStats;
}

describe.each(databaseTargets)('community stats on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;
  let ann: SignedIn;

  beforeAll(async () => {
    app = await startTestApp(target, { POOL_NOW: start.toISOString() });
    admin = await registerAdmin(app);
    ann = await registerPlayer(app, admin);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('counts accounts, last week joiners and invitation links created and used, for players', async () => {
    expect(
      await statsOf(ann, { totalUsers: 2, joinedThisWeek: 2, invitationsSent: 1, invitationsUsed: 1 }),
    ).toEqual({
      totalUsers: 2,
      joinedThisWeek: 2,
      invitationsSent: 1,
      invitationsUsed: 1,
    });

    // Ten days later: a link with two uses and an unused one; only the new account joined this week.
    app.clock!.set(new Date(start.getTime() + days(10)));
    const link = (await admin.request('POST', '/api/invites', { maxUses: 5 })).body as CreatedInvitation;
    expect((await admin.request('POST', '/api/invites', {})).status).toBe(201);
    const joined = await app.request('POST', '/api/auth/register', {
      email: uniqueEmail('late'),
      password: 'correct horse battery',
      inviteToken: link.token,
    });
    expect(joined.status).toBe(201);

    const expected = { totalUsers: 3, joinedThisWeek: 1, invitationsSent: 3, invitationsUsed: 2 };
    expect(await statsOf(ann, expected)).toEqual(expected);
    expect(await statsOf(admin, expected)).toEqual(expected);
  });

  it('is for signed-in users only', async () => {
    const response = await app.request('GET', '/api/community/stats');
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe.each(databaseTargets)('head-to-head compare on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;
  let ann: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    // Before matchweek 1: every period is open for picks.
    app = await startTestApp(target, { POOL_NOW: '2025-08-10T12:00:00Z' });
    admin = await registerAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
    ann = await registerPlayer(app, admin, { firstName: 'Ann', lastName: 'Able' });
    bob = await registerPlayer(app, admin, { firstName: 'Bob', lastName: 'Baker' });
    expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
    expect((await admin.request('POST', '/api/admin/setup/options', {})).status).toBe(200);
    for (const code of ['ARS', 'LIV', 'MCI']) {
      expect((await bob.request('POST', '/api/choices', { periodId: 1, optionId: `1-${code}` })).status).toBe(
        201,
      );
    }
    expect((await ann.request('POST', '/api/choices', { periodId: 1, optionId: '1-CHE' })).status).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("hides another player's picks until their options lock, then compares period by period", async () => {
    const before = await ann.request('GET', `/api/performance/compare?periodIds=1&userId=${bob.user.id}`);
    expect(before.status).toBe(200);
    // Nothing about them leaks through a count either.
    expect(before.body).toEqual([
      {
        periodId: 1,
        periodName: 'Matchweek 1',
        rank: null,
        totalPoints: 0,
        accuracy: 0,
        correctPicks: 0,
        totalPicks: 0,
        choices: [],
      },
    ]);
    // Nor through the leaderboards: a player whose picks have not locked is not listed or counted
    // (Ann sees her own row, never Bob's), and the cards count what the lists show her.
    const shownToAnn: Record<string, number> = {};
    for (const board of ['overall', 'survivor', 'last10']) {
      const rows = (await ann.request('GET', `/api/leaderboards/${board}`)).body as { userId: string }[];
      expect(rows.filter((row) => row.userId !== ann.user.id)).toEqual([]);
      shownToAnn[board] = rows.length;
    }
    expect(shownToAnn.overall).toBe(1);
    expect((await ann.request('GET', '/api/leaderboards/summary')).body).toEqual({
      totalPlayers: shownToAnn.overall,
      survivors: shownToAnn.survivor,
      last10Players: shownToAnn.last10,
    });
    expect((await app.request('GET', '/api/prizes/payouts')).body).toEqual([]);
    // Bob's own view shows his picks at once.
    const own = (await bob.request('GET', '/api/performance/compare?periodIds=1')).body as CompareEntry[];
    expect(own[0]!.choices.map((choice) => choice.optionName).sort()).toEqual([
      'Arsenal FC',
      'Liverpool FC',
      'Manchester City FC',
    ]);

    // A result recorded before kickoff (the admin confirms it) locks its option: Bob's pick on it
    // shows to Ann in Head-to-Head and lists him on the boards, though a loss moves no total; his
    // other picks stay hidden.
    const early = { force: true, optionId: '1-MCI', outcome: 'loss' };
    expect((await admin.request('POST', '/api/results', early)).status).toBe(201);
    const revealed = (await ann.request('GET', `/api/performance/compare?periodIds=1&userId=${bob.user.id}`))
      .body as CompareEntry[];
    expect(revealed[0]!.choices.map((choice) => [choice.optionName, choice.result, choice.points])).toEqual([
      ['Manchester City FC', 'loss', 0],
    ]);
    const listed = (await ann.request('GET', '/api/leaderboards/overall')).body as LeaderboardEntry[];
    expect(listed.map((row) => row.displayName).sort()).toEqual(['Ann Able', 'Bob Baker']);

    // After the whole matchweek has kicked off, with results: the picks and points are visible.
    app.clock!.set(new Date('2025-08-19T12:00:00Z'));
    for (const [optionId, outcome] of [
      ['1-ARS', 'win'],
      ['1-LIV', 'draw'],
      ['1-MCI', 'loss'],
      ['1-CHE', 'win'],
    ] as const) {
      expect((await admin.request('POST', '/api/results', { force: true, optionId, outcome })).status).toBe(
        201,
      );
    }
    const theirs = (await ann.request('GET', `/api/performance/compare?periodIds=1,2&userId=${bob.user.id}`))
      .body as CompareEntry[];
    expect(
      theirs.map((entry) => [
        entry.periodId,
        entry.rank,
        entry.totalPoints,
        entry.correctPicks,
        entry.totalPicks,
      ]),
    ).toEqual([
      [1, 1, 4, 1, 3],
      [2, null, 0, 0, 0],
    ]);
    const picks = theirs[0]!.choices.map((choice) => [choice.optionName, choice.result, choice.points]);
    expect(picks.sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      ['Arsenal FC', 'win', 3],
      ['Liverpool FC', 'draw', 1],
      ['Manchester City FC', 'loss', 0],
    ]);
    const overall = (await ann.request('GET', '/api/leaderboards/overall')).body as LeaderboardEntry[];
    expect(overall.map((row) => [row.displayName, row.rank, row.totalPoints])).toEqual([
      ['Bob Baker', 1, 4],
      ['Ann Able', 2, 3],
    ]);
    expect((await ann.request('GET', '/api/leaderboards/summary')).body).toMatchObject({
      totalPlayers: 2,
      survivors: 2,
    });
    const mine = (await ann.request('GET', `/api/performance/compare?periodIds=1&userId=${ann.user.id}`))
      .body as CompareEntry[];
    expect(mine[0]).toMatchObject({ totalPoints: 3, rank: 2 });
  });

  it('refuses a malformed player id with a stable code', async () => {
    const response = await ann.request('GET', '/api/performance/compare?periodIds=1&userId=bob');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe.each(databaseTargets)(
  'players whose picks have not locked, on the leaderboards, on $name',
  (target) => {
    let app: TestApp;
    let admin: SignedIn;
    let ann: SignedIn;
    let bob: SignedIn;
    let cat: SignedIn;

    beforeAll(async () => {
      // Sudden death: Ann's losing matchweek 1 eliminates her.
      app = await startTestApp(target, { POOL_NOW: '2025-08-10T12:00:00Z', SURVIVOR_STRIKES: '1' });
      admin = await registerAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
      ann = await registerPlayer(app, admin, { firstName: 'Ann', lastName: 'Able' });
      bob = await registerPlayer(app, admin, { firstName: 'Bob', lastName: 'Baker' });
      expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
      expect((await admin.request('POST', '/api/admin/setup/options', {})).status).toBe(200);
      expect((await ann.request('POST', '/api/choices', { periodId: 1, optionId: '1-CHE' })).status).toBe(
        201,
      );
      for (const code of ['ARS', 'LIV'])
        expect(
          (await bob.request('POST', '/api/choices', { periodId: 1, optionId: `1-${code}` })).status,
        ).toBe(201);
      app.clock!.set(new Date('2025-08-19T12:00:00Z'));
      expect(
        (await admin.request('POST', '/api/results', { optionId: '1-CHE', outcome: 'loss' })).status,
      ).toBe(201);
      for (const code of ['ARS', 'LIV'])
        expect(
          (await admin.request('POST', '/api/results', { optionId: `1-${code}`, outcome: 'win' })).status,
        ).toBe(201);
      expect((await admin.request('POST', '/api/periods/1/complete', { force: true })).status).toBe(200);
      // Cat joins and picks for matchweek 5, which has not kicked off.
      cat = await registerPlayer(app, admin, { firstName: 'Cat', lastName: 'Cole' });
      expect((await cat.request('POST', '/api/choices', { periodId: 5, optionId: '5-LIV' })).status).toBe(
        201,
      );
    });
    afterAll(async () => {
      await app?.close();
    });

    it("leaves them out of every list and count, without moving anyone else's rank", async () => {
      const survivor = (await bob.request('GET', '/api/leaderboards/survivor')).body as LeaderboardEntry[];
      expect(survivor.map((row) => row.userId)).toEqual([bob.user.id, ann.user.id]);
      // Ann's rank is the same for her and for everyone else.
      const annStats = (await ann.request('GET', '/api/user/stats')).body as {
        survivorRank: number;
        overallRank: number;
      };
      expect(annStats).toMatchObject({ survivorRank: 2, overallRank: 2 });
      expect(survivor.map((row) => row.rank)).toEqual([1, 2]);
      const overall = (await bob.request('GET', '/api/leaderboards/overall')).body as LeaderboardEntry[];
      expect(overall.map((row) => [row.userId, row.rank])).toEqual([
        [bob.user.id, 1],
        [ann.user.id, 2],
      ]);
      // Cat herself sees her rank (level with Ann, on no points) in her own stats.
      expect(
        ((await cat.request('GET', '/api/user/stats')).body as { overallRank: number }).overallRank,
      ).toBe(2);
      expect((await bob.request('GET', '/api/leaderboards/summary')).body).toEqual({
        totalPlayers: 2,
        survivors: 1,
        last10Players: 0,
      });
      // Cat counts herself, as her own lists show her.
      const catsSurvivors = (await cat.request('GET', '/api/leaderboards/survivor')).body as SurvivorEntry[];
      expect(catsSurvivors.map((row) => row.userId)).toContain(cat.user.id);
      expect((await cat.request('GET', '/api/leaderboards/summary')).body).toEqual({
        totalPlayers: 3,
        survivors: catsSurvivors.filter((row) => !row.isEliminated).length,
        last10Players: 0,
      });

      // Once matchweek 5 has kicked off, Cat is there for everyone.
      app.clock!.set(new Date('2025-09-22T12:00:00Z'));
      // (A month on, Bob signs in again.)
      const browser = app.client();
      expect(
        (await browser.request('POST', '/api/auth/login', { email: bob.user.email, password: bob.password }))
          .status,
      ).toBe(200);
      const later = (await browser.request('GET', '/api/leaderboards/overall')).body as LeaderboardEntry[];
      expect(later.map((row) => row.userId)).toContain(cat.user.id);
      expect(
        ((await browser.request('GET', '/api/leaderboards/summary')).body as { totalPlayers: number })
          .totalPlayers,
      ).toBe(3);
    });
  },
);
