import { describe, expect, it } from '@jest/globals';
import { ErrorCodes } from '@treble/contracts';
import { deciderSpec } from '../../../test/support/decider-spec.js';
import { toCents } from './money.js';
import { parsePosition, prizeMessages, validatePrize, type PrizeInput } from './prize.js';
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

type Decision = (state: PrizesState) => readonly PrizesEvent[];
const spec = deciderSpec<Decision, PrizesState, PrizesEvent>({
  initialState: initialPrizesState,
  evolve: evolvePrizes,
  decide: (decision, state) => decision(state),
});

const stored = {
  id: 'p1',
  competition: 'overall',
  position: '1st',
  amount: '100.00',
  currency: 'USD',
  description: 'Winner',
  isActive: true,
} as const;
const created: PrizesEvent = { type: 'PrizeCreated', data: { prize: stored } };
const valid: PrizeInput = { competition: 'overall', position: '1st', amount: '100' };
const errorsOf = (input: PrizeInput) => {
  const result = validatePrize(input);
  return result.ok ? [] : result.errors;
};

describe('prize form rules', () => {
  it('reads a position only when the whole text is a place', () => {
    expect(parsePosition(' 2ND ')).toBe(2);
    expect(parsePosition('1st place')).toBeNull();
    expect(parsePosition('3rd!')).toBeNull();
    expect(parsePosition('12 ')).toBe(12);
  });

  it('reads an amount with spaces around it', () => {
    expect(toCents(' 99.5 ')).toBe(9950);
    expect(toCents('\t12\n')).toBe(1200);
  });

  it('accepts a complete prize, with the defaults for what is left out', () => {
    expect(validatePrize({ ...valid, currency: null, description: null, isActive: null })).toEqual({
      ok: true,
      value: {
        competition: 'overall',
        position: '1st',
        amount: '100.00',
        currency: 'USD',
        description: null,
        isActive: true,
      },
    });
    expect(
      validatePrize({ ...valid, position: ' 2nd ', description: '  Runner-up  ', isActive: false }),
    ).toEqual({
      ok: true,
      value: {
        competition: 'overall',
        position: '2nd',
        amount: '100.00',
        currency: 'USD',
        description: 'Runner-up',
        isActive: false,
      },
    });
  });

  it('says which field is wrong and why', () => {
    expect(errorsOf({ ...valid, competition: 'cup' })).toEqual([
      { field: 'competition', message: prizeMessages.competition },
    ]);
    expect(errorsOf({ ...valid, position: undefined })).toEqual([
      { field: 'position', message: 'Position is required' },
    ]);
    expect(errorsOf({ ...valid, position: 'Best newcomer' })).toEqual([
      { field: 'position', message: prizeMessages.positionFormat },
    ]);
    expect(errorsOf({ ...valid, position: 1 })).toEqual([
      { field: 'position', message: prizeMessages.positionFormat },
    ]);
    for (const amount of ['0', 'abc', 100])
      expect(errorsOf({ ...valid, amount })).toEqual([
        { field: 'amount', message: prizeMessages.amountFormat },
      ]);
    expect(errorsOf({ ...valid, amount: undefined })).toEqual([
      { field: 'amount', message: 'Amount is required' },
    ]);
    expect(errorsOf({ ...valid, currency: 'XYZ' })).toEqual([
      { field: 'currency', message: prizeMessages.currency },
    ]);
    expect(errorsOf({ ...valid, description: 42 })).toEqual([
      { field: 'description', message: 'Description must be text' },
    ]);
    expect(errorsOf({ ...valid, isActive: 'yes' })).toEqual([
      { field: 'isActive', message: 'Active must be true or false' },
    ]);
  });
});

describe('prize decisions', () => {
  it('lists every problem of a refused prize in its message', () => {
    spec
      .given([])
      .when((state) => decideCreatePrize(state, 'n1', { competition: 'cup', amount: '10' }))
      .thenRefused(ErrorCodes.PRIZE_INVALID, `${prizeMessages.competition}; Position is required`);
  });

  it('does not seed the defaults into a pool whose admin already created a prize', () => {
    spec
      .given([created])
      .when((state) => decideSeedPrizes(state, ['a', 'b', 'c', 'd', 'e']))
      .thenNothing();
  });

  it('says a prize does not exist, also in a pool that never had one', () => {
    spec
      .given([])
      .when((state) => decideDeletePrize(state, 'p1'))
      .thenRefused(ErrorCodes.PRIZE_NOT_FOUND, 'This prize does not exist.');
    spec
      .given([])
      .when((state) => decideUpdatePrize(state, 'p1', { amount: '1' }))
      .thenRefused(ErrorCodes.PRIZE_NOT_FOUND, 'This prize does not exist.');
  });

  it('keeps a stored field a change leaves undefined', () => {
    spec
      .given([created])
      .when((state) => decideUpdatePrize(state, 'p1', { amount: '200', position: undefined }))
      .then([{ type: 'PrizeUpdated', data: { prize: { ...stored, amount: '200.00' } } }]);
  });

  it('records a change of any one field', () => {
    const changes: [PrizeInput, Partial<typeof stored>][] = [
      [{ competition: 'last10' }, { competition: 'last10' } as never],
      [{ position: '2nd' }, { position: '2nd' } as never],
      [{ currency: 'EUR' }, { currency: 'EUR' } as never],
      [{ description: 'Champion' }, { description: 'Champion' } as never],
      [{ isActive: false }, { isActive: false } as never],
    ];
    for (const [change, result] of changes)
      spec
        .given([created])
        .when((state) => decideUpdatePrize(state, 'p1', change))
        .then([{ type: 'PrizeUpdated', data: { prize: { ...stored, ...result } } }]);
  });

  it('refuses to fold an event it does not know', () => {
    expect(() =>
      evolvePrizes(initialPrizesState(), { type: 'PrizeRenamed', data: {} } as unknown as PrizesEvent),
    ).toThrow('Unexpected value');
  });
});
