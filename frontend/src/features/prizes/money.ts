import type { Currency, Prize } from '@treble/contracts';

/** An amount in the prize's own currency, in the viewer's locale (e.g. "$1,000.00", "£100.00"). */
export function formatMoney(amount: string | number, currency: Currency, locale?: string): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
    Number.isFinite(value) ? value : 0,
  );
}

/** Sums per currency in whole cents (no float drift), in a stable currency order. */
export function totalsByCurrency(prizes: readonly Prize[]): { currency: Currency; amount: number }[] {
  const cents = new Map<Currency, number>();
  for (const prize of prizes) {
    const value = Math.round(Number(prize.amount) * 100);
    if (!Number.isFinite(value)) continue;
    cents.set(prize.currency, (cents.get(prize.currency) ?? 0) + value);
  }
  return [...cents.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, total]) => ({ currency, amount: total / 100 }));
}

/** "$2,650.00", or "$2,000.00 + £100.00" when prizes are in several currencies; "None" when empty. */
export function formatTotals(prizes: readonly Prize[], locale?: string): string {
  const totals = totalsByCurrency(prizes);
  if (totals.length === 0) return 'None';
  return totals.map((total) => formatMoney(total.amount, total.currency, locale)).join(' + ');
}
