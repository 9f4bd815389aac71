import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  DEFAULT_POOL_ADDRESS,
  defaultRules,
  type InstallPool,
  type InvitationPreview,
  type PeriodTimeline,
  type PoolSummary,
} from '@treble/contracts';
import { setCurrentPool, setPageLoader } from '../../api/current-pool';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { aPeriod } from '../../test-support/periods';
import { renderApp } from '../../test-support/render-app';
import { someStats } from '../../test-support/standings';
import { aUser } from '../../test-support/users';

const office: PoolSummary = { address: 'default', name: 'Office pool', role: 'admin', isDefault: true };
const family: PoolSummary = { address: 'family', name: 'Family pool', role: 'player', isDefault: false };

function timeline(openForPicks: boolean): PeriodTimeline {
  return {
    now: '2026-11-27T12:00:00.000Z',
    currentPeriodId: 13,
    periods: [
      {
        ...aPeriod({ id: 13, isActive: true }),
        status: openForPicks ? 'open' : 'ended',
        openForPicks,
        nextDeadline: null,
        isCurrent: true,
      },
    ],
  };
}

const pick = (id: string) => ({ id, status: 'active' });

let fake: FakeFetch;
let uninstall: () => void;

beforeEach(() => {
  fake = createFakeFetch({
    'GET /api/pools': () => jsonResponse(200, [office, family]),
    'GET /api/pools/default/user/stats': () =>
      jsonResponse(200, someStats({ overallRank: 2, last10Rank: null, survivorRank: 1 })),
    'GET /api/pools/default/periods/timeline': () => jsonResponse(200, timeline(true)),
    'GET /api/pools/default/rules': () => jsonResponse(200, defaultRules),
    'GET /api/pools/default/choices/period/13': () => jsonResponse(200, [pick('a'), pick('b'), pick('c')]),
    'GET /api/pools/family/user/stats': () =>
      jsonResponse(200, someStats({ overallRank: 7, last10Rank: 3, isEliminated: true })),
    'GET /api/pools/family/periods/timeline': () => jsonResponse(200, timeline(true)),
    'GET /api/pools/family/rules': () => jsonResponse(200, defaultRules),
    'GET /api/pools/family/choices/period/13': () =>
      jsonResponse(200, [pick('d'), { id: 'e', status: 'voided' }]),
    'GET /api/install/pools': () =>
      jsonResponse(403, { statusCode: 403, code: 'INSTALL_OWNER_ONLY', message: 'Only the owner.' }),
  });
  uninstall = installGlobalFetch(fake);
});

afterEach(() => {
  uninstall();
  setCurrentPool(DEFAULT_POOL_ADDRESS);
});

function card(name: string): HTMLElement {
  const found = screen.getAllByTestId('pool-card').find((element) => within(element).queryByText(name));
  if (!found) throw new Error(`No card for ${name}`);
  return found;
}

describe('My pools', () => {
  test('each pool with my role, my ranks in its three competitions and my picks for its matchweek', async () => {
    renderApp('/pools', { user: aUser(), pools: [office, family] });
    await screen.findByText('Matchweek 13: all 3 picks in');
    const mine = card('Office pool');
    within(mine).getByText('Admin');
    within(mine).getByText('Open now');
    expect(within(mine).getByText('Overall').nextSibling?.textContent).toBe('#2');
    expect(within(mine).getByText('Last 10').nextSibling?.textContent).toBe('--');
    expect(within(mine).getByText('Survivor').nextSibling?.textContent).toBe('#1');

    const theirs = card('Family pool');
    await within(theirs).findByText('Matchweek 13: 1 of 3 picks in');
    within(theirs).getByText('Player');
    expect(within(theirs).getByText('Survivor').nextSibling?.textContent).toBe('Out');
    expect(within(theirs).getByRole('link', { name: 'Open this pool' }).getAttribute('href')).toBe(
      '/p/family/',
    );
  });

  test('says when a matchweek is closed, and a pool that fails to answer can be asked again', async () => {
    fake.routes.set('GET /api/pools/family/periods/timeline', () => jsonResponse(200, timeline(false)));
    let failures = 1;
    fake.routes.set('GET /api/pools/default/user/stats', () =>
      failures-- > 0
        ? jsonResponse(500, { statusCode: 500, code: 'INTERNAL', message: 'Down' })
        : jsonResponse(200, someStats()),
    );
    renderApp('/pools', { user: aUser(), pools: [office, family] });
    await screen.findByText('Matchweek 13: picks closed (1 of 3 made)');
    const alert = await within(card('Office pool')).findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await within(card('Office pool')).findByText('Matchweek 13: all 3 picks in');
  });

  test("in another pool's pages the header names it, and links and calls keep its prefix", async () => {
    setCurrentPool('family');
    renderApp('/pools', { user: aUser() });
    const switcher = await screen.findByTestId('pool-switcher');
    expect(switcher.textContent).toContain('Family pool');
    fireEvent.click(switcher);
    const menu = await screen.findByRole('dialog', { name: 'Your pools' });
    expect(within(menu).getByRole('link', { name: 'Office pool' }).getAttribute('href')).toBe('/');
    expect(
      within(menu)
        .getByRole('link', { name: /Family pool/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    fireEvent.click(within(menu).getByRole('link', { name: 'My pools' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    within(card('Office pool')).getByRole('link', { name: 'Open this pool' });
    expect(
      within(card('Family pool')).getByRole('link', { name: 'Go to its dashboard' }).getAttribute('href'),
    ).toBe('/p/family/');
    // The root loads the rules of the pool the page is in, through its prefix.
    const urls = fake.calls.map((call) => call.url);
    expect(urls).toContain('/api/pools/family/rules');
    expect(urls).not.toContain('/api/rules');
  });
});

describe('an archived pool', () => {
  test('its pages say it is archived: its history reads, nothing in it changes', async () => {
    const archived = { ...family, archived: true };
    fake.routes.set('GET /api/pools', () => jsonResponse(200, [office, archived]));
    fake.routes.set('GET /api/pools/family', () => jsonResponse(200, archived));
    setCurrentPool('family');
    renderApp('/history', { user: aUser() });
    await screen.findByText(
      'Family pool is archived: its history stays readable, and nothing in it changes.',
    );
  });
});

describe('a pool I am not in', () => {
  test('its pages say the pool is not found, once, and lead to My pools', async () => {
    setCurrentPool('elsewhere');
    renderApp('/leaderboards', { user: aUser() });
    await screen.findByRole('heading', { name: 'Pool Not Found' });
    expect(screen.getByRole('link', { name: 'My pools' }).getAttribute('href')).toBe('/pools');
    expect(screen.queryByText(/Could not load/)).toBeNull();
  });

  test('My pools itself still shows, wherever it is opened', async () => {
    setCurrentPool('elsewhere');
    renderApp('/pools', { user: aUser() });
    await screen.findByText('Matchweek 13: all 3 picks in');
    expect(screen.queryByText('Pool Not Found')).toBeNull();
  });
});

describe('joining and starting pools', () => {
  const assign = jest.fn<(url: string) => void>();
  beforeEach(() => {
    assign.mockReset();
    setPageLoader(assign);
  });

  const preview = (overrides: Partial<InvitationPreview> = {}): InvitationPreview => ({
    pool: { address: 'family', name: 'Family pool', isDefault: false },
    invitedBy: 'Olga Owner',
    status: 'valid',
    alreadyMember: false,
    ...overrides,
  });

  test('an invitation link opened signed in names the pool and who sent it, and joins with one tap', async () => {
    fake.routes.set('GET /api/invitations/tok-123', () => jsonResponse(200, preview()));
    fake.routes.set('POST /api/invitations/tok-123/join', () => jsonResponse(200, family));
    renderApp('/register?invite=tok-123', { user: aUser() });
    await screen.findByRole('heading', { name: 'Join Family pool' });
    screen.getByText(/Olga Owner invited you to this pool/);
    fireEvent.click(screen.getByRole('button', { name: 'Join Family pool' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/p/family/'));
    expect(fake.calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/invitations/tok-123/join',
    ]);
  });

  test('a link to a pool I am in offers to open it; a dead one says why, and offers no button', async () => {
    fake.routes.set('GET /api/invitations/tok-1', () => jsonResponse(200, preview({ alreadyMember: true })));
    const first = renderApp('/join?invite=tok-1', { user: aUser() });
    await screen.findByText(/You are a member of Family pool already/);
    expect(screen.getByRole('link', { name: 'Open it' }).getAttribute('href')).toBe('/p/family/');
    first.unmount();
    fake.routes.set('GET /api/invitations/tok-2', () => jsonResponse(200, preview({ status: 'expired' })));
    renderApp('/join?invite=tok-2', { user: aUser() });
    await screen.findByText(/This invitation link has expired/);
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
  });

  test('one who is in no pool of this install but others starts at My pools', async () => {
    fake.routes.set('GET /api/pools', () => jsonResponse(200, [family]));
    renderApp('/leaderboards', { user: aUser(), pools: [family] });
    await screen.findByRole('heading', { name: 'My pools' });
    await within(card('Family pool')).findByText('Matchweek 13: 1 of 3 picks in');
  });

  test('signed in, the start page is My pools for one who is in no pool of this install but others', async () => {
    fake.routes.set('GET /api/pools', () => jsonResponse(200, [family]));
    renderApp('/', { user: aUser(), pools: [family] });
    await screen.findByRole('heading', { name: 'My pools' });
    expect(fake.calls.map((call) => call.url)).not.toContain('/api/user/stats');
  });

  test('starts a pool at an address made from its name, and says why when the install refuses', async () => {
    let refuse = true;
    fake.routes.set('POST /api/pools', () =>
      refuse
        ? jsonResponse(403, {
            statusCode: 403,
            code: 'POOL_CREATION_OWNER_ONLY',
            message: 'On this install only its owner creates pools.',
          })
        : jsonResponse(201, {
            address: 'five-a-side-2026',
            name: 'Five-a-side 2026',
            role: 'admin',
            isDefault: false,
          }),
    );
    renderApp('/pools', { user: aUser() });
    fireEvent.change(await screen.findByLabelText('Pool name'), { target: { value: 'Five-a-side 2026!' } });
    expect(screen.getByLabelText<HTMLInputElement>(/^Address/).value).toBe('five-a-side-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Create pool' }));
    await screen.findByText('On this install only its owner creates pools.');
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Create pool' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/p/five-a-side-2026/'));
    expect(JSON.parse(fake.calls.at(-1)!.body!)).toEqual({
      name: 'Five-a-side 2026!',
      address: 'five-a-side-2026',
    });
  });
});

describe("the install owner's pools", () => {
  const listed = (archived: boolean): InstallPool[] => [
    {
      address: 'default',
      name: 'Office pool',
      isDefault: true,
      archived: false,
      members: 12,
      createdAt: null,
    },
    {
      address: 'family',
      name: 'Family pool',
      isDefault: false,
      archived,
      members: 4,
      createdAt: '2026-08-01T10:00:00.000Z',
    },
  ];

  test('nobody but the owner sees them', async () => {
    renderApp('/pools', { user: aUser() });
    await screen.findByText('Matchweek 13: all 3 picks in');
    expect(screen.queryByRole('heading', { name: "This install's pools" })).toBeNull();
  });

  test('the owner sees each pool with its member count, archives one after a confirmation, then deletes it', async () => {
    let state: 'playing' | 'archived' | 'deleted' = 'playing';
    fake.routes.set('GET /api/install/pools', () => jsonResponse(200, listed(state === 'archived')));
    fake.routes.set('POST /api/install/pools/family/archive', () => {
      state = 'archived';
      return jsonResponse(200, listed(true));
    });
    fake.routes.set('DELETE /api/install/pools/family', () => {
      state = 'deleted';
      return jsonResponse(200, listed(false).slice(0, 1));
    });
    renderApp('/pools', { user: aUser() });
    const panel = (await screen.findByRole('heading', { name: "This install's pools" })).closest('section')!;
    const rows = within(panel).getAllByTestId('install-pool');
    expect(rows[0]!.textContent).toContain('12 members');
    expect(rows[0]!.textContent).toContain('the default pool');
    expect(rows[1]!.textContent).toContain('/p/family/');
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(rows[1]!.textContent).toContain('4 members');

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Archive Family pool' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Archive Family pool?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive pool' }));
    await within(panel).findByText('Archived');
    fireEvent.click(within(panel).getByRole('button', { name: 'Delete Family pool' }));
    const sure = await screen.findByRole('alertdialog', { name: 'Delete Family pool?' });
    within(sure).getByText(/stays taken/);
    fireEvent.click(within(sure).getByRole('button', { name: 'Delete pool' }));
    await waitFor(() => expect(within(panel).getAllByTestId('install-pool')).toHaveLength(1));
    expect(
      fake.calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.url}`),
    ).toEqual(['POST /api/install/pools/family/archive', 'DELETE /api/install/pools/family']);
  });
});
