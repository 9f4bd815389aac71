import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultRules, describeSurvivorRule } from '@treble/contracts';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { renderApp } from '../../test-support/render-app';
import { aLast10Entry, anEntry, aSurvivorEntry } from '../../test-support/standings';
import { aUser, anAdmin } from '../../test-support/users';
import { createQueryClient } from '../../query-client';
import { clearCacheAndReload } from './clear-cache';

let fake: FakeFetch;
let uninstall: () => void;

beforeEach(() => {
  fake = createFakeFetch({
    'GET /api/leaderboards/summary': () =>
      jsonResponse(200, { totalPlayers: 12, survivors: 9, last10Players: 4 }),
    'GET /api/leaderboards/overall': () =>
      jsonResponse(200, [
        anEntry(1, 'Ann Player'),
        anEntry(2, 'Bob Stone'),
        anEntry(3, 'Cat Lee'),
        anEntry(4, 'Dan Fox'),
      ]),
    'GET /api/leaderboards/survivor': () =>
      jsonResponse(200, [
        aSurvivorEntry(1, 'Ann Player', { strikeCount: 1 }),
        aSurvivorEntry(2, 'Bob Stone', { isEliminated: true, strikeCount: 3, eliminatedInPeriod: 6 }),
      ]),
    'GET /api/leaderboards/last10': () =>
      jsonResponse(200, [
        aLast10Entry(1, 'Ann Player', { badge: 'Hot' }),
        aLast10Entry(2, 'Bob Stone', { badge: 'Cold' }),
      ]),
  });
  uninstall = installGlobalFetch(fake);
});

afterEach(() => uninstall());

/** Radix tabs switch on mouse down (pointer events are thin in jsdom). */
function openTab(name: string) {
  const tab = screen.getByRole('tab', { name });
  fireEvent.mouseDown(tab, { button: 0 });
  fireEvent.click(tab);
}

describe('leaderboards page', () => {
  test('summary cards and the overall tab with crown, medals and initials', async () => {
    renderApp('/leaderboards', { user: aUser() });

    await screen.findByRole('heading', { name: 'Leaderboards' });
    const cards = screen.getAllByTestId('summary-card');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Total Players12',
      'Survivors9',
      'Last 10 Active4',
    ]);
    expect(screen.getByRole('tab', { name: 'Overall' }).getAttribute('aria-selected')).toBe('true');

    const rows = await screen.findAllByTestId('leader-row');
    expect(rows).toHaveLength(4);
    // The number is text beside the crown or medal, for devices without an emoji font.
    expect(within(rows[0] as HTMLElement).getByRole('img', { name: 'Rank 1' }).textContent).toBe('👑#1');
    expect(within(rows[1] as HTMLElement).getByRole('img', { name: 'Rank 2' }).textContent).toBe('🥈#2');
    expect(within(rows[2] as HTMLElement).getByRole('img', { name: 'Rank 3' }).textContent).toBe('🥉#3');
    within(rows[3] as HTMLElement).getByText('#4');
    expect(within(rows[3] as HTMLElement).queryByRole('img')).toBeNull();
    within(rows[0] as HTMLElement).getByText('AP');
    within(rows[0] as HTMLElement).getByText('29 pts');
  });

  test('survivor rows show status and strikes; last 10 rows show badges', async () => {
    renderApp('/leaderboards', { user: aUser() });
    await screen.findAllByTestId('leader-row');

    openTab('Survivor');
    const survivor = screen.getByRole('tabpanel');
    await within(survivor).findByText('Strikes 1/3');
    within(survivor).getByText(describeSurvivorRule(defaultRules));
    const [active, out] = within(survivor).getAllByTestId('leader-row') as [HTMLElement, HTMLElement];
    within(active).getByText('Active');
    within(out).getByText('Eliminated');
    within(out).getByText('Strikes 3/3');

    openTab('Last 10');
    const last10 = screen.getByRole('tabpanel');
    await within(last10).findByText('Hot');
    within(last10).getByText('Cold');
  });

  test('a tab whose board fails to load says so in the tab, keeps the page, and retries', async () => {
    fake.routes.set('GET /api/leaderboards/survivor', () =>
      jsonResponse(503, { statusCode: 503, code: 'INTERNAL', message: 'Down' }),
    );
    renderApp('/leaderboards', { user: aUser() });
    await screen.findAllByTestId('leader-row');

    openTab('Survivor');
    const panel = screen.getByRole('tabpanel');
    await within(panel).findByText('503: Down');
    within(panel).getByRole('heading', { name: 'Could not load the leaderboard' });
    // The rest of the page stays.
    expect(screen.getAllByTestId('summary-card')).toHaveLength(3);

    fake.routes.set('GET /api/leaderboards/survivor', () =>
      jsonResponse(200, [aSurvivorEntry(1, 'Ann Player', { strikeCount: 2 })]),
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    await within(screen.getByRole('tabpanel')).findByText('Strikes 2/3');
    expect(screen.queryByText('503: Down')).toBeNull();
  });

  test("the route's first load failing shows the route's error", async () => {
    fake.routes.set('GET /api/leaderboards/overall', () =>
      jsonResponse(503, { statusCode: 503, code: 'INTERNAL', message: 'Down' }),
    );
    renderApp('/leaderboards', { user: aUser() });
    await screen.findByRole('heading', { name: 'Could not load the leaderboards' });
    screen.getByText('503: Down');
  });
});

describe('leaderboards page, live', () => {
  test('a notice for one leaderboard refreshes the summary cards too', async () => {
    const { queryClient } = renderApp('/leaderboards', { user: aUser() });
    await screen.findAllByTestId('leader-row');

    fake.routes.set('GET /api/leaderboards/summary', () =>
      jsonResponse(200, { totalPlayers: 13, survivors: 9, last10Players: 4 }),
    );
    await queryClient.invalidateQueries({ queryKey: ['leaderboards', 'overall'] });

    await screen.findByText('13');
  });

  test('the summary is asked once for several boards at once, and not for a tab opened or a live table', async () => {
    fake.routes.set('GET /api/leaderboards/live/overall?limit=100', () =>
      jsonResponse(200, { kind: 'overall', rows: [], provisional: true }),
    );
    const { queryClient } = renderApp('/leaderboards', { user: aUser() });
    await screen.findAllByTestId('leader-row');
    const asked = () => fake.calls.filter((call) => call.url === '/api/leaderboards/summary').length;
    expect(asked()).toBe(1);
    openTab('Survivor');
    await within(screen.getByRole('tabpanel')).findByText('Strikes 1/3');
    await queryClient.invalidateQueries({ queryKey: ['leaderboards', 'live'] });
    expect(asked()).toBe(1);
    // A result: the overall and survivor boards' notices arrive together.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['leaderboards', 'overall'] }),
      queryClient.invalidateQueries({ queryKey: ['leaderboards', 'survivor'] }),
    ]);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(asked()).toBe(2);
  });
});

describe('Clear Cache & Refresh', () => {
  test('is an admin control: a player does not see it', async () => {
    renderApp('/leaderboards', { user: aUser() });
    await screen.findByRole('heading', { name: 'Leaderboards' });
    await screen.findAllByTestId('leader-row');
    expect(screen.queryByRole('button', { name: 'Clear Cache & Refresh' })).toBeNull();
  });

  test('the button empties the query cache and local storage, then reloads the page', async () => {
    // jsdom cannot navigate: it reports the reload as "not implemented" on the console.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      localStorage.setItem('stale', 'yes');
      const { queryClient } = renderApp('/leaderboards', { user: anAdmin() });
      const button = await screen.findByRole('button', { name: 'Clear Cache & Refresh' });
      expect(queryClient.getQueryCache().getAll().length).toBeGreaterThan(0);
      fireEvent.click(button);
      await waitFor(() => expect(localStorage.getItem('stale')).toBeNull());
      expect(
        queryClient
          .getQueryCache()
          .getAll()
          .every((query) => query.state.data === undefined),
      ).toBe(true);
      await waitFor(() =>
        expect(consoleError.mock.calls.some(([error]) => String(error).includes('navigation'))).toBe(true),
      );
    } finally {
      consoleError.mockRestore();
    }
  });

  test('clears the query cache, every Cache Storage entry and local storage, then reloads', async () => {
    const queryClient = createQueryClient({ onSignedOut: () => {} });
    queryClient.setQueryData(['leaderboards', 'overall'], []);
    const steps: string[] = [];
    await clearCacheAndReload(queryClient, {
      caches: {
        keys: () => Promise.resolve(['app-v1', 'images']),
        delete: (name: string) => {
          steps.push(`delete ${name}`);
          return Promise.resolve(true);
        },
      },
      storage: { clear: () => steps.push('storage') },
      reload: () => steps.push(`reload with ${queryClient.getQueryCache().getAll().length} queries`),
    });
    expect(steps).toEqual(['delete app-v1', 'delete images', 'storage', 'reload with 0 queries']);
  });

  test('still reloads when Cache Storage refuses', async () => {
    const steps: string[] = [];
    await clearCacheAndReload(createQueryClient({ onSignedOut: () => {} }), {
      caches: {
        keys: () => Promise.reject(new Error('SecurityError')),
        delete: () => Promise.resolve(false),
      },
      storage: { clear: () => steps.push('storage') },
      reload: () => steps.push('reload'),
    });
    expect(steps).toEqual(['storage', 'reload']);
  });
});
