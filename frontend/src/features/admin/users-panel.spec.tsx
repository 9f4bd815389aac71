import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_POOL_ADDRESS, standInName, type AdminUser } from '@treble/contracts';
import { setCurrentPool } from '../../api/current-pool';
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
  setCurrentPool(DEFAULT_POOL_ADDRESS);
});

const admin: AdminUser = {
  ...anAdmin(),
  active: true,
  feePaidOn: '2025-08-01',
  hasPicked: false,
  erased: false,
};
const ann: AdminUser = { ...aUser(), active: true, feePaidOn: null, hasPicked: true, erased: false };
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
  erased: false,
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

/** Ann after her data was erased: the server names her stand-in, and keeps nothing else of hers. */
const annErased: AdminUser = {
  ...ann,
  ...standInName(7),
  email: 'erased-7@invalid',
  active: false,
  erased: true,
};
const noProblem = (status: number, code: string, message: string) => () =>
  jsonResponse(status, { statusCode: status, code, message });

describe('admin › users: erasing a member on their request', () => {
  test('asks first, naming the member, then erases them and shows the stand-in', async () => {
    let list = [admin, ann];
    fake.routes.set('GET /api/admin/users', () => jsonResponse(200, list));
    fake.routes.set(`POST /api/admin/users/${ann.id}/erasure`, () => {
      list = [admin, annErased];
      return jsonResponse(204, undefined);
    });
    renderApp('/admin?tab=users', { user: admin });

    // Nobody erases themselves here (their own profile does that, with their password).
    await screen.findByRole('button', { name: 'Deactivate Ann Player' });
    expect(screen.queryByRole('button', { name: 'Erase data of Pat Host' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Erase data of Ann Player' }));
    const dialog = await screen.findByRole('alertdialog', { name: "Erase Ann Player's data?" });
    expect(dialog.textContent).toContain('Former player 7');
    expect(dialog.textContent).toContain('cannot be undone');
    expect(calls('POST')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase data' }));

    await waitFor(() =>
      expect(calls('POST')).toEqual([
        { url: `/api/admin/users/${ann.id}/erasure`, body: { confirmUserId: ann.id } },
      ]),
    );
    const regular = screen.getByRole('list', { name: 'Regular users' });
    const row = (await within(regular).findByText('Former player 7')).closest('li')!;
    within(row).getByText('Erased');
    expect(within(row).queryAllByRole('button')).toEqual([]);
    expect(within(regular).queryByText('Ann Player')).toBeNull();
    await screen.findByText("Ann Player's data is erased.");
  });

  test('shows an erased member as their stand-in, with a badge and no actions', async () => {
    fake.routes.set('GET /api/admin/users', () => jsonResponse(200, [admin, annErased, bob]));
    renderApp('/admin?tab=users', { user: admin });
    const regular = await screen.findByRole('list', { name: 'Regular users' });
    const row = within(regular).getByText('Former player 7').closest('li')!;
    within(row).getByText('Erased');
    expect(within(row).queryByText('Inactive')).toBeNull();
    expect(row.textContent).not.toContain('erased-7@invalid');
    expect(within(row).queryAllByRole('button')).toEqual([]);
    expect(within(row).queryAllByRole('checkbox')).toEqual([]);
    expect(within(row).queryAllByRole('switch')).toEqual([]);
    // The others keep theirs.
    within(regular).getByRole('button', { name: 'Erase data of Bob Idle' });
  });

  test.each([
    ['MEMBER_OF_OTHER_POOLS', 'Ann Player is a member of other pools: she can erase her account herself.'],
    ['ALREADY_ERASED', 'This member’s data was erased already.'],
  ])('a refused erasure (%s) says why', async (code, message) => {
    fake.routes.set('GET /api/admin/users', () => jsonResponse(200, [admin, ann]));
    fake.routes.set(`POST /api/admin/users/${ann.id}/erasure`, noProblem(409, code, message));
    renderApp('/admin?tab=users', { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Erase data of Ann Player' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Erase data' }),
    );
    await screen.findByText(message);
  });

  test('erasing another admin who is the last admin somewhere shows the server message', async () => {
    const coHost: AdminUser = {
      ...anAdmin({ id: '5f0c1c9e-4a5b-4c1d-9a53-8f1d1f0a0009', firstName: 'Cy', lastName: 'Host' }),
      active: true,
      feePaidOn: null,
      hasPicked: true,
      erased: false,
    };
    const message = 'Cy Host is the last admin of a pool.';
    fake.routes.set('GET /api/admin/users', () => jsonResponse(200, [admin, coHost]));
    fake.routes.set(`POST /api/admin/users/${coHost.id}/erasure`, noProblem(409, 'LAST_ADMIN', message));
    renderApp('/admin?tab=users', { user: admin });
    const admins = await screen.findByRole('list', { name: 'Admins' });
    fireEvent.click(within(admins).getByRole('button', { name: 'Erase data of Cy Host' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Erase data' }),
    );
    await screen.findByText(message);
  });

  test("in another pool the erasure goes to that pool's admin route", async () => {
    setCurrentPool('family');
    fake.routes.set('GET /api/pools/family', () =>
      jsonResponse(200, { address: 'family', name: 'Family pool', role: 'admin', isDefault: false }),
    );
    fake.routes.set('GET /api/pools/family/invites', () => jsonResponse(200, []));
    fake.routes.set('GET /api/pools/family/admin/users', () => jsonResponse(200, [admin, ann]));
    fake.routes.set(`POST /api/pools/family/admin/users/${ann.id}/erasure`, () =>
      jsonResponse(204, undefined),
    );
    renderApp('/admin?tab=users', {
      user: admin,
      pools: [{ address: 'family', name: 'Family pool', role: 'admin', isDefault: false }],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Erase data of Ann Player' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Erase data' }),
    );
    await waitFor(() =>
      expect(
        fake.calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body]),
      ).toEqual([
        [`/api/pools/family/admin/users/${ann.id}/erasure`, JSON.stringify({ confirmUserId: ann.id })],
      ]),
    );
  });
});
