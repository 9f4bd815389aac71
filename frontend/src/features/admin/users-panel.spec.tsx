import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminUser } from '@treble/contracts';
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
  fake = createFakeFetch({ 'GET /api/invites': () => jsonResponse(200, []) });
  uninstall = installGlobalFetch(fake);
});

afterEach(() => {
  uninstall();
});

const admin: AdminUser = { ...anAdmin(), active: true, feePaidOn: '2025-08-01', hasPicked: false };
const ann: AdminUser = { ...aUser(), active: true, feePaidOn: null, hasPicked: true };
const bob: AdminUser = {
  ...aUser({
    id: '5f0c1c9e-4a5b-4c1d-9a53-8f1d1f0a0003',
    email: 'bob@example.com',
    firstName: 'Bob',
    lastName: 'Idle',
  }),
  active: false,
  feePaidOn: '2025-08-05',
  hasPicked: false,
};

const calls = (method: string) =>
  fake.calls
    .filter((call) => call.method === method && call.url.startsWith('/api/admin/users/'))
    .map((call) => ({ url: call.url, body: call.body ? (JSON.parse(call.body) as unknown) : null }));

describe('admin › users: members', () => {
  test('shows inactive and paid players, filters those who have not paid', async () => {
    fake.routes.set('GET /api/admin/users', () => jsonResponse(200, [admin, ann, bob]));
    renderApp('/admin?tab=users', { user: admin });
    const regular = await screen.findByRole('list', { name: 'Regular users' });
    const bobRow = within(regular).getByText('Bob Idle').closest('li')!;
    within(bobRow).getByText('Inactive');
    expect(bobRow.textContent).toContain('paid');
    within(bobRow).getByRole('button', { name: 'Reactivate Bob Idle' });
    within(bobRow).getByRole('button', { name: 'Remove Bob Idle' });
    const annRow = within(regular).getByText('Ann Player').closest('li')!;
    expect(annRow.textContent).toContain('not paid');
    // Ann picked: she can be deactivated but not removed.
    within(annRow).getByRole('button', { name: 'Deactivate Ann Player' });
    expect(within(annRow).queryByRole('button', { name: 'Remove Ann Player' })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: /Not paid only/ }));
    await waitFor(() => expect(within(regular).queryByText('Bob Idle')).toBeNull());
    within(regular).getByText('Ann Player');
  });

  test('deactivates after asking, marks the fee and creates a reset link to hand over', async () => {
    fake.routes.set('GET /api/admin/users', () => jsonResponse(200, [admin, ann]));
    fake.routes.set(`PATCH /api/admin/users/${ann.id}/active`, () =>
      jsonResponse(200, { ...ann, active: false }),
    );
    fake.routes.set(`PATCH /api/admin/users/${ann.id}/fee`, () =>
      jsonResponse(200, { ...ann, feePaidOn: '2025-08-10' }),
    );
    fake.routes.set(`POST /api/admin/users/${ann.id}/password-reset`, () =>
      jsonResponse(201, {
        url: 'https://pool.example/reset-password?token=t0k3n',
        expiresAt: '2025-08-11T12:00:00.000Z',
      }),
    );
    renderApp('/admin?tab=users', { user: admin });

    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate Ann Player' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(calls('PATCH')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(calls('PATCH')).toEqual([{ url: `/api/admin/users/${ann.id}/active`, body: { active: false } }]),
    );

    fireEvent.click(screen.getByRole('checkbox', { name: 'Entry fee paid: Ann Player' }));
    await waitFor(() =>
      expect(calls('PATCH')[1]).toEqual({ url: `/api/admin/users/${ann.id}/fee`, body: { paid: true } }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Password reset link for Ann Player' }));
    const link = await screen.findByRole('textbox', { name: /Reset link for Ann Player/ });
    expect((link as HTMLInputElement).value).toBe('https://pool.example/reset-password?token=t0k3n');
  });

  test('a refused removal says why', async () => {
    fake.routes.set('GET /api/admin/users', () => jsonResponse(200, [admin, bob]));
    fake.routes.set(`DELETE /api/admin/users/${bob.id}`, () =>
      jsonResponse(409, { statusCode: 409, code: 'USER_HAS_PICKS', message: 'This player has made picks.' }),
    );
    renderApp('/admin?tab=users', { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Bob Idle' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await screen.findByText('This player has made picks.');
  });
});
