import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AuthResponse } from '@treble/contracts';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { renderApp } from '../../test-support/render-app';
import { someStats } from '../../test-support/standings';
import { aUser } from '../../test-support/users';

let fake: FakeFetch;
let uninstall: () => void;

beforeEach(() => {
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

const posted = (url: string) =>
  fake.calls
    .filter((call) => call.method === 'POST' && call.url === url)
    .map((call) => JSON.parse(call.body!) as unknown);

describe('forgot password', () => {
  const sendsEmail = (value: boolean) =>
    fake.routes.set('GET /api/auth/registration', () =>
      jsonResponse(200, { mode: 'invite', firstAccount: false, sendsEmail: value, invitation: null }),
    );

  test('the sign-in page links to it; it sends the address and shows the answer', async () => {
    sendsEmail(true);
    fake.routes.set('POST /api/auth/password-reset/request', () =>
      jsonResponse(202, { message: 'If an account uses this address, a link is on its way.' }),
    );
    renderApp('/login', { user: null });
    fireEvent.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await screen.findByText('If an account uses this address, a link is on its way.');
    expect(posted('/api/auth/password-reset/request')).toEqual([{ email: 'ann@example.com' }]);
  });

  test('a refused request says why', async () => {
    sendsEmail(true);
    fake.routes.set('POST /api/auth/password-reset/request', () =>
      jsonResponse(429, { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many reset requests.' }),
    );
    renderApp('/forgot-password', { user: null });
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many reset requests.');
  });

  test('a pool that sends no e-mail says at once to ask the host, with no form', async () => {
    sendsEmail(false);
    renderApp('/forgot-password', { user: null });
    expect((await screen.findByRole('status')).textContent).toContain('Ask your pool host for a reset link');
    expect(screen.queryByLabelText('E-mail')).toBeNull();
  });
});

describe('reset password', () => {
  test('sets the new password with the token of the link and lands signed in on the dashboard', async () => {
    const user = aUser();
    fake.routes.set('POST /api/auth/password-reset', () =>
      jsonResponse(200, {
        user,
        session: { expiresAt: '2025-10-01T12:00:00.000Z', idleExpiresAt: '2025-09-15T12:00:00.000Z' },
      } satisfies AuthResponse),
    );
    const { history } = renderApp('/reset-password?token=abc123', { user: null });
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'a new secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(posted('/api/auth/password-reset')).toEqual([{ token: 'abc123', newPassword: 'a new secret' }]);
  });

  test('a used or expired link offers a new one', async () => {
    fake.routes.set('POST /api/auth/password-reset', () =>
      jsonResponse(400, {
        statusCode: 400,
        code: 'RESET_TOKEN_INVALID',
        message: 'This reset link is not valid any more.',
      }),
    );
    renderApp('/reset-password?token=used', { user: null });
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'a new secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This reset link is not valid any more.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  test('without a token it says where to get one', async () => {
    renderApp('/reset-password', { user: null });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This page needs the link from your reset e-mail.',
    );
  });
});
