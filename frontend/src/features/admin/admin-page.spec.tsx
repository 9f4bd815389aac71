import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Invitation, User } from '@treble/contracts';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { renderApp } from '../../test-support/render-app';
import { aUser, anAdmin } from '../../test-support/users';

let fake: FakeFetch;
let uninstall: () => void;

beforeEach(() => {
  fake = createFakeFetch();
  uninstall = installGlobalFetch(fake);
});

afterEach(() => {
  uninstall();
});

const admin = anAdmin();
const player = aUser();
const invitation: Invitation = {
  token: 'abcdefghijklmnopqrstuvwxyz012345',
  url: 'https://pool.example/register?invite=abcdefghijklmnopqrstuvwxyz012345',
  maxUses: 3,
  uses: 1,
  expiresAt: null,
  revokedAt: null,
  createdAt: '2025-08-01T12:00:00.000Z',
  createdBy: admin.id,
  status: 'valid',
};

function serve(users: User[], invitations: Invitation[] = [invitation]) {
  fake.routes.set('GET /api/admin/users', () => jsonResponse(200, users));
  fake.routes.set('GET /api/invites', () => jsonResponse(200, invitations));
}

const patches = () =>
  fake.calls
    .filter((call) => call.method === 'PATCH')
    .map((call) => ({ url: call.url, body: JSON.parse(call.body!) as unknown }));

describe('admin page', () => {
  test('a player sees "Admin Access Required" and no admin data is requested', async () => {
    renderApp('/admin', { user: player });
    await screen.findByRole('heading', { name: 'Admin Access Required' });
    expect(
      fake.calls.filter((call) => call.url.startsWith('/api/admin') || call.url.startsWith('/api/invites')),
    ).toEqual([]);
  });

  test('lists admins and regular users with counters', async () => {
    serve([admin, player]);
    renderApp('/admin?tab=users', { user: admin });

    const admins = await screen.findByRole('list', { name: 'Admins' });
    within(admins).getByText('Pat Host');
    const regular = screen.getByRole('list', { name: 'Regular users' });
    within(regular).getByText('Ann Player');
    within(regular).getByText(/ann.player@example.com/);
    const counters = screen.getByText('Total').parentElement!;
    expect(counters.textContent).toBe('Total2');
  });

  test('Make Admin grants at once; Remove Admin asks first', async () => {
    serve([
      admin,
      player,
      aUser({ id: 'third', email: 'sam@example.com', firstName: 'Sam', lastName: null, isAdmin: true }),
    ]);
    fake.routes.set(`PATCH /api/admin/users/${player.id}/admin`, () =>
      jsonResponse(200, { ...player, isAdmin: true }),
    );
    fake.routes.set('PATCH /api/admin/users/third/admin', () =>
      jsonResponse(200, { ...player, isAdmin: false }),
    );
    renderApp('/admin?tab=users', { user: admin });

    fireEvent.click(await screen.findByRole('switch', { name: 'Make Ann Player admin' }));
    await waitFor(() =>
      expect(patches()).toEqual([{ url: `/api/admin/users/${player.id}/admin`, body: { isAdmin: true } }]),
    );
    await screen.findByText('User granted admin privileges successfully.');

    fireEvent.click(screen.getByRole('button', { name: 'Remove Admin: Sam' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText('Remove admin privileges?');
    expect(patches()).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Admin' }));
    await waitFor(() =>
      expect(patches()[1]).toEqual({ url: '/api/admin/users/third/admin', body: { isAdmin: false } }),
    );
  });

  test('the last admin cannot be removed; a change refused all the same (another admin was removed at once) says why', async () => {
    serve([admin, player]);
    const { unmount } = renderApp('/admin?tab=users', { user: admin });
    const only = await screen.findByRole('button', { name: 'Remove Admin: Pat Host' });
    expect(only.hasAttribute('disabled')).toBe(true);
    unmount();

    serve([admin, aUser({ id: 'second', firstName: 'Sam', lastName: null, isAdmin: true }), player]);
    fake.routes.set(`PATCH /api/admin/users/${admin.id}/admin`, () =>
      jsonResponse(409, {
        statusCode: 409,
        code: 'LAST_ADMIN',
        message: 'This is the last admin of the pool: make someone else admin first.',
      }),
    );
    renderApp('/admin?tab=users', { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Admin: Pat Host' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove Admin' }),
    );
    await screen.findByText('This is the last admin of the pool: make someone else admin first.');
  });

  test('creates and lists invitation links', async () => {
    serve([admin]);
    fake.routes.set('POST /api/invites', () =>
      jsonResponse(201, { token: 'newtoken', url: 'https://pool.example/register?invite=newtoken' }),
    );
    renderApp('/admin?tab=users', { user: admin });

    const row = (await screen.findAllByTestId('invitation-row'))[0]!;
    within(row).getByText(invitation.url);
    within(row).getByText(/Used 1 of 3/);
    within(row).getByText('Active');

    fireEvent.change(screen.getByLabelText('Maximum uses'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect((await screen.findByLabelText<HTMLInputElement>('New invitation link')).value).toBe(
      'https://pool.example/register?invite=newtoken',
    );
    const created = fake.calls.find((call) => call.method === 'POST' && call.url === '/api/invites');
    expect(JSON.parse(created!.body!)).toEqual({ maxUses: 5 });
  });

  test('when e-mail is unavailable it says so and offers the direct link (docs/rules.md, Screens: "Invite failure")', async () => {
    serve([admin]);
    fake.routes.set('POST /api/send-invite', () =>
      jsonResponse(503, {
        statusCode: 503,
        code: 'EMAIL_UNAVAILABLE',
        message: 'E-mail is not set up on this server',
        fallbackLink: 'https://pool.example/register?invite=fallback',
      }),
    );
    renderApp('/admin?tab=users', { user: admin });

    fireEvent.change(await screen.findByLabelText('E-mail address'), {
      target: { value: 'friend@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send Invite' }));

    await screen.findByText('Email Unavailable');
    screen.getByText('E-mail is not set up on this server. Copy the direct link instead.');
    expect(screen.getByLabelText<HTMLInputElement>('Direct invitation link').value).toBe(
      'https://pool.example/register?invite=fallback',
    );
  });

  test('completes links the server answers as paths (no PUBLIC_URL) with the address the page came from', async () => {
    const origin = window.location.origin;
    serve([admin], [{ ...invitation, url: `/register?invite=${invitation.token}` }]);
    fake.routes.set('POST /api/invites', () =>
      jsonResponse(201, { token: 'newtoken', url: '/register?invite=newtoken' }),
    );
    fake.routes.set('POST /api/send-invite', () =>
      jsonResponse(503, {
        statusCode: 503,
        code: 'EMAIL_UNAVAILABLE',
        message: 'E-mail is not set up on this server',
        fallbackLink: '/register?invite=fallback',
      }),
    );
    renderApp('/admin?tab=users', { user: admin });

    const row = (await screen.findAllByTestId('invitation-row'))[0]!;
    within(row).getByText(`${origin}/register?invite=${invitation.token}`);
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect((await screen.findByLabelText<HTMLInputElement>('New invitation link')).value).toBe(
      `${origin}/register?invite=newtoken`,
    );
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'friend@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Invite' }));
    await screen.findByText('Email Unavailable');
    expect(screen.getByLabelText<HTMLInputElement>('Direct invitation link').value).toBe(
      `${origin}/register?invite=fallback`,
    );
  });
});
