import { describe, expect, it } from '@jest/globals';
import { payouts, type RankedEntry } from './payouts.js';
import { defaultPrizes, parsePosition, type PrizeDraft, validatePrize } from './prize.js';

describe('parsePosition', () => {
  it.each([
    ['Winner', 1],
    [' winner ', 1],
    ['1st', 1],
    ['2nd', 2],
    ['3RD', 3],
    ['4th', 4],
    ['11th', 11],
    ['12th', 12],
    ['13th', 13],
    ['21st', 21],
    ['22nd', 22],
    ['2', 2],
  ])('reads %p as place %p', (text, place) => {
    expect(parsePosition(text)).toBe(place);
  });

  it.each(['2st', '11st', '0th', '0', 'first', 'Best newcomer', '', '-1'])('does not read %p', (text) => {
    expect(parsePosition(text)).toBeNull();
  });
});

describe('validatePrize', () => {
  it('accepts a full prize, defaulting currency to USD and active to true', () => {
    expect(validatePrize({ competition: 'overall', position: ' 1st ', amount: '1000' })).toEqual({
      ok: true,
      value: {
        competition: 'overall',
        position: '1st',
        amount: '1000.00',
        currency: 'USD',
        description: null,
        isActive: true,
      },
    });
  });

  it('requires position and amount with the exact messages', () => {
    expect(validatePrize({ competition: 'overall', position: ' ', amount: '' })).toEqual({
      ok: false,
      errors: [
        { field: 'position', message: 'Position is required' },
        { field: 'amount', message: 'Amount is required' },
      ],
    });
  });

  it('refuses an unknown competition or currency', () => {
    const result = validatePrize({ competition: 'cup', position: '1st', amount: '5', currency: 'JPY' });
    expect(result.ok ? [] : result.errors.map((error) => error.field)).toEqual(['competition', 'currency']);
  });

  it.each(['0', '0.00', '-5', '12.345', '1,000', 'abc'])('refuses the amount %p', (amount) => {
    const result = validatePrize({ competition: 'last10', position: 'Winner', amount });
    expect(result.ok ? [] : result.errors.map((error) => error.field)).toEqual(['amount']);
  });

  it('accepts GBP and EUR, and keeps a description and an inactive flag', () => {
    const result = validatePrize({
      competition: 'survivor',
      position: 'Winner',
      amount: '99.5',
      currency: 'GBP',
      description: 'Top',
      isActive: false,
    });
    expect(result).toEqual({
      ok: true,
      value: {
        competition: 'survivor',
        position: 'Winner',
        amount: '99.50',
        currency: 'GBP',
        description: 'Top',
        isActive: false,
      },
    });
    expect(
      validatePrize({ competition: 'survivor', position: 'Winner', amount: '1', currency: 'EUR' }).ok,
    ).toBe(true);
  });

  it('refuses a position no payout could ever match', () => {
    const result = validatePrize({ competition: 'overall', position: 'Best newcomer', amount: '10' });
    expect(result.ok ? [] : result.errors.map((error) => error.field)).toEqual(['position']);
  });
});

describe('defaultPrizes', () => {
  it('seeds 2,650 USD: Overall 1,000 / 100 / 50, Survivor 1,000, Last 10 500', () => {
    expect(
      defaultPrizes.map((prize) => [prize.competition, prize.position, prize.amount, prize.currency]),
    ).toEqual([
      ['overall', '1st', '1000.00', 'USD'],
      ['overall', '2nd', '100.00', 'USD'],
      ['overall', '3rd', '50.00', 'USD'],
      ['survivor', 'Winner', '1000.00', 'USD'],
      ['last10', 'Winner', '500.00', 'USD'],
    ]);
    expect(defaultPrizes.every((prize) => prize.isActive && validatePrize(prize).ok)).toBe(true);
  });
});

describe('payouts', () => {
  const entries = (...ranks: number[]): RankedEntry[] =>
    ranks.map((rank, index) => ({ userId: `p${index + 1}`, rank }));
  const summary = (list: ReturnType<typeof payouts>) =>
    list.map((payout) => [
      payout.competition,
      payout.userId,
      payout.positions,
      payout.amounts.map((m) => m.amount).join('+'),
    ]);

  it('pays each position when there are no ties', () => {
    expect(summary(payouts(defaultPrizes, { overall: entries(1, 2, 3, 4) }))).toEqual([
      ['overall', 'p1', [1], '1000.00'],
      ['overall', 'p2', [2], '100.00'],
      ['overall', 'p3', [3], '50.00'],
    ]);
  });

  it('lets two players tied for 2nd share 2nd + 3rd', () => {
    expect(summary(payouts(defaultPrizes, { overall: entries(1, 2, 2, 4) }))).toEqual([
      ['overall', 'p1', [1], '1000.00'],
      ['overall', 'p2', [2, 3], '75.00'],
      ['overall', 'p3', [2, 3], '75.00'],
    ]);
  });

  it('lets two players tied for 1st share 1st + 2nd, and the next one take 3rd', () => {
    expect(summary(payouts(defaultPrizes, { overall: entries(1, 1, 3) }))).toEqual([
      ['overall', 'p1', [1, 2], '550.00'],
      ['overall', 'p2', [1, 2], '550.00'],
      ['overall', 'p3', [3], '50.00'],
    ]);
  });

  it('splits to the cent, the leftover cents going to the first listed, so nothing is lost', () => {
    const list = payouts(defaultPrizes, { overall: entries(1, 2, 3, 3, 3) });
    expect(summary(list).slice(2)).toEqual([
      ['overall', 'p3', [3, 4, 5], '16.67'],
      ['overall', 'p4', [3, 4, 5], '16.67'],
      ['overall', 'p5', [3, 4, 5], '16.66'],
    ]);
  });

  it('pays the Winner of survivor and last 10, ignores inactive prizes and keeps currencies apart', () => {
    const prizes: PrizeDraft[] = [
      ...defaultPrizes.filter((prize) => prize.competition !== 'overall'),
      {
        competition: 'overall',
        position: '1st',
        amount: '10.00',
        currency: 'USD',
        description: null,
        isActive: false,
      },
      {
        competition: 'last10',
        position: 'Winner',
        amount: '30.00',
        currency: 'EUR',
        description: null,
        isActive: true,
      },
    ];
    const list = payouts(prizes, { overall: entries(1), survivor: entries(1, 1), last10: entries(1, 2) });
    expect(summary(list)).toEqual([
      ['survivor', 'p1', [1, 2], '500.00'],
      ['survivor', 'p2', [1, 2], '500.00'],
      ['last10', 'p1', [1], '500.00+30.00'],
    ]);
    expect(list[2]?.amounts).toEqual([
      { currency: 'USD', amount: '500.00' },
      { currency: 'EUR', amount: '30.00' },
    ]);
  });

  it('pays nobody in a competition without entrants', () => {
    expect(payouts(defaultPrizes, {})).toEqual([]);
  });
});
