import { describe, expect, it } from '@jest/globals';
import { overallEntrants } from './standings.js';

const score = (userId: string, picks: number) => ({
  userId,
  periodId: 1,
  points: 0,
  wins: 0,
  picks,
  hasLosingPick: false,
});

describe('overallEntrants', () => {
  it('keeps a player with picks whom the user list no longer has, by id, after the known ones', () => {
    const users = [
      { id: 'ann', firstName: 'Ann' },
      { id: 'bob', firstName: 'Bob' },
    ];
    expect(
      overallEntrants(users, [score('gone', 2), score('bob', 1), score('ann', 0), score('old', 0)]),
    ).toEqual([{ id: 'bob', firstName: 'Bob' }, { id: 'gone' }]);
  });
});
