import { describe, expect, it } from '@jest/globals';
import { defaultRules, type PoolRules } from '@treble/contracts';
import { compareByName, rankRows, type RankableRow } from './ranking.js';
import { isRollover, isStrike, survivorStandings } from './survivor.js';

const player = (userId: string, displayName: string, points = 0, wins = 0): RankableRow => ({
  userId,
  displayName,
  points,
  wins,
});

describe('compareByName (the order of players sharing a rank)', () => {
  it('orders names case-insensitively first, then exactly, then by user id', () => {
    const ann = player('u2', 'ann');
    const bob = player('u1', 'Bob');
    expect(compareByName(ann, bob)).toBeLessThan(0);
    expect(compareByName(bob, ann)).toBeGreaterThan(0);
    // Same name but for case: the exact code order decides ("Ann" before "ann").
    expect(compareByName(player('u9', 'Ann'), player('u1', 'ann'))).toBeLessThan(0);
    expect(compareByName(player('u1', 'ann'), player('u9', 'Ann'))).toBeGreaterThan(0);
    // Same name: the user id decides.
    expect(compareByName(player('u1', 'Ann'), player('u2', 'Ann'))).toBeLessThan(0);
    expect(compareByName(player('u2', 'Ann'), player('u1', 'Ann'))).toBeGreaterThan(0);
    expect(compareByName(player('u1', 'Ann'), player('u1', 'Ann'))).toBe(0);
  });

  it('lists players of equal rank by name whatever order they come in', () => {
    const rows = [player('u3', 'Ann'), player('u1', 'cat'), player('u2', 'Ann'), player('u4', 'bob')];
    const expected = ['u2', 'u3', 'u4', 'u1'];
    expect(rankRows(rows).map((row) => row.userId)).toEqual(expected);
    expect(rankRows([...rows].reverse()).map((row) => row.userId)).toEqual(expected);
    expect(rankRows(rows).map((row) => row.rank)).toEqual([1, 1, 1, 1]);
  });
});

describe('rankRows with tiers', () => {
  it('ranks a lower tier first even with fewer points, and never shares a rank across tiers', () => {
    const rows = [player('a', 'Ann', 30, 10), player('b', 'Bob', 12, 4), player('c', 'Cat', 12, 4)];
    const tierOf = new Map([
      ['a', 2],
      ['b', 0],
      ['c', 1],
    ]);
    const ranked = rankRows(rows, (row) => tierOf.get(row.userId)!);
    expect(ranked.map((row) => [row.userId, row.rank])).toEqual([
      ['b', 1],
      ['c', 2],
      ['a', 3],
    ]);
  });
});

describe('survivor rule', () => {
  const loss: PoolRules = { ...defaultRules, survivor: { ...defaultRules.survivor, mode: 'loss' } };

  it('in loss mode, a period without picks is no strike; a losing pick is', () => {
    expect(isStrike(undefined, loss)).toBe(false);
    const score = { userId: 'u', periodId: 1, points: 0, wins: 0, picks: 3, hasLosingPick: true };
    expect(isStrike(score, loss)).toBe(true);
    expect(isStrike({ ...score, points: 9, hasLosingPick: false }, loss)).toBe(false);
  });

  it('refuses a survivor mode it does not know', () => {
    const unknown = {
      ...defaultRules,
      survivor: { ...defaultRules.survivor, mode: 'sudden-death' },
    } as unknown as PoolRules;
    expect(() => isStrike(undefined, unknown)).toThrow('Unexpected value');
  });

  it('is a rollover only when every active player would go out, and never with nobody active', () => {
    expect(isRollover(3, 3)).toBe(true);
    expect(isRollover(3, 2)).toBe(false);
    expect(isRollover(0, 0)).toBe(false);
  });

  it('ranks active players above eliminated ones, and later eliminations above earlier ones, whatever the points', () => {
    const rules: PoolRules = {
      ...defaultRules,
      survivor: { ...defaultRules.survivor, strikesToEliminate: 2 },
    };
    const entrants = ['ann', 'bob', 'cat', 'dan'].map((id) => ({ id, firstName: id }));
    const points: Record<string, number[]> = { ann: [3, 30, 3], bob: [3, 3], cat: [4, 4, 4], dan: [0, 4, 0] };
    const scores = Object.entries(points).flatMap(([userId, list]) =>
      list.map((value, index) => ({
        userId,
        periodId: index + 1,
        points: value,
        wins: Math.floor(value / 3),
        picks: 3,
        hasLosingPick: false,
      })),
    );
    const periods = [1, 2, 3].map((id) => ({ id, segment: 'main' as const, isCompleted: true }));
    const rows = survivorStandings(entrants, periods, scores, rules);
    expect(rows.map((row) => [row.rank, row.userId, row.eliminatedInPeriod, row.points])).toEqual([
      [1, 'cat', null, 12],
      [2, 'ann', 3, 36],
      [3, 'dan', 3, 4],
      [4, 'bob', 2, 6],
    ]);
  });
});
