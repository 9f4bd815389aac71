import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Prize } from '@treble/contracts';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { renderApp } from '../../test-support/render-app';
import { invitationToken } from './landing-page';

let fake: FakeFetch;
let uninstall: () => void;

const prize = (overrides: Partial<Prize>): Prize => ({
  id: 'p1',
  competition: 'overall',
  position: '1st',
  amount: '100.00',
  currency: 'GBP',
  description: null,
  isActive: true,
  ...overrides,
});

beforeEach(() => {
  fake = createFakeFetch({
    'GET /api/prizes': () =>
      jsonResponse(200, [
        prize({ id: 'a', amount: '150.00' }),
        prize({ id: 'b', competition: 'survivor', position: 'Winner', amount: '50.00' }),
        prize({ id: 'c', competition: 'last10', amount: '25.00', isActive: false }),
      ]),
  });
  uninstall = installGlobalFetch(fake);
});
afterEach(() => uninstall());

describe('landing page', () => {
  test('shows the hero, three competitions, four steps, the real prizes and the ways in', async () => {
    renderApp('/', { user: null });
    await screen.findByRole('heading', { name: 'Join The Pool', level: 1 });
    expect(
      screen.getAllByTestId('competition-card').map((card) => card.querySelector('h3')?.textContent),
    ).toEqual(['Overall', 'Survivor', 'Last 10']);
    expect(screen.getAllByTestId('how-step')).toHaveLength(4);
    screen.getByRole('heading', { name: 'Live Updates' });
    screen.getByRole('heading', { name: 'Strategy' });
    screen.getByRole('heading', { name: 'Get Started Today' });
    const prizes = screen.getByTestId('landing-prizes');
    await within(prizes).findByText('£200.00');
    within(prizes).getByText('1st: £150.00');
    expect(within(prizes).queryByText(/£25\.00/)).toBeNull();
    for (const link of screen.getAllByRole('link', { name: 'Log In' }))
      expect(link.getAttribute('href')).toBe('/api/login');
  });

  test('a pool with no members yet offers to set it up', async () => {
    fake.routes.set('GET /api/auth/registration', () =>
      jsonResponse(200, { mode: 'invite', firstAccount: true, sendsEmail: false, invitation: null }),
    );
    const { router } = renderApp('/', { user: null });
    fireEvent.click(await screen.findByRole('link', { name: 'Set up this pool' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
  });

  test('an invitation link takes the newcomer to registration; anything else is refused', async () => {
    const { router } = renderApp('/', { user: null });
    const input = await screen.findByLabelText('Invitation link');
    fireEvent.change(input, { target: { value: 'not a link' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join with invitation' }));
    await screen.findByRole('alert');
    fireEvent.change(input, { target: { value: 'https://pool.example/register?invite=abcDEF123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join with invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(router.state.location.search).toEqual({ invite: 'abcDEF123456' });
  });

  test('invitation tokens from links or bare', () => {
    expect(invitationToken('https://x.test/register?invite=tok_12345678')).toBe('tok_12345678');
    expect(invitationToken('  tok_12345678 ')).toBe('tok_12345678');
    expect(invitationToken('https://x.test/')).toBeNull();
    expect(invitationToken('')).toBeNull();
  });
});
