import { describe, expect, it } from '@jest/globals';
import { defaultRules, type PoolRules } from '@treble/contracts';
import type { PeriodScore } from './period-scores.js';
import type { PeriodInfo } from './standings.js';
import { survivorStandings } from './survivor.js';

const entrants = ['ann', 'bob', 'cat'].map((id) => ({ id, firstName: id }));
const completed = (...ids: number[]): PeriodInfo[] =>
  ids.map((id) => ({ id, segment: 'main', isCompleted: true }));
/** Scores by player: one entry per period 1..n, as points (wins = points / 3 rounded down). */
function scoresOf(table: Record<string, number[]>, losing: Record<string, number[]> = {}): PeriodScore[] {
  return Object.entries(table).flatMap(([userId, points]) =>
    points.map((value, index) => ({
      userId,
      periodId: index + 1,
      points: value,
      wins: Math.floor(value / 3),
      picks: 3,
      hasLosingPick: losing[userId]?.includes(index + 1) ?? false,
    })),
  );
}
const row = (rows: ReturnType<typeof survivorStandings>, userId: string) =>
  rows.find((r) => r.userId === userId)!;

describe('survivorStandings', () => {
  it('strikes a completed period under 4 points (3 or less), not one of 4', () => {
    const rows = survivorStandings(
      entrants,
      completed(1),
      scoresOf({ ann: [3], bob: [4], cat: [9] }),
      defaultRules,
    );
    expect(row(rows, 'ann').strikeCount).toBe(1);
    expect(row(rows, 'bob').strikeCount).toBe(0);
  });

  it('counts a period without picks as 0 points', () => {
    const rows = survivorStandings(
      entrants,
      completed(1, 2),
      scoresOf({ ann: [9, 9], bob: [9], cat: [9, 9] }),
      defaultRules,
    );
    expect(row(rows, 'bob').strikeCount).toBe(1);
  });

  it('eliminates at the 3rd strike, with points up to and including the elimination period', () => {
    const scores = scoresOf({ ann: [3, 2, 1, 9, 9], bob: [6, 6, 6, 6, 6], cat: [9, 9, 9, 9, 9] });
    const rows = survivorStandings(entrants, completed(1, 2, 3, 4, 5), scores, defaultRules);
    expect(row(rows, 'ann')).toMatchObject({
      isEliminated: true,
      strikeCount: 3,
      eliminatedInPeriod: 3,
      points: 6,
      wins: 1,
    });
    expect(row(rows, 'bob')).toMatchObject({ isEliminated: false, strikeCount: 0, points: 30, wins: 10 });
  });

  it('folds only completed periods, in period-number order', () => {
    const scores = scoresOf({ ann: [3, 3, 3], bob: [9, 9, 9], cat: [9, 9, 9] });
    const periods: PeriodInfo[] = [
      { id: 3, segment: 'main', isCompleted: true },
      { id: 1, segment: 'main', isCompleted: true },
      { id: 2, segment: 'main', isCompleted: false },
    ];
    expect(row(survivorStandings(entrants, periods, scores, defaultRules), 'ann')).toMatchObject({
      strikeCount: 2,
      isEliminated: false,
      points: 6,
    });
    // Completing period 2 re-evaluates period 3: ann is now out there.
    const all = periods.map((period) => ({ ...period, isCompleted: true }));
    expect(row(survivorStandings(entrants, all, scores, defaultRules), 'ann')).toMatchObject({
      eliminatedInPeriod: 3,
      points: 9,
    });
  });

  it('rolls over a period that would eliminate every active player: nobody gets a strike', () => {
    const scores = scoresOf({ ann: [0, 0, 0, 0], bob: [0, 0, 0, 9], cat: [9, 9, 9, 0] });
    // Period 3 eliminates ann and bob because cat survives it. In period 4 cat, alone, gets a 1st
    // strike: that eliminates nobody, so it is an ordinary strike, not a rollover.
    const rows = survivorStandings(entrants, completed(1, 2, 3, 4), scores, defaultRules);
    expect(row(rows, 'ann').eliminatedInPeriod).toBe(3);
    expect(row(rows, 'bob').eliminatedInPeriod).toBe(3);
    expect(row(rows, 'cat')).toMatchObject({ isEliminated: false, strikeCount: 1 });

    const allOut = scoresOf({ ann: [0, 0, 0, 9], bob: [0, 0, 0, 0], cat: [9, 0, 0, 0] });
    const rolled = survivorStandings(entrants, completed(1, 2, 3, 4), allOut, defaultRules);
    // Period 3 would take ann and bob, but cat survives it (2nd strike): ann and bob are out.
    // Period 4 would eliminate cat, the last one active: rollover, no strike.
    expect(row(rolled, 'cat')).toMatchObject({ isEliminated: false, strikeCount: 2, points: 9 });
  });

  it('gives none of them a strike when everyone active would go out together', () => {
    const scores = scoresOf({ ann: [0, 0, 0], bob: [0, 0, 0], cat: [0, 0, 0] });
    const rows = survivorStandings(entrants, completed(1, 2, 3), scores, defaultRules);
    expect(rows.map((r) => [r.userId, r.isEliminated, r.strikeCount])).toEqual([
      ['ann', false, 2],
      ['bob', false, 2],
      ['cat', false, 2],
    ]);
    expect(rows.map((r) => r.rank)).toEqual([1, 1, 1]);
  });

  it('ranks active players first, then later eliminations, then points and winning picks', () => {
    const rules: PoolRules = {
      ...defaultRules,
      survivor: { ...defaultRules.survivor, strikesToEliminate: 1 },
    };
    const four = [...entrants, { id: 'dan', firstName: 'dan' }];
    const scores = scoresOf({ ann: [9, 3], bob: [3], cat: [9, 9], dan: [3] });
    const rows = survivorStandings(four, completed(1, 2), scores, rules);
    expect(rows.map((r) => [r.rank, r.userId, r.eliminatedInPeriod, r.points])).toEqual([
      [1, 'cat', null, 18],
      [2, 'ann', 2, 12],
      [3, 'bob', 1, 3],
      [3, 'dan', 1, 3],
    ]);
  });

  it('in loss mode strikes a period with a losing pick, whatever the points', () => {
    const rules: PoolRules = {
      ...defaultRules,
      survivor: { mode: 'loss', strikeBelow: 4, strikesToEliminate: 1 },
    };
    const scores = scoresOf({ ann: [6], bob: [1], cat: [9] }, { ann: [1] });
    const rows = survivorStandings(entrants, completed(1), scores, rules);
    expect(row(rows, 'ann')).toMatchObject({ isEliminated: true, eliminatedInPeriod: 1 });
    expect(row(rows, 'bob')).toMatchObject({ isEliminated: false, strikeCount: 0 });
  });

  it('takes the strike threshold and the strikes to eliminate from the rules', () => {
    const rules: PoolRules = {
      ...defaultRules,
      survivor: { mode: 'strikes', strikeBelow: 7, strikesToEliminate: 2 },
    };
    const scores = scoresOf({ ann: [6, 6], bob: [7, 7], cat: [9, 9] });
    const rows = survivorStandings(entrants, completed(1, 2), scores, rules);
    expect(row(rows, 'ann')).toMatchObject({ isEliminated: true, eliminatedInPeriod: 2 });
    expect(row(rows, 'bob').strikeCount).toBe(0);
  });
});
