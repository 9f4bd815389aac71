import type { Competition, Currency } from '@treble/contracts';

/**
 * The prize form's client-side checks. They mirror the server's prize rules (its PRIZE_INVALID
 * answer carries the same messages), so an admin sees the problem before sending; the server stays
 * the authority and its message is shown if it still refuses.
 */
export interface PrizeDraft {
  competition: Competition;
  position: string;
  amount: string;
  currency: Currency;
  description: string;
  isActive: boolean;
}

export type PrizeErrors = Partial<Record<'position' | 'amount', string>>;

export const prizeMessages = {
  positionRequired: 'Position is required',
  positionFormat: 'Position must be Winner or a place such as 1st, 2nd or 3rd',
  amountRequired: 'Amount is required',
  amountFormat: 'Amount must be a positive amount with at most 2 decimals, such as 100 or 99.50',
} as const;

function ordinalSuffix(place: number): string {
  if (place % 100 >= 11 && place % 100 <= 13) return 'th';
  return ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[place % 10] ?? 'th';
}

/** "Winner", or a place with its own English suffix ("1st", "22nd") or bare ("2"). */
export function isPrizePosition(text: string): boolean {
  const normalized = text.trim().toLowerCase();
  if (normalized === 'winner') return true;
  const match = /^(\d+)(st|nd|rd|th)?$/.exec(normalized);
  if (!match) return false;
  const place = Number(match[1]);
  if (!Number.isSafeInteger(place) || place < 1) return false;
  return match[2] === undefined || match[2] === ordinalSuffix(place);
}

/** A positive decimal with at most two decimals. */
export function isPrizeAmount(text: string): boolean {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return false;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) > 0;
}

export function validatePrizeDraft(draft: PrizeDraft): PrizeErrors {
  const errors: PrizeErrors = {};
  if (!draft.position.trim()) errors.position = prizeMessages.positionRequired;
  else if (!isPrizePosition(draft.position)) errors.position = prizeMessages.positionFormat;
  if (!draft.amount.trim()) errors.amount = prizeMessages.amountRequired;
  else if (!isPrizeAmount(draft.amount)) errors.amount = prizeMessages.amountFormat;
  return errors;
}
