import { describe, expect, it } from '@jest/globals';
import { defaultRules, type PoolRules } from '@treble/contracts';
import { displayName } from './display-name.js';
import { type PeriodScore, periodScores } from './period-scores.js';
import {
  last10Badge,
  last10Standings,
  overallEntrants,
  overallStandings,
  type PeriodInfo,
} from './standings.js';

const score = (userId: string, periodId: number, points: number, wins = 0, picks = 3): PeriodScore => ({
  userId,
  periodId,
  points,
  wins,
  picks,
  hasLosingPick: false,
});
const users = ['Ann', 'bob', 'Cat', 'Dan', 'Eve'].map((name) => ({
  id: name.toLowerCase(),
  firstName: name,
}));

describe('displayName', () => {
  it('falls back from full name to the masked e-mail to "Unknown User"', () => {
    expect(displayName({ firstName: 'Ann', lastName: 'Lee', email: 'ann@x.io' })).toBe('Ann Lee');
    expect(displayName({ firstName: ' Ann ', lastName: null, email: 'ann@x.io' })).toBe('Ann');
    expect(displayName({ firstName: ' ', lastName: '', email: 'ann@x.io' })).toBe('a…@x.io');
    expect(displayName({ email: 'zoë.smith@mail.example.com' })).toBe('z…@mail.example.com');
    expect(displayName({ email: null })).toBe('Unknown User');
    expect(displayName(undefined)).toBe('Unknown User');
  });
});

describe('periodScores', () => {
  const results = [
    { optionId: 'w', outcome: 'win' as const },
    { optionId: 'd', outcome: 'draw' as const },
    { optionId: 'l', outcome: 'loss' as const },
  ];

  it('adds the points of each pick, counts winning picks and notes a losing one', () => {
    const picks = ['w', 'd', 'l'].map((optionId) => ({ userId: 'ann', periodId: 1, optionId }));
    expect(periodScores(picks, results, defaultRules)).toEqual([
      { userId: 'ann', periodId: 1, points: 4, wins: 1, picks: 3, hasLosingPick: true },
    ]);
  });

  it('scores a voided pick and a pick without a result 0', () => {
    const picks = [
      { userId: 'ann', periodId: 1, optionId: 'w', voided: true },
      { userId: 'ann', periodId: 1, optionId: 'pending' },
      { userId: 'ann', periodId: 1, optionId: 'd' },
    ];
    expect(periodScores(picks, results, defaultRules)).toEqual([
      { userId: 'ann', periodId: 1, points: 1, wins: 0, picks: 3, hasLosingPick: false },
    ]);
  });

  it('uses the configured points and keeps one row per player and period', () => {
    const rules: PoolRules = { ...defaultRules, points: { win: 5, draw: 2, loss: 0 } };
    const picks = [
      { userId: 'bob', periodId: 2, optionId: 'w' },
      { userId: 'ann', periodId: 2, optionId: 'd' },
      { userId: 'ann', periodId: 1, optionId: 'w' },
    ];
    expect(periodScores(picks, results, rules).map((s) => [s.userId, s.periodId, s.points])).toEqual([
      ['ann', 1, 5],
      ['ann', 2, 2],
      ['bob', 2, 5],
    ]);
  });
});

describe('overallStandings', () => {
  it('ranks by points, then winning picks; equals share a rank, the next skips, equals listed by name', () => {
    const scores = [
      score('dan', 1, 9, 3),
      score('cat', 1, 6, 2),
      score('bob', 1, 6, 2),
      score('ann', 1, 6, 1),
      score('eve', 1, 3, 1),
    ];
    expect(
      overallStandings(users, scores).map((row) => [row.rank, row.displayName, row.points, row.wins]),
    ).toEqual([
      [1, 'Dan', 9, 3],
      [2, 'bob', 6, 2],
      [2, 'Cat', 6, 2],
      [4, 'Ann', 6, 1],
      [5, 'Eve', 3, 1],
    ]);
  });

  it('sums every period, completed or not, and enters only players with a pick', () => {
    const scores = [score('ann', 1, 3), score('ann', 2, 4, 1), score('bob', 1, 0, 0, 0)];
    expect(overallStandings(users, scores)).toEqual([
      { userId: 'ann', displayName: 'Ann', rank: 1, points: 7, wins: 1 },
    ]);
    expect(overallEntrants(users, scores).map((user) => user.id)).toEqual(['ann']);
  });

  it('names a player it does not know "Unknown User"', () => {
    expect(overallStandings([], [score('ghost', 1, 3)])[0]?.displayName).toBe('Unknown User');
  });
});

describe('last10Standings', () => {
  const periods: PeriodInfo[] = [
    { id: 5, segment: 'last10', isCompleted: true },
    { id: 29, segment: 'main', isCompleted: true },
    { id: 30, segment: 'last10', isCompleted: false },
  ];

  it('counts the periods whose segment is last10, whatever their number, and enters only players with such a pick', () => {
    const scores = [score('ann', 5, 4), score('ann', 29, 9), score('ann', 30, 3), score('bob', 29, 9)];
    expect(last10Standings(users, periods, scores, defaultRules)).toEqual([
      { userId: 'ann', displayName: 'Ann', rank: 1, points: 7, wins: 0, badge: 'Cold' },
    ]);
  });

  it('gives Hot from 25 points, Good from 20, otherwise Cold, as configured', () => {
    expect([25, 24, 20, 19].map((points) => last10Badge(points, defaultRules))).toEqual([
      'Hot',
      'Good',
      'Good',
      'Cold',
    ]);
    const rules: PoolRules = { ...defaultRules, last10Badges: { hot: 10, good: 5 } };
    expect([10, 9, 5, 4].map((points) => last10Badge(points, rules))).toEqual([
      'Hot',
      'Good',
      'Good',
      'Cold',
    ]);
  });
});
