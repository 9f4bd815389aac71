import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Payout, Prize } from '@treble/contracts';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { renderApp } from '../../test-support/render-app';
import { aUser } from '../../test-support/users';
import { formatMoney, formatTotals } from './money';

let fake: FakeFetch;
let uninstall: () => void;

function aPrize(id: string, overrides: Partial<Prize>): Prize {
  return {
    id,
    competition: 'overall',
    position: '1st',
    amount: '100.00',
    currency: 'USD',
    description: null,
    isActive: true,
    ...overrides,
  };
}

const defaults: Prize[] = [
  aPrize('p1', { position: '1st Place', amount: '1000.00', description: 'Season champion' }),
  aPrize('p2', { position: '2nd Place', amount: '100.00' }),
  aPrize('p3', { position: '3rd Place', amount: '50.00' }),
  aPrize('p4', { competition: 'survivor', position: 'Winner', amount: '1000.00' }),
  aPrize('p5', { competition: 'last10', position: 'Winner', amount: '500.00' }),
];

beforeEach(() => {
  fake = createFakeFetch({
    'GET /api/prizes': () => jsonResponse(200, defaults),
    'GET /api/prizes/payouts': () => jsonResponse(200, []),
  });
  uninstall = installGlobalFetch(fake);
});

afterEach(() => uninstall());

function openTab(name: string) {
  const tab = screen.getByRole('tab', { name });
  fireEvent.mouseDown(tab, { button: 0 });
  fireEvent.click(tab);
}

describe('prizes page', () => {
  test('is public: signed out it shows the pool, per-competition totals, the overall cards and the footer', async () => {
    renderApp('/prizes', { user: null });
    await screen.findByRole('heading', { name: 'Prizes' });
    expect(screen.getByTestId('prize-total').textContent).toContain(formatMoney(2650, 'USD'));
    expect(screen.getByTestId('prize-total-overall').textContent).toContain(formatMoney(1150, 'USD'));
    expect(screen.getByTestId('prize-total-survivor').textContent).toContain(formatMoney(1000, 'USD'));
    expect(screen.getByTestId('prize-total-last10').textContent).toContain(formatMoney(500, 'USD'));
    const cards = screen.getAllByTestId('prize-card');
    expect(cards).toHaveLength(3);
    within(cards[0]!).getByText('1st Place');
    within(cards[0]!).getByText(formatMoney(1000, 'USD'));
    within(cards[0]!).getByText('Season champion');
    screen.getByText(/may be adjusted .*with advance notice/);
    // Signed out: no navigation, only the Log In button.
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(fake.calls.every((call) => !call.url.startsWith('/api/auth/user'))).toBe(true);
  });

  test('each tab lists its competition, in the currency of each prize, with who would win now', async () => {
    fake.routes.set('GET /api/prizes', () =>
      jsonResponse(200, [
        ...defaults,
        aPrize('p6', { competition: 'survivor', position: 'Runner-up', amount: '75.50', currency: 'GBP' }),
        aPrize('p7', { competition: 'last10', position: 'Old', amount: '9.00', isActive: false }),
      ]),
    );
    const payout: Payout = {
      competition: 'survivor',
      userId: 'u1',
      firstName: 'Ann',
      lastName: 'Able',
      email: null,
      profileImageUrl: null,
      displayName: 'Ann Able',
      rank: 1,
      positions: [1],
      sharedBy: 1,
      amounts: [{ currency: 'USD', amount: '1000.00' }],
    };
    fake.routes.set('GET /api/prizes/payouts', () => jsonResponse(200, [payout]));
    renderApp('/prizes', { user: aUser() });
    await screen.findByRole('heading', { name: 'Prizes' });
    expect(screen.getByTestId('prize-total-survivor').textContent).toContain(
      `${formatMoney(75.5, 'GBP')} + ${formatMoney(1000, 'USD')}`,
    );

    openTab('Survivor');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByTestId('prize-card')).toHaveLength(2);
    within(panel).getByText(formatMoney(75.5, 'GBP'));
    within(await within(panel).findByTestId('payout-row')).getByText(/Ann Able/);

    openTab('Last 10');
    expect(within(screen.getByRole('tabpanel')).getAllByTestId('prize-card')).toHaveLength(1);
    expect(screen.queryByText('Old')).toBeNull();
  });

  test('an empty competition says so', async () => {
    fake.routes.set('GET /api/prizes', () =>
      jsonResponse(
        200,
        defaults.filter((prize) => prize.competition !== 'overall'),
      ),
    );
    renderApp('/prizes', { user: null });
    await screen.findByText('No prizes configured for Overall');
    expect(screen.getByTestId('prize-total-overall').textContent).toContain('None');
  });

  test('a failed load shows the error and Retry', async () => {
    fake.routes.set('GET /api/prizes', () =>
      jsonResponse(500, { statusCode: 500, code: 'INTERNAL', message: 'Boom' }),
    );
    renderApp('/prizes', { user: null });
    await screen.findByText('500: Boom');
    screen.getByRole('heading', { name: 'Could not load the prizes' });

    fake.routes.set('GET /api/prizes', () => jsonResponse(200, defaults));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('prize-total');
    expect(screen.queryByText('500: Boom')).toBeNull();
  });
});

describe('money', () => {
  test('formats per currency and sums per currency without float drift', () => {
    expect(formatMoney('1000.00', 'USD', 'en-US')).toBe('$1,000.00');
    expect(formatMoney('75.5', 'GBP', 'en-GB')).toBe('£75.50');
    expect(formatMoney('20', 'EUR', 'en-GB')).toBe('€20.00');
    const prizes = [
      aPrize('a', { amount: '0.10' }),
      aPrize('b', { amount: '0.20' }),
      aPrize('c', { amount: '5', currency: 'EUR' }),
    ];
    expect(formatTotals(prizes, 'en-GB')).toBe('€5.00 + US$0.30');
    expect(formatTotals([], 'en-GB')).toBe('None');
  });
});
