import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  AuditEntry,
  HistoricStanding,
  ImpactPreview,
  LeaderboardKind,
  StandingsAsOf,
  SurvivorEntry,
} from '@treble/contracts';
import { registerAdmin, registerPlayer, startTestApp, type SignedIn, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';

/** The live leaderboard reduced to the fields standings-as-of answers with. */
async function live(admin: SignedIn, kind: LeaderboardKind): Promise<HistoricStanding[]> {
  const response = await admin.request('GET', `/api/leaderboards/${kind}`);
  expect(response.status).toBe(200);
  return (response.body as SurvivorEntry[]).map((row) => ({
    userId: row.userId,
    displayName: row.displayName,
    rank: row.rank,
    points: row.totalPoints,
    wins: row.wins,
    ...(kind === 'last10' ? { badge: (row as unknown as { badge: HistoricStanding['badge'] }).badge } : {}),
    ...(kind === 'survivor'
      ? {
          isEliminated: row.isEliminated,
          strikeCount: row.strikeCount,
          eliminatedInPeriod: row.eliminatedInPeriod,
        }
      : {}),
  }));
}

const kinds: LeaderboardKind[] = ['overall', 'survivor', 'last10'];

/**
 * Operator tools over HTTP: standings as of a period and what-if previews, folded from the event
 * log. A scripted pool with sudden death after 2 strikes, so survivor status moves too.
 */
describe.each(databaseTargets)('operator tools over HTTP on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;
  let ann: SignedIn;
  let bob: SignedIn;
  let cat: SignedIn;
  const shown: Record<number, Record<string, HistoricStanding[]>> = {};

  const pick = async (player: SignedIn, periodId: number, codes: string[]) => {
    for (const code of codes) {
      const response = await player.request('POST', '/api/choices', {
        periodId,
        optionId: `${periodId}-${code}`,
      });
      expect(response.status).toBe(201);
    }
  };
  const result = async (optionId: string, outcome: string) =>
    expect((await admin.request('POST', '/api/results', { force: true, optionId, outcome })).status).toBe(
      201,
    );
  const complete = async (periodId: number) => {
    expect((await admin.request('POST', `/api/periods/${periodId}/complete`, { force: true })).status).toBe(
      200,
    );
    const boards: Record<string, HistoricStanding[]> = {};
    for (const kind of kinds) boards[kind] = await live(admin, kind);
    shown[periodId] = boards;
  };
  const headPosition = async () =>
    ((await admin.request('GET', '/api/admin/audit?limit=1')).body as AuditEntry[])[0]!.position;

  beforeAll(async () => {
    app = await startTestApp(target, { POOL_NOW: '2025-08-10T12:00:00Z', SURVIVOR_STRIKES: '2' });
    admin = await registerAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
    ann = await registerPlayer(app, admin, { firstName: 'Ann', lastName: 'Able' });
    bob = await registerPlayer(app, admin, { firstName: 'Bob', lastName: 'Baker' });
    cat = await registerPlayer(app, admin, { firstName: 'Cat', lastName: 'Cole' });
    expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
    expect((await admin.request('POST', '/api/admin/setup/options', {})).status).toBe(200);

    // Period 1: Ann 4 points (1 win), Bob 6 (2 wins), Cat 0: a strike for Cat.
    await pick(ann, 1, ['ARS', 'LIV', 'MCI']);
    await pick(bob, 1, ['ARS', 'CHE']);
    await pick(cat, 1, ['TOT']);
    for (const [optionId, outcome] of [
      ['1-ARS', 'win'],
      ['1-LIV', 'draw'],
      ['1-MCI', 'loss'],
      ['1-CHE', 'win'],
      ['1-TOT', 'loss'],
    ]) {
      await result(optionId!, outcome!);
    }
    await complete(1);
    // Period 2: Ann 1, Bob 3, Cat 3: a strike for everyone, and Cat's second eliminates her.
    await pick(ann, 2, ['ARS']);
    await pick(bob, 2, ['LIV']);
    await pick(cat, 2, ['MCI']);
    await result('2-ARS', 'draw');
    await result('2-LIV', 'win');
    await result('2-MCI', 'win');
    await complete(2);
    // Period 3 stays open: Ann and Bob win with Arsenal.
    await pick(ann, 3, ['ARS']);
    await pick(bob, 3, ['ARS']);
    await pick(cat, 3, ['CHE']);
    await result('3-ARS', 'win');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('computes the standings as the leaderboards showed them when each period completed', async () => {
    expect(shown[2]!.survivor!.find((row) => row.userId === cat.user.id)).toMatchObject({
      isEliminated: true,
      eliminatedInPeriod: 2,
    });
    for (const periodId of [1, 2]) {
      for (const kind of kinds) {
        const response = await admin.request(
          'GET',
          `/api/admin/standings-as-of?period=${periodId}&kind=${kind}`,
        );
        expect(response.status).toBe(200);
        const asOf = response.body as StandingsAsOf;
        expect(asOf).toMatchObject({ periodId, kind });
        expect(asOf.rows).toEqual(shown[periodId]![kind]);
      }
    }
    // Period 1 as it was, not as it is now: Bob had 6 points then.
    const first = (await admin.request('GET', '/api/admin/standings-as-of?period=1')).body as StandingsAsOf;
    expect(first.rows.map((row) => [row.displayName, row.rank, row.points, row.wins])).toEqual([
      ['Bob Baker', 1, 6, 2],
      ['Ann Able', 2, 4, 1],
      ['Cat Cole', 3, 0, 0],
    ]);
  });

  it('refuses standings as of a period that is not completed, unknown or badly asked for', async () => {
    expect((await admin.request('GET', '/api/admin/standings-as-of?period=3')).body).toMatchObject({
      statusCode: 409,
      code: 'PERIOD_NOT_COMPLETED',
    });
    expect((await admin.request('GET', '/api/admin/standings-as-of?period=99')).body).toMatchObject({
      statusCode: 404,
      code: 'PERIOD_NOT_FOUND',
    });
    expect(
      (await admin.request('GET', '/api/admin/standings-as-of?period=1&kind=weekly')).body,
    ).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect((await admin.request('GET', '/api/admin/standings-as-of')).status).toBe(400);
    expect((await ann.request('GET', '/api/admin/standings-as-of?period=1')).status).toBe(403);
    expect((await ann.request('GET', '/api/admin/what-if/reopen/2')).status).toBe(403);
  });

  it('previews a result in an open period: exactly who moves, and writes nothing', async () => {
    const head = await headPosition();
    const boards = await live(admin, 'overall');
    const response = await admin.request('GET', '/api/admin/what-if/result?optionId=3-ARS&outcome=loss');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      periodId: 3,
      effect: 'recorded',
      appliedResults: [{ optionId: '3-ARS', optionName: 'Arsenal FC', outcome: 'loss' }],
      changes: [
        {
          userId: bob.user.id,
          displayName: 'Bob Baker',
          overall: { before: { rank: 1, points: 12, wins: 4 }, after: { rank: 1, points: 9, wins: 3 } },
          last10: null,
          survivor: null,
        },
        {
          userId: ann.user.id,
          displayName: 'Ann Able',
          overall: { before: { rank: 2, points: 8, wins: 2 }, after: { rank: 2, points: 5, wins: 1 } },
          last10: null,
          survivor: null,
        },
      ],
      onReopen: null,
    } satisfies ImpactPreview);

    // A first result for an option: only the player who picked it moves.
    const cheWin = (await admin.request('GET', '/api/admin/what-if/result?optionId=3-CHE&outcome=win'))
      .body as ImpactPreview;
    expect(cheWin.changes).toEqual([
      {
        userId: cat.user.id,
        displayName: 'Cat Cole',
        overall: { before: { rank: 3, points: 3, wins: 1 }, after: { rank: 3, points: 6, wins: 2 } },
        last10: null,
        survivor: null,
      },
    ]);
    const deletion = (await admin.request('GET', '/api/admin/what-if/result?optionId=3-ARS&outcome=none'))
      .body as ImpactPreview;
    expect(deletion.effect).toBe('deleted');
    expect(deletion.changes.map((c) => [c.displayName, c.overall?.after?.points])).toEqual([
      ['Bob Baker', 9],
      ['Ann Able', 5],
    ]);
    const same = (await admin.request('GET', '/api/admin/what-if/result?optionId=3-ARS&outcome=win'))
      .body as ImpactPreview;
    expect(same).toMatchObject({ effect: 'unchanged', changes: [], appliedResults: [] });

    expect(await headPosition()).toBe(head);
    expect(await live(admin, 'overall')).toEqual(boards);
  });

  it('previews a correction in a completed period as held, and what reopening would then change', async () => {
    const head = await headPosition();
    const preview = (await admin.request('GET', '/api/admin/what-if/result?optionId=2-LIV&outcome=loss'))
      .body as ImpactPreview;
    expect(preview).toMatchObject({ periodId: 2, effect: 'pending', changes: [] });
    expect(preview.onReopen).toEqual([
      {
        userId: bob.user.id,
        displayName: 'Bob Baker',
        overall: { before: { rank: 1, points: 12, wins: 4 }, after: { rank: 1, points: 9, wins: 3 } },
        last10: null,
        survivor: {
          before: {
            rank: 1,
            points: 9,
            wins: 3,
            isEliminated: false,
            strikeCount: 1,
            eliminatedInPeriod: null,
          },
          after: {
            rank: 1,
            points: 6,
            wins: 2,
            isEliminated: false,
            strikeCount: 0,
            eliminatedInPeriod: null,
          },
        },
      },
      {
        userId: ann.user.id,
        displayName: 'Ann Able',
        overall: null,
        last10: null,
        survivor: {
          before: {
            rank: 2,
            points: 5,
            wins: 1,
            isEliminated: false,
            strikeCount: 1,
            eliminatedInPeriod: null,
          },
          after: {
            rank: 2,
            points: 4,
            wins: 1,
            isEliminated: false,
            strikeCount: 0,
            eliminatedInPeriod: null,
          },
        },
      },
      {
        userId: cat.user.id,
        displayName: 'Cat Cole',
        overall: null,
        last10: null,
        survivor: {
          before: { rank: 3, points: 3, wins: 1, isEliminated: true, strikeCount: 2, eliminatedInPeriod: 2 },
          after: {
            rank: 3,
            points: 0,
            wins: 0,
            isEliminated: false,
            strikeCount: 1,
            eliminatedInPeriod: null,
          },
        },
      },
    ]);
    const deletion = await admin.request('GET', '/api/admin/what-if/result?optionId=2-LIV&outcome=none');
    expect(deletion.body).toMatchObject({ statusCode: 409, code: 'RESULT_PERIOD_COMPLETED' });
    expect(
      (await admin.request('GET', '/api/admin/what-if/result?optionId=3-XYZ&outcome=win')).body,
    ).toMatchObject({ code: 'OPTION_NOT_FOUND' });
    expect(
      (await admin.request('GET', '/api/admin/what-if/result?optionId=3-ARS&outcome=maybe')).status,
    ).toBe(400);
    expect(await headPosition()).toBe(head);
  });

  it('previews reopening a period with a held result, and writes nothing', async () => {
    // A held correction: the provider-style pending result that reopening applies.
    const held = await admin.request('POST', '/api/results', {
      force: true,
      optionId: '2-MCI',
      outcome: 'loss',
    });
    expect(held.body).toMatchObject({ status: 'pending' });
    const head = await headPosition();
    const survivorBefore = await live(admin, 'survivor');

    const preview = (await admin.request('GET', '/api/admin/what-if/reopen/2')).body as ImpactPreview;
    expect(preview.effect).toBe('reopened');
    expect(preview.appliedResults).toEqual([
      { optionId: '2-MCI', optionName: 'Manchester City FC', outcome: 'loss' },
    ]);
    expect(
      preview.changes.map((c) => [
        c.displayName,
        c.overall,
        c.survivor?.after?.strikeCount,
        c.survivor?.after?.isEliminated,
      ]),
    ).toEqual([
      ['Bob Baker', null, 0, false],
      ['Ann Able', null, 0, false],
      [
        'Cat Cole',
        { before: { rank: 3, points: 3, wins: 1 }, after: { rank: 3, points: 0, wins: 0 } },
        1,
        false,
      ],
    ]);
    expect((await admin.request('GET', '/api/admin/what-if/reopen/3')).body).toMatchObject({
      statusCode: 409,
      code: 'PERIOD_NOT_REOPENABLE',
    });

    expect(await headPosition()).toBe(head);
    expect(await live(admin, 'survivor')).toEqual(survivorBefore);
  });

  it('previews a completion: who would move, which options have no result, and writes nothing', async () => {
    const head = await headPosition();
    const response = await admin.request('GET', '/api/admin/what-if/complete/3');
    expect(response.status).toBe(200);
    const preview = response.body as ImpactPreview;
    expect(preview).toMatchObject({ periodId: 3, effect: 'completed', appliedResults: [], onReopen: null });
    const withResults = (
      (await admin.request('GET', '/api/results/period/3')).body as { optionId: string }[]
    ).map((r) => r.optionId);
    expect(preview.missingResults!.length).toBe(20 - withResults.length);
    expect(preview.missingResults!.map((option) => option.optionId)).not.toEqual(
      expect.arrayContaining(withResults.slice(0, 1)),
    );
    expect(preview.missingResults![0]).toEqual({
      optionId: expect.stringMatching(/^3-/),
      optionName: expect.any(String),
    });
    expect((await admin.request('GET', '/api/admin/what-if/complete/2')).body).toMatchObject({
      statusCode: 409,
      code: 'PERIOD_ALREADY_COMPLETED',
    });
    expect((await ann.request('GET', '/api/admin/what-if/complete/3')).status).toBe(403);
    expect(await headPosition()).toBe(head);
  });

  it('equals the live leaderboards as of the last completed period', async () => {
    await complete(3);
    for (const kind of kinds) {
      const asOf = (await admin.request('GET', `/api/admin/standings-as-of?period=3&kind=${kind}`))
        .body as StandingsAsOf;
      expect(asOf.rows).toEqual(await live(admin, kind));
    }
  });

  it('lists the audit history by user and option, paged, with actor and subject names', async () => {
    const byOption = (await admin.request('GET', '/api/admin/audit?optionId=2-MCI')).body as AuditEntry[];
    expect(byOption.map((entry) => entry.type)).toEqual([
      'ResultHeldPending',
      'ResultRecorded',
      'ChoiceMade',
    ]);
    expect(byOption[2]).toMatchObject({
      source: 'player',
      actorName: 'Cat Cole',
      userName: 'Cat Cole',
      periodId: 2,
    });
    expect(byOption[0]).toMatchObject({ source: 'admin', actorName: 'Ada Admin' });

    const all = (await admin.request('GET', `/api/admin/audit?userId=${ann.user.id}`)).body as AuditEntry[];
    const firstPage = (await admin.request('GET', `/api/admin/audit?userId=${ann.user.id}&limit=2`))
      .body as AuditEntry[];
    const secondPage = (await admin.request('GET', `/api/admin/audit?userId=${ann.user.id}&limit=2&offset=2`))
      .body as AuditEntry[];
    expect(all.length).toBeGreaterThan(4);
    expect([...firstPage, ...secondPage]).toEqual(all.slice(0, 4));
  });
});
