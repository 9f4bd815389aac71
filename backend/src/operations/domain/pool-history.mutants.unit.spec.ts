import { describe, expect, it } from '@jest/globals';
import { defaultRules } from '@treble/contracts';
import type { StandingsUser } from '../../standings/domain/index.js';
import { type HistoryEvent, PoolHistory, type PoolStandings, standingsImpact } from './pool-history.js';

const users: StandingsUser[] = [
  { id: 'ann', firstName: 'Ann', lastName: 'Archer' },
  { id: 'bob', firstName: 'Bob', lastName: 'Baker' },
];
const made = (choiceId: string, userId: string): HistoryEvent => ({
  type: 'ChoiceMade',
  data: { choiceId, userId, periodId: 1, optionId: '1-ARS', teamKey: 'ARS', teamName: 'Arsenal' },
});
const won: HistoryEvent = {
  type: 'ResultRecorded',
  data: { periodId: 1, optionId: '1-ARS', outcome: 'win', points: 3, source: 'admin' },
};
const seasonStarted = (season: string, previous: string | null): HistoryEvent => ({
  type: 'SeasonStarted',
  data: { season, scope: previous === null ? '' : season, previous },
});
const overallOf = (history: PoolHistory) =>
  history.standings(users, defaultRules).overall.map(({ userId, points }) => [userId, points]);

describe('the pool history fold across seasons', () => {
  it('starts the next season from nothing', () => {
    const history = PoolHistory.empty().applyAll([
      made('c1', 'ann'),
      won,
      seasonStarted('2026-27', '2025-26'),
    ]);
    expect(overallOf(history)).toEqual([]);
    expect(overallOf(history.applyAll([made('c2', 'bob')]))).toEqual([['bob', 0]]);
  });

  it("keeps what it has when the pool's first season is recorded (a pool from before pool years)", () => {
    const history = PoolHistory.empty().applyAll([made('c1', 'ann'), won, seasonStarted('2025-26', null)]);
    expect(overallOf(history)).toEqual([['ann', 3]]);
  });
});

describe('standingsImpact order of players outside Overall', () => {
  it('lists them by user id, whatever order they come in', () => {
    const row = (userId: string) => ({
      userId,
      displayName: userId,
      rank: 1,
      points: 0,
      wins: 0,
      badge: 'Cold',
    });
    const before: PoolStandings = {
      overall: [],
      last10: ['kim', 'bea', 'zoe', 'eve', 'ian'].map(row) as PoolStandings['last10'],
      survivor: [],
    };
    const after: PoolStandings = { overall: [], last10: [], survivor: [] };
    expect(standingsImpact(before, after).map((impact) => impact.userId)).toEqual([
      'bea',
      'eve',
      'ian',
      'kim',
      'zoe',
    ]);
  });
});
