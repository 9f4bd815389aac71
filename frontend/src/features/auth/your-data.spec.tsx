import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryKeys, type NotificationSettings, type PersonalDataExport } from '@treble/contracts';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import type { ResponseLike } from '../../api/http';
import { writes } from '../../test-support/admin-forms';
import { renderApp } from '../../test-support/render-app';
import { aUser } from '../../test-support/users';
import { personalDataFileName } from './your-data-section';

let fake: FakeFetch;
let uninstall: () => void;

beforeEach(() => {
  fake = createFakeFetch({
    'GET /api/notifications/settings': () =>
      jsonResponse(200, {
        timeZone: 'Europe/London',
        reminder: { email: true, push: false },
        results: { email: true, push: false },
        announcement: { email: true, push: false },
      } satisfies NotificationSettings),
  });
  uninstall = installGlobalFetch(fake);
});

afterEach(() => {
  uninstall();
  jest.restoreAllMocks();
});

const theExport: PersonalDataExport = {
  format: 'treble-personal-data',
  formatVersion: 1,
  exportedAt: '2025-08-10T12:00:00.000Z',
  account: {
    id: aUser().id,
    email: 'ann.player@example.com',
    firstName: 'Ann',
    lastName: 'Player',
    profileImageUrl: null,
    createdAt: '2025-08-01T12:00:00.000Z',
  },
  pools: [],
  sessions: [],
};

const problem = (status: number, code: string, message: string) => () =>
  jsonResponse(status, { statusCode: status, code, message });

/** What the page handed the browser to save: the link's file name and the file's text. */
interface SavedFile {
  name: string;
  href: string;
  blob: Blob;
}

/** jsdom has no object URLs and saves no files: records what the page asks the browser to save. */
function captureDownloads(): SavedFile[] {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:treble/${++next}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => {},
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href, blob: blobs.get(this.href)! });
  });
  return saved;
}

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

describe('profile › your data: download', () => {
  test('names the file after today', () => {
    expect(personalDataFileName(new Date(2025, 7, 9, 23, 30))).toBe('treble-my-data-2025-08-09.json');
  });

  test('fetches the export, says it is preparing, and saves it as a JSON file', async () => {
    const saved = captureDownloads();
    let answer: (response: ResponseLike) => void = () => {};
    fake.routes.set(
      'GET /api/auth/user/data',
      () => new Promise<ResponseLike>((resolve) => (answer = resolve)),
    );
    renderApp('/profile', { user: aUser() });

    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    const preparing = await screen.findByRole('button', { name: 'Preparing…' });
    expect((preparing as HTMLButtonElement).disabled).toBe(true);
    expect(fake.calls.filter((call) => call.url === '/api/auth/user/data')).toHaveLength(1);
    expect(saved).toEqual([]);

    act(() => answer(jsonResponse(200, theExport)));

    await screen.findByRole('button', { name: 'Download my data' });
    const name = personalDataFileName(new Date());
    expect(saved.map((file) => file.name)).toEqual([name]);
    expect(saved[0]!.blob.type).toBe('application/json');
    expect(JSON.parse(await readBlob(saved[0]!.blob))).toEqual(theExport);
    screen.getByText(`Saved as ${name}.`);
    // The link was only a means: it is gone again.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  test('a failed download says so, with the server message', async () => {
    const saved = captureDownloads();
    fake.routes.set(
      'GET /api/auth/user/data',
      problem(503, 'SERVICE_UNAVAILABLE', 'The pool is busy, try again in a minute.'),
    );
    renderApp('/profile', { user: aUser() });

    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your data could not be downloaded: The pool is busy, try again in a minute.',
    );
    expect(saved).toEqual([]);
    screen.getByRole('button', { name: 'Download my data' });
  });
});

describe('profile › your data: deleting the account', () => {
  const openPanel = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    return screen.getByRole('form', { name: 'Delete your account for good?' });
  };

  test('a second step says what happens, takes the focus, and Escape or Cancel closes it', async () => {
    renderApp('/profile', { user: aUser() });

    const panel = await openPanel();
    const title = within(panel).getByRole('heading', { name: 'Delete your account for good?' });
    expect(document.activeElement).toBe(title);
    const text = panel.textContent;
    expect(text).toContain('signed out on every device');
    expect(text).toContain('cannot sign in to this account again');
    expect(text).toContain('can be used for a new account');
    expect(text).toContain('“Former player 7”');
    expect(text).toContain('nobody else’s standings change');
    expect(text).toContain('This cannot be undone.');
    expect(text).toContain('download your data first');
    within(panel).getByLabelText('Your password');

    fireEvent.keyDown(within(panel).getByLabelText('Your password'), { key: 'Escape' });
    expect(screen.queryByRole('form', { name: 'Delete your account for good?' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete my account' }));

    fireEvent.click(within(await openPanel()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Delete your account for good?' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete my account' }));
    expect(writes(fake.calls)).toEqual([]);
  });

  test('a wrong password is said at the field and the panel stays; the right one deletes and signs out', async () => {
    fake.routes.set(
      'POST /api/auth/user/erasure',
      problem(400, 'PASSWORD_INCORRECT', 'The password is not right.'),
    );
    const { router, queryClient } = renderApp('/profile', { user: aUser() });

    const panel = await openPanel();
    const password = within(panel).getByLabelText<HTMLInputElement>('Your password');
    fireEvent.change(password, { target: { value: 'not my password' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Delete my account for good' }));

    expect((await within(panel).findByRole('alert')).textContent).toBe('The password is not right.');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.value).toBe('');
    expect(document.activeElement).toBe(password);
    expect(router.state.location.pathname).toBe('/profile');

    fake.routes.set('POST /api/auth/user/erasure', () => jsonResponse(204, undefined));
    fireEvent.change(password, { target: { value: 'correct horse battery' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Delete my account for good' }));

    await screen.findByRole('heading', { name: 'Log in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ notice: 'account-deleted' });
    expect(screen.getByRole('status').textContent).toBe('Your account was deleted.');
    expect(queryClient.getQueryData(queryKeys.authUser())).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(writes(fake.calls)).toEqual([
      { method: 'POST', url: '/api/auth/user/erasure', body: { password: 'not my password' } },
      { method: 'POST', url: '/api/auth/user/erasure', body: { password: 'correct horse battery' } },
    ]);
  });

  test('a refusal for another reason (the last admin of a pool) shows the server message and keeps the password', async () => {
    const message = 'You are the last admin of Family pool: make someone else its admin first.';
    fake.routes.set('POST /api/auth/user/erasure', problem(409, 'LAST_ADMIN', message));
    const { router } = renderApp('/profile', { user: aUser() });

    const panel = await openPanel();
    const password = within(panel).getByLabelText<HTMLInputElement>('Your password');
    fireEvent.change(password, { target: { value: 'correct horse battery' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Delete my account for good' }));

    expect((await within(panel).findByRole('alert')).textContent).toBe(message);
    expect(password.value).toBe('correct horse battery');
    expect(password.getAttribute('aria-invalid')).toBeNull();
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'Delete my account for good' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
    expect(router.state.location.pathname).toBe('/profile');
  });
});
