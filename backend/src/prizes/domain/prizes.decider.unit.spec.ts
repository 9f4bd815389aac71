import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../../shared/domain/domain-error.js';
import {
  decideCreatePrize,
  decideDeletePrize,
  decideSeedPrizes,
  decideUpdatePrize,
  evolvePrizes,
  initialPrizesState,
  type PrizesEvent,
} from './prizes.decider.js';

const given = (...events: PrizesEvent[]) => events.reduce(evolvePrizes, initialPrizesState());
const ids = ['p1', 'p2', 'p3', 'p4', 'p5'];

function refusal(action: () => unknown): { code: string; message: string } | null {
  try {
    action();
    return null;
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
}

describe('prizes', () => {
  it('seeds the five default prizes once', () => {
    const seeded = decideSeedPrizes(given(), ids);
    expect(
      seeded[0]!.type === 'PrizesSeeded' &&
        seeded[0]!.data.prizes.map((p) => [p.id, p.competition, p.position, p.amount]),
    ).toEqual([
      ['p1', 'overall', '1st', '1000.00'],
      ['p2', 'overall', '2nd', '100.00'],
      ['p3', 'overall', '3rd', '50.00'],
      ['p4', 'survivor', 'Winner', '1000.00'],
      ['p5', 'last10', 'Winner', '500.00'],
    ]);
    expect(decideSeedPrizes(given(...seeded), ids)).toEqual([]);
    // Even a pool whose admin deleted every prize is not seeded again.
    const deletions: PrizesEvent[] = ids.map((id) => ({ type: 'PrizeDeleted', data: { prizeId: id } }));
    const emptied = given(...seeded, ...deletions);
    expect(decideSeedPrizes(emptied, ids)).toEqual([]);
  });

  it('creates a prize with the spec defaults, refusing one without position or amount', () => {
    const [created] = decideCreatePrize(given(), 'n1', {
      competition: 'overall',
      position: '4th',
      amount: '25',
    });
    expect(created).toEqual({
      type: 'PrizeCreated',
      data: {
        prize: {
          id: 'n1',
          competition: 'overall',
          position: '4th',
          amount: '25.00',
          currency: 'USD',
          description: null,
          isActive: true,
        },
      },
    });
    expect(refusal(() => decideCreatePrize(given(), 'n2', { competition: 'overall', amount: '10' }))).toEqual(
      {
        code: 'PRIZE_INVALID',
        message: 'Position is required',
      },
    );
    expect(
      refusal(() => decideCreatePrize(given(), 'n3', { competition: 'overall', position: '1st' })),
    ).toEqual({
      code: 'PRIZE_INVALID',
      message: 'Amount is required',
    });
  });

  it('updates by merging the change into the stored prize, and deletes', () => {
    const state = given(...decideSeedPrizes(given(), ids));
    const [updated] = decideUpdatePrize(state, 'p2', { amount: '150', currency: 'GBP' });
    expect(updated!.type === 'PrizeUpdated' && updated!.data.prize).toMatchObject({
      id: 'p2',
      position: '2nd',
      amount: '150.00',
      currency: 'GBP',
    });
    expect(decideUpdatePrize(state, 'p2', { amount: '100.00' })).toEqual([]);
    expect(refusal(() => decideUpdatePrize(state, 'p2', { position: '' }))?.message).toBe(
      'Position is required',
    );
    expect(refusal(() => decideUpdatePrize(state, 'nope', { amount: '1' }))?.code).toBe('PRIZE_NOT_FOUND');
    expect(decideDeletePrize(state, 'p5')).toEqual([{ type: 'PrizeDeleted', data: { prizeId: 'p5' } }]);
    expect(refusal(() => decideDeletePrize(state, 'nope'))?.code).toBe('PRIZE_NOT_FOUND');
  });
});
