import { describe, expect, it } from '@jest/globals';
import { defaultRules } from '@treble/contracts';
import { periodScores } from './period-scores.js';

describe('periodScores order', () => {
  it('lists the scores by player, then by period, whatever order the picks come in', () => {
    const picks = [
      { userId: 'cat', periodId: 2, optionId: 'o1' },
      { userId: 'ann', periodId: 3, optionId: 'o1' },
      { userId: 'bob', periodId: 1, optionId: 'o1' },
      { userId: 'ann', periodId: 1, optionId: 'o1' },
      { userId: 'cat', periodId: 1, optionId: 'o1' },
      { userId: 'ann', periodId: 2, optionId: 'o1' },
    ];
    const keys = (list: typeof picks) =>
      periodScores(list, [], defaultRules).map((score) => `${score.userId}/${score.periodId}`);
    const expected = ['ann/1', 'ann/2', 'ann/3', 'bob/1', 'cat/1', 'cat/2'];
    expect(keys(picks)).toEqual(expected);
    expect(keys([...picks].reverse())).toEqual(expected);
  });
});
