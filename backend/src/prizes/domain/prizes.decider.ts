import { ErrorCodes } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';
import { assertNever, type DomainEvent, type StreamModel } from '../../shared/domain/event.js';
import { defaultPrizes, validatePrize, type Prize, type PrizeInput } from './prize.js';

/** All prizes of the pool live in one stream: few, admin-only, and edited with the stream's version. */
export const prizesStreamId = 'prizes';

export type PrizesEvent =
  | DomainEvent<'PrizesSeeded', { prizes: Prize[] }>
  | DomainEvent<'PrizeCreated', { prize: Prize }>
  | DomainEvent<'PrizeUpdated', { prize: Prize }>
  | DomainEvent<'PrizeDeleted', { prizeId: string }>;

export const prizesEventTypes = [
  'PrizesSeeded',
  'PrizeCreated',
  'PrizeUpdated',
  'PrizeDeleted',
] as const satisfies readonly PrizesEvent['type'][];

export interface PrizesState {
  seeded: boolean;
  prizes: ReadonlyMap<string, Prize>;
}

export const initialPrizesState = (): PrizesState => ({ seeded: false, prizes: new Map() });

export function evolvePrizes(state: PrizesState, event: PrizesEvent): PrizesState {
  switch (event.type) {
    case 'PrizesSeeded':
      return { seeded: true, prizes: new Map(event.data.prizes.map((p) => [p.id, p])) };
    case 'PrizeCreated':
    case 'PrizeUpdated':
      return { seeded: true, prizes: new Map(state.prizes).set(event.data.prize.id, event.data.prize) };
    case 'PrizeDeleted': {
      const prizes = new Map(state.prizes);
      prizes.delete(event.data.prizeId);
      return { ...state, prizes };
    }
    default:
      return assertNever(event);
  }
}

export const prizesModel: StreamModel<PrizesState, PrizesEvent> = {
  initialState: initialPrizesState,
  evolve: evolvePrizes,
};

function validated(input: PrizeInput) {
  const result = validatePrize(input);
  if (!result.ok)
    throw new DomainError(ErrorCodes.PRIZE_INVALID, result.errors.map((e) => e.message).join('; '));
  return result.value;
}

/** A new pool gets the default prizes once; a pool that ever had prize events is never re-seeded. */
export function decideSeedPrizes(state: PrizesState, ids: readonly string[]): PrizesEvent[] {
  if (state.seeded) return [];
  return [
    {
      type: 'PrizesSeeded',
      data: { prizes: defaultPrizes.map((prize, index) => ({ ...prize, id: ids[index]! })) },
    },
  ];
}

export function decideCreatePrize(state: PrizesState, id: string, input: PrizeInput): PrizesEvent[] {
  return [{ type: 'PrizeCreated', data: { prize: { ...validated(input), id } } }];
}

/** An update is the stored prize with the change applied, validated as a whole. */
export function decideUpdatePrize(state: PrizesState, id: string, change: PrizeInput): PrizesEvent[] {
  const current = state.prizes.get(id);
  if (!current) throw new DomainError(ErrorCodes.PRIZE_NOT_FOUND, 'This prize does not exist.');
  const merged: PrizeInput = { ...current };
  for (const [key, value] of Object.entries(change))
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  const prize = { ...validated(merged), id };
  // Field by field: a prize read back from the log (jsonb) may list its fields in another order.
  const fields: (keyof Prize)[] = [
    'competition',
    'position',
    'amount',
    'currency',
    'description',
    'isActive',
  ];
  if (fields.every((field) => prize[field] === current[field])) return [];
  return [{ type: 'PrizeUpdated', data: { prize } }];
}

export function decideDeletePrize(state: PrizesState, id: string): PrizesEvent[] {
  if (!state.prizes.has(id)) throw new DomainError(ErrorCodes.PRIZE_NOT_FOUND, 'This prize does not exist.');
  return [{ type: 'PrizeDeleted', data: { prizeId: id } }];
}
