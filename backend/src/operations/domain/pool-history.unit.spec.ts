import { describe, expect, it } from '@jest/globals';
import { defaultRules, type PoolRules } from '@treble/contracts';
import type { Outcome } from '../../results/domain/outcome.js';
import type { StandingsUser } from '../../standings/domain/index.js';
import { type HistoryEvent, PoolHistory, type PoolStandings, standingsImpact } from './pool-history.js';

/*
 * The fold behind standings-as-of and the what-if previews, on small hand-made histories: given the
 * events of the log, then these standings (the integration spec compares it with the live
 * leaderboards on random games; these say which event does what).
 */

const users: StandingsUser[] = [
  { id: 'ann', firstName: 'Ann', lastName: 'Archer' },
  { id: 'bob', firstName: 'Bob', lastName: 'Baker' },
  { id: 'cat', firstName: 'Cat', lastName: 'Cole' },
];

const scheduled = (periodId: number, segment: 'main' | 'last10' | null = null): HistoryEvent => ({
  type: 'PeriodScheduled',
  data: {
    periodId,
    season: '2025-26',
    name: `Matchweek ${periodId}`,
    description: null,
    segment,
    startDate: '2025-08-15T00:00:00.000Z',
    endDate: '2025-08-18T23:59:59.000Z',
    fixtures: [],
  },
});
const completed = (periodId: number): HistoryEvent => ({
  type: 'PeriodCompleted',
  data: { periodId, manual: true, completedAt: '2025-08-19T00:00:00.000Z' },
});
const result = (periodId: number, team: string, outcome: Outcome): HistoryEvent => ({
  type: 'ResultRecorded',
  data: {
    periodId,
    optionId: `${periodId}-${team}`,
    outcome,
    points: defaultRules.points[outcome],
    source: 'admin',
  },
});
const made = (choiceId: string, userId: string, periodId: number, team: string): HistoryEvent => ({
  type: 'ChoiceMade',
  data: { choiceId, userId, periodId, optionId: `${periodId}-${team}`, teamKey: team, teamName: team },
});

const given = (...events: HistoryEvent[]) => PoolHistory.empty().applyAll(events);
const overall = (standings: PoolStandings) =>
  standings.overall.map(({ userId, rank, points, wins }) => ({ userId, rank, points, wins }));

describe('the pool history fold', () => {
  it('scores a pick by its option result: a win, a draw and a loss in one period', () => {
    const history = given(
      scheduled(1),
      made('c1', 'ann', 1, 'ARS'),
      made('c2', 'ann', 1, 'CHE'),
      made('c3', 'bob', 1, 'LIV'),
      result(1, 'ARS', 'win'),
      result(1, 'CHE', 'draw'),
      result(1, 'LIV', 'loss'),
    );
    expect(overall(history.standings(users, defaultRules))).toEqual([
      { userId: 'ann', rank: 1, points: 4, wins: 1 },
      { userId: 'bob', rank: 2, points: 0, wins: 0 },
    ]);
  });

  it('keeps the first pick of a choice id when the same ChoiceMade is read twice', () => {
    const history = given(
      scheduled(1),
      made('c1', 'ann', 1, 'ARS'),
      made('c1', 'ann', 1, 'CHE'),
      result(1, 'ARS', 'win'),
    );
    expect(overall(history.standings(users, defaultRules))).toEqual([
      { userId: 'ann', rank: 1, points: 3, wins: 1 },
    ]);
  });

  it('counts each pick of a retroactive entry once, and keeps an earlier pick of the same choice id', () => {
    const history = given(
      scheduled(1),
      made('c1', 'ann', 1, 'ARS'),
      {
        type: 'RetroactiveChoicesMade',
        data: {
          userId: 'ann',
          periodId: 1,
          choices: [
            { choiceId: 'c1', optionId: '1-LIV', teamKey: 'LIV', teamName: 'LIV' },
            { choiceId: 'c2', optionId: '1-CHE', teamKey: 'CHE', teamName: 'CHE' },
          ],
        },
      },
      result(1, 'ARS', 'win'),
      result(1, 'CHE', 'win'),
      result(1, 'LIV', 'draw'),
    );
    expect(overall(history.standings(users, defaultRules))).toEqual([
      { userId: 'ann', rank: 1, points: 6, wins: 2 },
    ]);
  });

  it('drops a withdrawn pick and every pick of a cleared period, but keeps a voided one as an entrant scoring 0', () => {
    const history = given(
      scheduled(1),
      made('c1', 'ann', 1, 'ARS'),
      made('c2', 'bob', 1, 'ARS'),
      made('c3', 'cat', 1, 'ARS'),
      made('c4', 'cat', 1, 'CHE'),
      result(1, 'ARS', 'win'),
      result(1, 'CHE', 'win'),
      {
        type: 'ChoiceWithdrawn',
        data: { choiceId: 'c1', userId: 'ann', periodId: 1, optionId: '1-ARS', teamKey: 'ARS' },
      },
      {
        type: 'ChoiceVoided',
        data: {
          choiceId: 'c2',
          userId: 'bob',
          periodId: 1,
          optionId: '1-ARS',
          teamKey: 'ARS',
          reason: 'postponed',
        },
      },
      {
        type: 'ChoiceVoided',
        data: {
          choiceId: 'unknown',
          userId: 'bob',
          periodId: 1,
          optionId: '1-ARS',
          teamKey: 'ARS',
          reason: 'postponed',
        },
      },
      { type: 'PeriodChoicesCleared', data: { userId: 'cat', periodId: 1, choiceIds: ['c3', 'c4'] } },
    );
    expect(overall(history.standings(users, defaultRules))).toEqual([
      { userId: 'bob', rank: 1, points: 0, wins: 0 },
    ]);
  });

  it('folds each period by its own events, and ignores period events without a period id and events of other contexts', () => {
    const history = given(
      scheduled(1),
      scheduled(2),
      made('c1', 'ann', 1, 'ARS'),
      made('c2', 'ann', 2, 'ARS'),
      result(2, 'ARS', 'win'),
      completed(2),
      { type: 'PeriodActivated', data: { periodId: '1' } },
      { type: 'UserRegistered', data: { periodId: 1, userId: 'ann' } },
    );
    expect(history.period(2)).toMatchObject({ scheduled: true, periodId: 2, isCompleted: true });
    expect(history.period(1)).toMatchObject({
      scheduled: true,
      periodId: 1,
      isActive: false,
      isCompleted: false,
    });
    expect(history.period(1).results.results.size).toBe(0);
    expect(history.period(3)).toMatchObject({ scheduled: false, periodId: null });
    expect(overall(history.standings(users, defaultRules))).toEqual([
      { userId: 'ann', rank: 1, points: 3, wins: 1 },
    ]);
  });

  it('ignores a result that names no period', () => {
    const history = given(scheduled(1), made('c1', 'ann', 1, 'ARS'), {
      type: 'ResultRecorded',
      data: { optionId: '1-ARS', outcome: 'win', points: 3, source: 'admin' },
    });
    expect(overall(history.standings(users, defaultRules))).toEqual([
      { userId: 'ann', rank: 1, points: 0, wins: 0 },
    ]);
  });

  it('puts a period in Last 10 by its segment, or by the rules when it has none', () => {
    const rules: PoolRules = { ...defaultRules, last10FirstPeriod: 2 };
    const history = given(
      scheduled(1, 'last10'),
      scheduled(2),
      scheduled(3, 'main'),
      made('c1', 'ann', 1, 'ARS'),
      made('c2', 'bob', 2, 'ARS'),
      made('c3', 'cat', 3, 'ARS'),
      result(1, 'ARS', 'win'),
      result(2, 'ARS', 'draw'),
      result(3, 'ARS', 'win'),
    );
    expect(
      history.standings(users, rules).last10.map(({ userId, points, badge }) => ({ userId, points, badge })),
    ).toEqual([
      { userId: 'ann', points: 3, badge: 'Cold' },
      { userId: 'bob', points: 1, badge: 'Cold' },
    ]);
  });

  it('counts survivor strikes in completed periods only', () => {
    const rules: PoolRules = {
      ...defaultRules,
      survivor: { mode: 'loss', strikeBelow: 4, strikesToEliminate: 1 },
    };
    const history = given(
      scheduled(1),
      scheduled(2),
      made('c1', 'ann', 1, 'ARS'),
      made('c2', 'bob', 1, 'CHE'),
      made('c3', 'ann', 2, 'CHE'),
      made('c4', 'bob', 2, 'ARS'),
      result(1, 'ARS', 'win'),
      result(1, 'CHE', 'loss'),
      result(2, 'ARS', 'loss'),
      result(2, 'CHE', 'win'),
      completed(1),
    );
    expect(
      history.standings(users, rules).survivor.map(({ userId, isEliminated, eliminatedInPeriod }) => ({
        userId,
        isEliminated,
        eliminatedInPeriod,
      })),
    ).toEqual([
      { userId: 'ann', isEliminated: false, eliminatedInPeriod: null },
      { userId: 'bob', isEliminated: true, eliminatedInPeriod: 1 },
    ]);
  });

  it('gives a clone of its own: what happens to the copy leaves the original as it was', () => {
    const history = given(scheduled(1), made('c1', 'ann', 1, 'ARS'));
    const whatIf = history.clone();
    whatIf.apply(result(1, 'ARS', 'win'));
    whatIf.apply(made('c2', 'bob', 1, 'ARS'));
    expect(overall(whatIf.standings(users, defaultRules))).toEqual([
      { userId: 'ann', rank: 1, points: 3, wins: 1 },
      { userId: 'bob', rank: 1, points: 3, wins: 1 },
    ]);
    expect(overall(history.standings(users, defaultRules))).toEqual([
      { userId: 'ann', rank: 1, points: 0, wins: 0 },
    ]);
    expect(history.period(1).results.results.size).toBe(0);
  });
});

describe('the impact of a change on the standings', () => {
  const row = (userId: string, points: number) => ({
    userId,
    displayName: userId.toUpperCase(),
    rank: 1,
    points,
    wins: 0,
  });
  const empty: PoolStandings = { overall: [], last10: [], survivor: [] };

  it('orders players still in Overall by their place after the change, then those who left it by their place before, then the rest by id', () => {
    const before: PoolStandings = {
      ...empty,
      overall: [row('zed', 5), row('bob', 4), row('amy', 3)],
      last10: [
        { ...row('kim', 0), badge: 'Cold' },
        { ...row('ian', 0), badge: 'Cold' },
      ],
    };
    const after: PoolStandings = { ...empty, overall: [row('amy', 9), row('zed', 6)] };
    expect(standingsImpact(before, after).map((impact) => impact.userId)).toEqual([
      'amy',
      'zed',
      'bob',
      'ian',
      'kim',
    ]);
  });

  const base = [
    scheduled(1),
    scheduled(30, 'last10'),
    made('c1', 'ann', 1, 'ARS'),
    made('c2', 'bob', 1, 'CHE'),
    made('c3', 'cat', 30, 'LIV'),
  ];

  it('lists only the players who move, in the order of the Overall standings after the change', () => {
    const before = given(...base, result(1, 'ARS', 'win')).standings(users, defaultRules);
    const after = given(
      ...base,
      result(1, 'ARS', 'win'),
      result(1, 'CHE', 'win'),
      result(30, 'LIV', 'draw'),
    ).standings(users, defaultRules);
    expect(standingsImpact(before, after)).toEqual([
      {
        userId: 'bob',
        displayName: 'Bob Baker',
        overall: { before: { rank: 2, points: 0, wins: 0 }, after: { rank: 1, points: 3, wins: 1 } },
        last10: null,
        survivor: null,
      },
      {
        userId: 'cat',
        displayName: 'Cat Cole',
        overall: { before: { rank: 2, points: 0, wins: 0 }, after: { rank: 3, points: 1, wins: 0 } },
        last10: { before: { rank: 1, points: 0, wins: 0 }, after: { rank: 1, points: 1, wins: 0 } },
        survivor: null,
      },
    ]);
  });

  it('shows a player who enters or leaves a competition with null on the side where they are not in it', () => {
    const before = given(...base).standings(users, defaultRules);
    const after = given(...base, {
      type: 'ChoiceWithdrawn',
      data: { choiceId: 'c1', userId: 'ann', periodId: 1, optionId: '1-ARS', teamKey: 'ARS' },
    }).standings(users, defaultRules);
    const [ann, ...rest] = standingsImpact(before, after);
    expect(ann).toEqual({
      userId: 'ann',
      displayName: 'Ann Archer',
      overall: { before: { rank: 1, points: 0, wins: 0 }, after: null },
      last10: null,
      survivor: {
        before: {
          rank: 1,
          points: 0,
          wins: 0,
          isEliminated: false,
          strikeCount: 0,
          eliminatedInPeriod: null,
        },
        after: null,
      },
    });
    expect(rest).toEqual([]);
    expect(standingsImpact(after, before).map((impact) => [impact.userId, impact.overall])).toEqual([
      ['ann', { before: null, after: { rank: 1, points: 0, wins: 0 } }],
    ]);
  });

  it('moves survivor figures when a completed period gives strikes, and orders players who left Overall by id after the rest', () => {
    const before = given(...base).standings(users, defaultRules);
    const after = given(...base, completed(1)).standings(users, defaultRules);
    expect(
      standingsImpact(before, after).map((impact) => [
        impact.userId,
        impact.overall,
        impact.survivor?.after?.strikeCount,
      ]),
    ).toEqual([
      ['ann', null, 1],
      ['bob', null, 1],
      ['cat', null, 1],
    ]);
    // A name is taken from the Overall and Survivor rows only.
    expect(
      standingsImpact(
        {
          ...empty,
          last10: [
            { ...row('zed', 0), badge: 'Cold' },
            { ...row('amy', 0), badge: 'Cold' },
          ],
        },
        empty,
      ).map((impact) => [impact.userId, impact.displayName]),
    ).toEqual([
      ['amy', 'amy'],
      ['zed', 'zed'],
    ]);
  });
});
