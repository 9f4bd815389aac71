import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthResponse, RegistrationOptions } from '@treble/contracts';
import { toast } from 'sonner';
import { announceSignedOut } from '../../lib/unauthorized';
import { createQueryClient } from '../../query-client';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { renderApp } from '../../test-support/render-app';
import { someStats } from '../../test-support/standings';
import { aUser, anAdmin } from '../../test-support/users';

let fake: FakeFetch;
let uninstall: () => void;

beforeEach(() => {
  // After signing in the app lands on the dashboard, which loads these.
  fake = createFakeFetch({
    'GET /api/user/stats': () => jsonResponse(200, someStats()),
    'GET /api/periods/current': () => jsonResponse(200, null),
    'GET /api/leaderboards/overall': () => jsonResponse(200, []),
    'GET /api/leaderboards/survivor': () => jsonResponse(200, []),
    'GET /api/leaderboards/last10': () => jsonResponse(200, []),
  });
  uninstall = installGlobalFetch(fake);
});

afterEach(() => {
  uninstall();
});

const session = { expiresAt: '2025-10-01T12:00:00.000Z', idleExpiresAt: '2025-09-15T12:00:00.000Z' };
const signedOut = () =>
  jsonResponse(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'You are not signed in.' });

describe('the header', () => {
  test('shows a player their name, "Competitor", an initials avatar and Logout, without admin links', async () => {
    renderApp('/', { user: aUser() });

    const header = await screen.findByRole('banner');
    await within(header).findByText('Ann Player');
    within(header).getByText('Competitor');
    expect(within(header).getByTestId('avatar-initials').textContent).toBe('AP');
    within(header).getByRole('button', { name: 'Logout' });
    const nav = within(header).getByRole('navigation', { name: 'Main' });
    within(nav).getByRole('link', { name: 'Dashboard' });
    expect(within(nav).queryByRole('link', { name: 'Periods' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  test('falls back to the e-mail when there is no name', async () => {
    renderApp('/', { user: aUser({ firstName: null, lastName: null, email: 'zoe@example.com' }) });
    const banner = await screen.findByRole('banner');
    await within(banner).findByText('zoe@example.com');
    expect(within(banner).getByTestId('avatar-initials').textContent).toBe('ZO');
  });

  test('labels everyone "Competitor" in the header, admins too (their Admin link says the rest)', async () => {
    renderApp('/', { user: anAdmin() });
    const header = await screen.findByRole('banner');
    await within(header).findByText('Pat Host');
    within(header).getByText('Competitor', { selector: '.user-menu__role' });
  });

  test('toasts sit at the bottom, clear of the header (on a phone, above the bottom bar)', async () => {
    renderApp('/', { user: aUser() });
    await screen.findByRole('banner');
    act(() => void toast.success('Saved'));
    await screen.findByText('Saved');
    const toaster = document.querySelector<HTMLElement>('[data-sonner-toaster]')!;
    expect(toaster.dataset.yPosition).toBe('bottom');
    // styles.css sets the offset for each layout: 1.5rem, or above the phone's bottom bar.
    expect(toaster.style.getPropertyValue('--offset-bottom')).toBe('var(--toast-offset-bottom)');
    expect(toaster.style.getPropertyValue('--mobile-offset-bottom')).toBe('var(--toast-offset-bottom)');
    act(() => void toast.dismiss());
  });

  test('gives admins the Periods and Admin items', async () => {
    renderApp('/', { user: anAdmin() });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Periods' }).getAttribute('href')).toBe(
      '/period-management',
    );
    expect(within(nav).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });

  test('signed out: a landing page with Log In through /api/login, and no navigation', async () => {
    fake.routes.set('GET /api/auth/user', signedOut);
    renderApp('/');

    await screen.findByRole('heading', { name: 'Join The Pool' });
    const logins = screen.getAllByRole('link', { name: 'Log In' });
    expect(logins.length).toBeGreaterThan(0);
    for (const link of logins) expect(link.getAttribute('href')).toBe('/api/login');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  test('Logout ends the session on the server and shows the landing page', async () => {
    fake.routes.set('POST /api/auth/logout', () => jsonResponse(204, undefined));
    const { router } = renderApp('/profile', { user: aUser() });

    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    await screen.findByRole('heading', { name: 'Join The Pool' });
    expect(router.state.location.pathname).toBe('/');
    expect(fake.calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/auth/logout',
    ]);
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });
});

describe('signing in', () => {
  test('a page for signed-in users sends the signed-out to the sign-in page and back', async () => {
    fake.routes.set('GET /api/auth/user', signedOut);
    const { router } = renderApp('/profile');

    await screen.findByRole('heading', { name: 'Log in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/profile' });

    fake.routes.set('POST /api/auth/login', () =>
      jsonResponse(200, { user: aUser(), session } satisfies AuthResponse),
    );
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ann.player@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse battery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await screen.findByRole('heading', { name: 'Ann Player' });
    expect(router.state.location.pathname).toBe('/profile');
    const login = fake.calls.find((call) => call.url === '/api/auth/login');
    expect(JSON.parse(login!.body!)).toEqual({
      email: 'ann.player@example.com',
      password: 'correct horse battery',
    });
  });

  test('a refused sign-in shows the server message', async () => {
    fake.routes.set('GET /api/auth/user', signedOut);
    fake.routes.set('POST /api/auth/login', () =>
      jsonResponse(401, {
        statusCode: 401,
        code: 'INVALID_CREDENTIALS',
        message: 'The e-mail address or password is not right.',
      }),
    );
    renderApp('/login');

    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'The e-mail address or password is not right.',
    );
  });
});

describe('registration', () => {
  const options = (overrides: Partial<RegistrationOptions>): RegistrationOptions => ({
    mode: 'invite',
    firstAccount: false,
    sendsEmail: false,
    invitation: null,
    ...overrides,
  });

  test('an invitation link fills in the token and signs the new player in', async () => {
    fake.routes.set('GET /api/auth/user', signedOut);
    fake.routes.set('GET /api/auth/registration?invite=tok_123456789012345678', () =>
      jsonResponse(200, options({ invitation: { status: 'valid' } })),
    );
    fake.routes.set('POST /api/auth/register', () =>
      jsonResponse(201, { user: aUser({ firstName: 'Bea', lastName: null }), session }),
    );
    const { router } = renderApp('/register?invite=tok_123456789012345678');

    await screen.findByText('You have been invited to join the pool.');
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Bea' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'bea@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse battery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await within(screen.getByRole('banner')).findByText('Bea');
    expect(router.state.location.pathname).toBe('/');
    const request = fake.calls.find((call) => call.url === '/api/auth/register');
    expect(JSON.parse(request!.body!)).toEqual({
      email: 'bea@example.com',
      password: 'correct horse battery',
      firstName: 'Bea',
      inviteToken: 'tok_123456789012345678',
    });
  });

  test('states the password rule under the field and shows why the server refused a password', async () => {
    fake.routes.set('GET /api/auth/user', signedOut);
    fake.routes.set('GET /api/auth/registration', () => jsonResponse(200, options({ mode: 'open' })));
    const why =
      'This password is one of the most common passwords, which are tried first by anyone guessing. Please choose another.';
    fake.routes.set('POST /api/auth/register', () =>
      jsonResponse(400, { statusCode: 400, code: 'PASSWORD_POLICY', message: why }),
    );
    renderApp('/register');

    const password = await screen.findByLabelText('Password');
    expect(password.getAttribute('aria-describedby')).toBe('password-hint');
    expect(document.getElementById('password-hint')!.textContent).toContain(
      '8 to 256 characters; not one of the most common passwords, not your e-mail address, and not one character repeated.',
    );
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'bea@example.com' } });
    fireEvent.change(password, { target: { value: 'iloveyou' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(why);
  });

  test('tells the first visitor they become the admin', async () => {
    fake.routes.set('GET /api/auth/user', signedOut);
    fake.routes.set('GET /api/auth/registration', () => jsonResponse(200, options({ firstAccount: true })));
    renderApp('/register');
    await screen.findByText(/the account you create now will run it as its admin/);
    screen.getByRole('button', { name: 'Create account' });
  });

  test('without an invitation in an invitation-only pool there is no form, only the way to get one', async () => {
    fake.routes.set('GET /api/auth/user', signedOut);
    fake.routes.set('GET /api/auth/registration', () => jsonResponse(200, options({})));
    renderApp('/register');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This pool is by invitation only. Ask your pool host for an invitation link.',
    );
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
  });

  test('an expired link says so', async () => {
    fake.routes.set('GET /api/auth/user', signedOut);
    fake.routes.set('GET /api/auth/registration?invite=old_12345678901234567', () =>
      jsonResponse(200, options({ invitation: { status: 'expired' } })),
    );
    renderApp('/register?invite=old_12345678901234567');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation link has expired. Ask your pool host for a new one.',
    );
  });

  test('a link of a deactivated member says so, and offers no form', async () => {
    fake.routes.set('GET /api/auth/user', signedOut);
    fake.routes.set('GET /api/auth/registration?invite=off_12345678901234567', () =>
      jsonResponse(200, options({ invitation: { status: 'suspended' } })),
    );
    renderApp('/register?invite=off_12345678901234567');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation link belongs to a member who is not active in the pool right now. Ask your pool host for a new one.',
    );
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
  });
});

describe('a change refused because the session ended', () => {
  test('shows the "Unauthorized" toast and opens the sign-in page 500 ms later', async () => {
    const visited: string[] = [];
    const queryClient = createQueryClient({
      onSignedOut: () => announceSignedOut((url) => visited.push(url)),
    });
    fake.routes.set('PATCH /api/auth/user', signedOut);
    renderApp('/profile', { user: aUser(), queryClient });

    fireEvent.click(await screen.findByRole('button', { name: 'Save details' }));

    await screen.findByText('Unauthorized');
    screen.getByText('You are logged out. Logging in again...');
    expect(visited).toEqual([]);
    await waitFor(() => expect(visited).toEqual(['/api/login']), { timeout: 2000 });
  });
});
