import { describe, expect, it } from '@jest/globals';
import { defaultRules, type PoolRules } from '@treble/contracts';
import { liveTable, type LiveBase, type LiveEntrant, type Provisional } from './live-table.js';

const entrant = (name: string, figures: Partial<LiveEntrant> = {}): LiveEntrant => ({
  userId: `id-${name}`,
  firstName: name,
  lastName: null,
  displayName: name,
  profileImageUrl: null,
  nameOrder: name.charCodeAt(0),
  officialRank: 1,
  points: 0,
  wins: 0,
  ...figures,
});

const win: Provisional = { points: 3, win: 1, loss: 0 };
const draw: Provisional = { points: 1, win: 0, loss: 0 };
const loss: Provisional = { points: 0, win: 0, loss: 1 };

const base = (
  kind: LiveBase['kind'],
  entrants: LiveEntrant[],
  picks: Record<string, number[]>,
): LiveBase => ({
  kind,
  periodId: 5,
  entrants,
  picks: new Map(Object.entries(picks)),
});

const table = (b: LiveBase, scores: Record<string, Provisional>, rules: PoolRules = defaultRules) =>
  liveTable(b, new Map(Object.entries(scores)), rules).map((row) => ({
    name: row.displayName,
    rank: row.rank,
    points: row.totalPoints,
    live: row.livePoints,
    ...(b.kind === 'survivor' ? { strike: row.wouldStrike, out: row.wouldBeEliminated } : {}),
  }));

describe('the live table', () => {
  it('adds what the current scores would bring and ranks as the official boards do (1, 2, 2, 4), ties by name', () => {
    const b = base(
      'overall',
      [
        entrant('Cy', { points: 6, wins: 2 }),
        entrant('Ann', { points: 3, wins: 1 }),
        entrant('Bo'),
        entrant('Di'),
      ],
      { LIV: [1, 2], BOU: [3], ARS: [0], CHE: [] },
    );
    expect(table(b, { LIV: win, BOU: loss, ARS: draw })).toEqual([
      { name: 'Cy', rank: 1, points: 7, live: 1 },
      { name: 'Ann', rank: 2, points: 6, live: 3 },
      { name: 'Bo', rank: 3, points: 3, live: 3 },
      { name: 'Di', rank: 4, points: 0, live: 0 },
    ]);
    // Level scores: Bo and Di tie on points and winning picks, listed by name.
    expect(table(b, { LIV: draw, BOU: draw }).slice(2)).toEqual([
      { name: 'Bo', rank: 3, points: 1, live: 1 },
      { name: 'Di', rank: 3, points: 1, live: 1 },
    ]);
    // A match not started (no score) adds nothing.
    expect(table(b, {}).map((row) => row.live)).toEqual([0, 0, 0, 0]);
  });

  it('judges Survivor as if the matchweek completed now: strikes, the last one out, rollovers', () => {
    const survivors = [
      entrant('Ann', { strikeCount: 2, eliminatedInPeriod: null, periodPoints: 0 }),
      entrant('Bo', { strikeCount: 0, eliminatedInPeriod: null, periodPoints: 3 }),
      entrant('Cy', { strikeCount: 3, eliminatedInPeriod: 2, points: 9 }),
    ];
    const b = base('survivor', survivors, { LIV: [0], BOU: [1] });
    // Ann's 3 points would be a strike (3 or less), her third: out. Bo has 3 + 3 = 6: safe.
    expect(table(b, { LIV: win, BOU: win })).toEqual([
      { name: 'Bo', rank: 1, points: 6, live: 6, strike: false, out: false },
      { name: 'Ann', rank: 2, points: 3, live: 3, strike: true, out: true },
      { name: 'Cy', rank: 3, points: 9, live: 0, strike: false, out: false },
    ]);
    // If every player still in would be knocked out, nobody is struck (rollover).
    const both = base('survivor', [survivors[0]!, { ...survivors[1]!, strikeCount: 2, periodPoints: 0 }], {
      LIV: [0],
      BOU: [1],
    });
    expect(table(both, { LIV: loss, BOU: loss }).map((row) => [row.strike, row.out])).toEqual([
      [false, false],
      [false, false],
    ]);
  });
});
