import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { defaultRules } from '@treble/contracts';
import { databaseTargets } from '../../../test/support/databases.js';
import { StandingsHarness, uid } from '../../../test/support/standings-harness.js';
import { defaultPrizes, type PrizeDraft } from '../../prizes/domain/prize.js';
import { PayoutQueries } from '../../prizes/queries/payout.queries.js';
import { ChoiceQueries } from './choice.queries.js';
import { ExportQueries } from './export.queries.js';
import { PerformanceQueries } from './performance.queries.js';
import { UserStatsQueries } from './user-stats.queries.js';

const ann = uid(1);
const bob = uid(2);
const cat = uid(3);
const dan = uid(4);
const nobody = uid(9);

/**
 * Periods 1-3 completed, 4 open with results, 5 open without any.
 *   Ann: 9 (WWW), 4 (WDL), 2 (DDL), 3 (W, and a voided D), 5: W, D and a custom option, no results.
 *   Bob: 9, 9, -, 0.   Dan: 9, 4, 2, 3 (as Ann, without the voided pick).   Cat: 1 in period 1 only.
 */
describe.each(databaseTargets)('standings queries on $name', (target) => {
  let h: StandingsHarness;

  beforeAll(async () => {
    h = await StandingsHarness.open(target);
    await h.addUser(ann, 'Ann', null, 'ann@x.io');
    await h.addUser(bob, 'Bob', null, 'bob@x.io');
    await h.addUser(cat, 'Cat', null, 'cat@x.io');
    await h.addUser(dan, 'Dan', null, 'dan@x.io');
    for (let period = 1; period <= 5; period++) await h.schedule(period);
    const plan: Record<string, string[]> = {
      [ann]: ['WWW', 'WDL', 'DDL', 'W', 'WD'],
      [bob]: ['WWW', 'WWW', '', 'L', ''],
      [dan]: ['WWW', 'WDL', 'DDL', 'W', ''],
      [cat]: ['D', '', '', '', ''],
    };
    for (let period = 1; period <= 5; period++) {
      for (const [user, patterns] of Object.entries(plan)) await h.play(user, period, patterns[period - 1]!);
    }
    await h.voidPick(await h.pick(ann, 4, 'D1'));
    await h.pick(ann, 5, 'SEA', 'Brighton, "Seagulls"');
    for (let period = 1; period <= 4; period++) await h.scoreKinds(period);
    for (let period = 1; period <= 3; period++) await h.complete(period);
    await h.sync();
  }, 120_000);

  afterAll(async () => h?.close());

  it('serves a player their stats: ranks, live total, survivor status and scores by period', async () => {
    const stats = new UserStatsQueries(h.database, defaultRules);
    expect(await stats.forUser(ann)).toEqual({
      overallRank: 2,
      last10Rank: null,
      survivorRank: 2,
      totalPoints: 18,
      isEliminated: false,
      strikeCount: 1,
      // Scored periods only: period 5 has no result yet (picked ahead, it is no "0 pts Loss").
      scores: [
        { periodId: 1, totalPoints: 9, isCompleted: true, picks: 3, scoredPicks: 3 },
        { periodId: 2, totalPoints: 4, isCompleted: true, picks: 3, scoredPicks: 3 },
        { periodId: 3, totalPoints: 2, isCompleted: true, picks: 3, scoredPicks: 3 },
        { periodId: 4, totalPoints: 3, isCompleted: false, picks: 2, scoredPicks: 1 },
      ],
    });
    expect(await stats.forUser(cat)).toMatchObject({
      overallRank: 4,
      survivorRank: 4,
      isEliminated: true,
      strikeCount: 3,
    });
    expect(await stats.forUser(nobody)).toEqual({
      overallRank: null,
      last10Rank: null,
      survivorRank: null,
      totalPoints: 0,
      isEliminated: false,
      strikeCount: 0,
      scores: [],
    });
  });

  it('analyses performance over the scored periods: accuracy, best, average, consistency, trend', async () => {
    const performance = new PerformanceQueries(h.database, defaultRules);
    expect(await performance.detailed(ann)).toEqual({
      totalPoints: 18,
      overallAccuracy: 45.45, // 5 winning picks of 11 (the voided one counts as a pick)
      currentRank: 2,
      periodsPlayed: 4, // period 5 has no result yet
      bestPeriod: { points: 9, periodId: 1 },
      averagePoints: 4.5,
      consistencyScore: 2.69, // population standard deviation of 9, 4, 2, 3
      trend: 'declining', // (2 + 3) / 2 against (9 + 4) / 2
    });
    expect(await performance.trends(ann)).toEqual([
      { periodId: 1, points: 9, accuracy: 100 },
      { periodId: 2, points: 4, accuracy: 33.33 },
      { periodId: 3, points: 2, accuracy: 0 },
      { periodId: 4, points: 3, accuracy: 50 },
    ]);
    expect(await performance.detailed(nobody)).toEqual({
      totalPoints: 0,
      overallAccuracy: 0,
      currentRank: null,
      periodsPlayed: 0,
      bestPeriod: null,
      averagePoints: 0,
      consistencyScore: 0,
      trend: 'stable',
    });
  });

  it('compares up to 5 periods with the rank in each, the picks and their results', async () => {
    const performance = new PerformanceQueries(h.database, defaultRules);
    const win = (team: string, period: number) => ({
      id: expect.any(String),
      optionId: `${period}-${team}`,
      optionName: team,
      points: 3,
      result: 'win',
      voided: false,
    });
    const compared = await performance.compare(ann, [5, 2, 1, 4, 9]);
    expect(compared).toEqual([
      {
        periodId: 1,
        periodName: 'Matchweek 1',
        rank: 1, // with Bob and Dan
        totalPoints: 9,
        accuracy: 100,
        correctPicks: 3,
        totalPicks: 3,
        choices: [win('W1', 1), win('W2', 1), win('W3', 1)],
      },
      {
        periodId: 2,
        periodName: 'Matchweek 2',
        rank: 2, // Bob's 9 ahead; level with Dan
        totalPoints: 4,
        accuracy: 33.33,
        correctPicks: 1,
        totalPicks: 3,
        choices: [
          win('W1', 2),
          {
            id: expect.any(String),
            optionId: '2-D1',
            optionName: 'D1',
            points: 1,
            result: 'draw',
            voided: false,
          },
          {
            id: expect.any(String),
            optionId: '2-L1',
            optionName: 'L1',
            points: 0,
            result: 'loss',
            voided: false,
          },
        ],
      },
      {
        periodId: 4,
        periodName: 'Matchweek 4',
        rank: 1, // level with Dan: 3 points and a win each
        totalPoints: 3,
        accuracy: 50,
        correctPicks: 1,
        totalPicks: 2,
        choices: [
          win('W1', 4),
          {
            id: expect.any(String),
            optionId: '4-D1',
            optionName: 'D1',
            points: 0,
            result: null,
            voided: true,
          },
        ],
      },
      {
        periodId: 5,
        periodName: 'Matchweek 5',
        rank: 1,
        totalPoints: 0,
        accuracy: 0,
        correctPicks: 0,
        totalPicks: 3,
        choices: [
          {
            id: expect.any(String),
            optionId: '5-W1',
            optionName: 'W1',
            points: 0,
            result: null,
            voided: false,
          },
          {
            id: expect.any(String),
            optionId: '5-D1',
            optionName: 'D1',
            points: 0,
            result: null,
            voided: false,
          },
          {
            id: expect.any(String),
            optionId: '5-SEA',
            optionName: 'Brighton, "Seagulls"',
            points: 0,
            result: null,
            voided: false,
          },
        ],
      },
      {
        periodId: 9,
        periodName: 'Period 9',
        rank: null,
        totalPoints: 0,
        accuracy: 0,
        correctPicks: 0,
        totalPicks: 0,
        choices: [],
      },
    ]);
    expect(await performance.compare(ann, [])).toEqual([]);
    await expect(performance.compare(ann, [1, 2, 3, 4, 5, 6])).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(performance.compare(ann, [0])).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('exports a player’s picks, results and scores as RFC 4180 CSV', async () => {
    const csv = await new ExportQueries(h.database, defaultRules).picksCsv(ann);
    const row = (
      period: number,
      team: string,
      status: string,
      outcome: string,
      points: number,
      periodPoints: number,
      name = team,
    ) =>
      `${period},Matchweek ${period},main,${period}-${team},${name},${team},${status},${outcome},${points},${periodPoints}`;
    expect(csv).toBe(
      [
        'Period,Period Name,Segment,Option ID,Option,Team,Status,Outcome,Points,Period Points',
        row(1, 'W1', 'active', 'win', 3, 9),
        row(1, 'W2', 'active', 'win', 3, 9),
        row(1, 'W3', 'active', 'win', 3, 9),
        row(2, 'W1', 'active', 'win', 3, 4),
        row(2, 'D1', 'active', 'draw', 1, 4),
        row(2, 'L1', 'active', 'loss', 0, 4),
        row(3, 'D1', 'active', 'draw', 1, 2),
        row(3, 'D2', 'active', 'draw', 1, 2),
        row(3, 'L1', 'active', 'loss', 0, 2),
        row(4, 'W1', 'active', 'win', 3, 3),
        row(4, 'D1', 'voided', '', 0, 3),
        row(5, 'W1', 'active', '', 0, 0),
        row(5, 'D1', 'active', '', 0, 0),
        row(5, 'SEA', 'active', '', 0, 0, '"Brighton, ""Seagulls"""'),
        '',
      ].join('\r\n'),
    );
    expect(await new ExportQueries(h.database, defaultRules).picksCsv(nobody)).toBe(
      'Period,Period Name,Segment,Option ID,Option,Team,Status,Outcome,Points,Period Points\r\n',
    );
  });

  it('pays the active prizes as if the season ended now, tied players sharing the tied positions', async () => {
    const prizes: PrizeDraft[] = [
      ...defaultPrizes,
      {
        competition: 'overall',
        position: '4th',
        amount: '10.00',
        currency: 'USD',
        description: null,
        isActive: false,
      },
    ];
    const leaderboards = h.leaderboards;
    expect((await leaderboards.top('overall', 2)).map((row) => [row.rank, row.displayName])).toEqual([
      [1, 'Bob'],
      [2, 'Ann'],
      [2, 'Dan'],
    ]);
    const payouts = await new PayoutQueries(leaderboards).payouts(prizes);
    expect(
      payouts.map((p) => [p.competition, p.displayName, p.rank, p.positions, p.sharedBy, p.amounts]),
    ).toEqual([
      ['overall', 'Bob', 1, [1], 1, [{ currency: 'USD', amount: '1000.00' }]],
      ['overall', 'Ann', 2, [2, 3], 2, [{ currency: 'USD', amount: '75.00' }]],
      ['overall', 'Dan', 2, [2, 3], 2, [{ currency: 'USD', amount: '75.00' }]],
      ['survivor', 'Bob', 1, [1], 1, [{ currency: 'USD', amount: '1000.00' }]],
    ]);
    expect(payouts[0]).toMatchObject({ userId: bob, email: 'bob@x.io', firstName: 'Bob' });
  });

  it('serves everyone’s picks of a period and a player’s team usage', async () => {
    const choices = new ChoiceQueries(h.database);
    expect((await choices.forPeriod(1)).map((c) => [c.userId, c.optionId])).toEqual([
      [ann, '1-W1'],
      [ann, '1-W2'],
      [ann, '1-W3'],
      [bob, '1-W1'],
      [bob, '1-W2'],
      [bob, '1-W3'],
      [cat, '1-D1'],
      [dan, '1-W1'],
      [dan, '1-W2'],
      [dan, '1-W3'],
    ]);
    expect((await choices.usage(ann)).find((u) => u.teamKey === 'W1')).toEqual({
      teamKey: 'W1',
      teamName: 'W1',
      uses: 4,
    });
  });
});
