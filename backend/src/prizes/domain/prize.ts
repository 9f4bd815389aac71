import type { Competition, Prize, PrizeRequest } from '@treble/contracts';
import type { Unchecked } from '../../shared/domain/unchecked.js';
import { type Currency, currencies, formatCents, toCents } from './money.js';

/** The prize as the wire carries it: the domain has no other shape for it. */
export type { Competition, Prize };

export const competitions: readonly Competition[] = ['overall', 'survivor', 'last10'];

/**
 * A checked prize without its id (what `validatePrize` accepts): `position` is text as entered
 * ("1st", "2nd", "Winner", see `parsePosition`); `amount` a positive decimal string with two decimals.
 */
export type PrizeDraft = PrizeRequest;

function ordinalSuffix(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return 'th';
  return ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
}

/**
 * The place a prize position pays, counted from 1: "Winner" is 1; otherwise a whole number, bare or
 * with its own English ordinal suffix ("1st", "2nd", "3rd", "4th", "11th", "21st", "2"), any case,
 * surrounding spaces ignored. Anything else ("2st", "first", "Best newcomer") is null.
 */
export function parsePosition(text: string): number | null {
  const normalized = text.trim().toLowerCase();
  if (normalized === 'winner') return 1;
  const match = /^(\d+)(st|nd|rd|th)?$/.exec(normalized);
  if (match === null) return null;
  const place = Number(match[1]);
  if (!Number.isSafeInteger(place) || place < 1) return null;
  if (match[2] !== undefined && match[2] !== ordinalSuffix(place)) return null;
  return place;
}

/** The prize form's fields as they arrive, unchecked (a change may leave any out). */
export type PrizeInput = Unchecked<PrizeDraft>;

export interface FieldError {
  field: keyof PrizeDraft;
  message: string;
}

export type PrizeValidation = { ok: true; value: PrizeDraft } | { ok: false; errors: FieldError[] };

export const prizeMessages = {
  competition: `Competition must be one of ${competitions.join(', ')}`,
  positionRequired: 'Position is required',
  positionFormat: 'Position must be Winner or a place such as 1st, 2nd or 3rd',
  amountRequired: 'Amount is required',
  amountFormat: 'Amount must be a positive amount with at most 2 decimals, such as 100 or 99.50',
  currency: `Currency must be one of ${currencies.join(', ')}`,
  description: 'Description must be text',
  isActive: 'Active must be true or false',
} as const;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The prize form's rules (docs/rules.md, Screens), as field errors. For an update, validate the stored
 * prize merged with the change. The position must be one `parsePosition` understands, or the prize
 * could never be paid out.
 */
export function validatePrize(input: PrizeInput): PrizeValidation {
  const errors: FieldError[] = [];

  const competition = input.competition;
  if (typeof competition !== 'string' || !(competitions as readonly string[]).includes(competition)) {
    errors.push({ field: 'competition', message: prizeMessages.competition });
  }

  let position = '';
  if (isBlank(input.position)) errors.push({ field: 'position', message: prizeMessages.positionRequired });
  else if (typeof input.position !== 'string' || parsePosition(input.position) === null) {
    errors.push({ field: 'position', message: prizeMessages.positionFormat });
  } else position = input.position.trim();

  let amount = '';
  if (isBlank(input.amount)) errors.push({ field: 'amount', message: prizeMessages.amountRequired });
  else {
    const cents = typeof input.amount === 'string' ? toCents(input.amount) : null;
    if (cents === null || cents <= 0) errors.push({ field: 'amount', message: prizeMessages.amountFormat });
    else amount = formatCents(cents);
  }

  const currency = isBlank(input.currency) ? 'USD' : input.currency;
  if (typeof currency !== 'string' || !(currencies as readonly string[]).includes(currency)) {
    errors.push({ field: 'currency', message: prizeMessages.currency });
  }

  let description: string | null = null;
  if (!isBlank(input.description)) {
    if (typeof input.description !== 'string')
      errors.push({ field: 'description', message: prizeMessages.description });
    else description = input.description.trim();
  }

  const isActive = input.isActive ?? true;
  if (typeof isActive !== 'boolean') errors.push({ field: 'isActive', message: prizeMessages.isActive });

  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      competition: competition as Competition,
      position,
      amount,
      currency: currency as Currency,
      description,
      isActive: isActive as boolean,
    },
  };
}

const usd = (
  competition: Competition,
  position: string,
  amount: string,
  description: string,
): PrizeDraft => ({
  competition,
  position,
  amount,
  currency: 'USD',
  description,
  isActive: true,
});

/** Seeded on a new pool (docs/rules.md): 2,650 USD in all. */
export const defaultPrizes: readonly PrizeDraft[] = [
  usd('overall', '1st', '1000.00', 'Overall winner'),
  usd('overall', '2nd', '100.00', 'Overall runner-up'),
  usd('overall', '3rd', '50.00', 'Overall third place'),
  usd('survivor', 'Winner', '1000.00', 'Last player standing'),
  usd('last10', 'Winner', '500.00', 'Best over the last 10 matchweeks'),
];
