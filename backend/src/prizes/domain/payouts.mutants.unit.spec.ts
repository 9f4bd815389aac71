import { describe, expect, it } from '@jest/globals';
import { payouts } from './payouts.js';
import { defaultPrizes, type PrizeDraft } from './prize.js';

const overallFirst = (amount: string): PrizeDraft => ({
  competition: 'overall',
  position: '1st',
  amount,
  currency: 'USD',
  description: null,
  isActive: true,
});

describe('payouts: what is paid and to whom', () => {
  it('pays the positions by rank even when the standings come in another order', () => {
    const standings = {
      overall: [
        { userId: 'cat', rank: 3 },
        { userId: 'ann', rank: 1 },
        { userId: 'dan', rank: 4 },
        { userId: 'bob', rank: 2 },
      ],
    };
    expect(
      payouts(defaultPrizes, standings).map((payout) => [payout.userId, payout.rank, payout.positions]),
    ).toEqual([
      ['ann', 1, [1]],
      ['bob', 2, [2]],
      ['cat', 3, [3]],
    ]);
  });

  it('pays nothing for a prize whose amount cannot be read (a stored prize from before the checks)', () => {
    expect(payouts([overallFirst('a lot')], { overall: [{ userId: 'ann', rank: 1 }] })).toEqual([]);
    expect(
      payouts([overallFirst('a lot'), overallFirst('5')], { overall: [{ userId: 'ann', rank: 1 }] }),
    ).toEqual([
      {
        competition: 'overall',
        userId: 'ann',
        rank: 1,
        positions: [1],
        sharedBy: 1,
        amounts: [{ currency: 'USD', amount: '5.00' }],
      },
    ]);
  });
});
