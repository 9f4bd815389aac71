import { describe, expect, it } from '@jest/globals';
import { ErrorCodes } from '@treble/contracts';
import { deciderSpec } from '../../../test/support/decider-spec.js';
import {
  decideCreatePrize,
  decideDeletePrize,
  decideSeedPrizes,
  decideUpdatePrize,
  evolvePrizes,
  initialPrizesState,
  type PrizesEvent,
  type PrizesState,
} from './prizes.decider.js';

/** The prize deciders take an id and an input besides the state: the command is the call. */
type Decision = (state: PrizesState) => readonly PrizesEvent[];
const spec = deciderSpec<Decision, PrizesState, PrizesEvent>({
  initialState: initialPrizesState,
  evolve: evolvePrizes,
  decide: (decision, state) => decision(state),
});

const ids = ['p1', 'p2', 'p3', 'p4', 'p5'];
const prize = (
  id: string,
  competition: string,
  position: string,
  amount: string,
  description: string | null = null,
) => ({ competition, position, amount, currency: 'USD', description, isActive: true, id });
const seeded: PrizesEvent = {
  type: 'PrizesSeeded',
  data: {
    prizes: [
      prize('p1', 'overall', '1st', '1000.00', 'Overall winner'),
      prize('p2', 'overall', '2nd', '100.00', 'Overall runner-up'),
      prize('p3', 'overall', '3rd', '50.00', 'Overall third place'),
      prize('p4', 'survivor', 'Winner', '1000.00', 'Last player standing'),
      prize('p5', 'last10', 'Winner', '500.00', 'Best over the last 10 matchweeks'),
    ],
  },
} as PrizesEvent;

describe('prizes', () => {
  it('finds an update that changes nothing whatever the order of the stored fields (jsonb reorders them)', () => {
    const reordered: PrizesEvent = {
      type: 'PrizesSeeded',
      data: {
        prizes: [
          {
            id: 'p1',
            isActive: true,
            description: 'Overall winner',
            currency: 'USD',
            amount: '1000.00',
            position: '1st',
            competition: 'overall',
          },
        ],
      },
    };
    spec
      .given([reordered])
      .when((state) => decideUpdatePrize(state, 'p1', { amount: '1000.00', position: '1st' }))
      .thenNothing();
    expect(
      spec
        .given([reordered])
        .when((state) => decideUpdatePrize(state, 'p1', { amount: '1200.00' }))
        .then([
          {
            type: 'PrizeUpdated',
            data: {
              prize: {
                competition: 'overall',
                position: '1st',
                amount: '1200.00',
                currency: 'USD',
                description: 'Overall winner',
                isActive: true,
                id: 'p1',
              },
            },
          },
        ])
        .prizes.get('p1')?.amount,
    ).toBe('1200.00');
  });

  it('seeds the five default prizes once', () => {
    spec
      .given([])
      .when((state) => decideSeedPrizes(state, ids))
      .then([seeded]);
    spec
      .given([seeded])
      .when((state) => decideSeedPrizes(state, ids))
      .thenNothing();
    // Even a pool whose admin deleted every prize is not seeded again.
    const deletions: PrizesEvent[] = ids.map((id) => ({ type: 'PrizeDeleted', data: { prizeId: id } }));
    spec
      .given([seeded, ...deletions])
      .when((state) => decideSeedPrizes(state, ids))
      .thenNothing();
  });

  it('creates a prize with the spec defaults, refusing one without position or amount', () => {
    spec
      .given([])
      .when((state) =>
        decideCreatePrize(state, 'n1', { competition: 'overall', position: '4th', amount: '25' }),
      )
      .then([
        { type: 'PrizeCreated', data: { prize: prize('n1', 'overall', '4th', '25.00') } } as PrizesEvent,
      ]);
    spec
      .given([])
      .when((state) => decideCreatePrize(state, 'n2', { competition: 'overall', amount: '10' }))
      .thenRefused(ErrorCodes.PRIZE_INVALID, 'Position is required');
    spec
      .given([])
      .when((state) => decideCreatePrize(state, 'n3', { competition: 'overall', position: '1st' }))
      .thenRefused(ErrorCodes.PRIZE_INVALID, 'Amount is required');
  });

  it('updates by merging the change into the stored prize, and decides nothing for no change', () => {
    const updated = spec
      .given([seeded])
      .when((state) => decideUpdatePrize(state, 'p2', { amount: '150', currency: 'GBP' }))
      .then([
        {
          type: 'PrizeUpdated',
          data: {
            prize: { ...prize('p2', 'overall', '2nd', '150.00', 'Overall runner-up'), currency: 'GBP' },
          },
        } as PrizesEvent,
      ]);
    expect(updated).not.toEqual(spec.given([seeded]).state);
    spec
      .given([seeded])
      .when((state) => decideUpdatePrize(state, 'p2', { amount: '100.00' }))
      .thenNothing();
    spec
      .given([seeded])
      .when((state) => decideUpdatePrize(state, 'p2', { position: '' }))
      .thenRefused(ErrorCodes.PRIZE_INVALID, 'Position is required');
    spec
      .given([seeded])
      .when((state) => decideUpdatePrize(state, 'nope', { amount: '1' }))
      .thenRefused(ErrorCodes.PRIZE_NOT_FOUND);
  });

  it('deletes a prize it has, and refuses one it does not', () => {
    spec
      .given([seeded])
      .when((state) => decideDeletePrize(state, 'p5'))
      .then([{ type: 'PrizeDeleted', data: { prizeId: 'p5' } }]);
    spec
      .given([seeded, { type: 'PrizeDeleted', data: { prizeId: 'p5' } }])
      .when((state) => decideDeletePrize(state, 'p5'))
      .thenRefused(ErrorCodes.PRIZE_NOT_FOUND);
  });
});
