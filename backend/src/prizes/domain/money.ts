import type { Currency, PayoutAmount } from '@treble/contracts';

export type { Currency };

export const currencies: readonly Currency[] = ['USD', 'GBP', 'EUR'];

/** An amount in a currency, as a decimal string with two decimals ("1000.00"): the wire's shape. */
export type Money = PayoutAmount;

const decimalAmount = /^(\d+)(?:\.(\d{1,2}))?$/;

/** Cents of a decimal string with at most two decimals; null when it is not one. Sums stay exact in cents. */
export function toCents(amount: string): number | null {
  const match = decimalAmount.exec(amount.trim());
  if (match === null) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

export function formatCents(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Amounts per currency, in the order of `currencies`, leaving out currencies with nothing. */
export function moneyList(centsByCurrency: ReadonlyMap<Currency, number>): Money[] {
  return currencies
    .filter((currency) => (centsByCurrency.get(currency) ?? 0) > 0)
    .map((currency) => ({ currency, amount: formatCents(centsByCurrency.get(currency) ?? 0) }));
}
