import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { defaultRules, describeSurvivorRule, queryKeys } from '@treble/contracts';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { aPeriod } from '../../test-support/periods';
import { renderApp } from '../../test-support/render-app';
import { anEntry, anOption, aSurvivorEntry, someStats } from '../../test-support/standings';
import { anAdmin, aUser } from '../../test-support/users';

let fake: FakeFetch;
let uninstall: () => void;

beforeEach(() => {
  fake = createFakeFetch({
    'GET /api/leaderboards/overall': () => jsonResponse(200, []),
    'GET /api/leaderboards/survivor': () => jsonResponse(200, []),
    'GET /api/leaderboards/last10': () => jsonResponse(200, []),
    'GET /api/periods/current': () => jsonResponse(200, null),
  });
  uninstall = installGlobalFetch(fake);
});

afterEach(() => uninstall());

function tile(label: string): HTMLElement {
  const tiles = screen.getAllByTestId('stat-tile');
  const found = tiles.find((element) => within(element).queryByText(label));
  if (!found) throw new Error(`No tile ${label}`);
  return found;
}

describe('dashboard', () => {
  test('keeps showing what it has when a refresh fails (the server is briefly away)', async () => {
    fake.routes.set('GET /api/user/stats', () => jsonResponse(200, someStats({ totalPoints: 7 })));
    const { queryClient } = renderApp('/', { user: aUser() });
    await screen.findAllByTestId('stat-tile');
    within(tile('Total Points')).getByText('7');

    fake.routes.set('GET /api/user/stats', () =>
      jsonResponse(503, { statusCode: 503, code: 'UNAVAILABLE', message: 'Down' }),
    );
    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.userStats() }).catch(() => undefined));
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.userStats())?.status).toBe('error'));
    await act(async () => {});
    within(tile('Total Points')).getByText('7');
    expect(screen.queryByText('Could not load your dashboard')).toBeNull();
    expect(screen.getByTestId('refresh-notice').textContent).toContain('503: Down');
  });

  test('a new player sees dashes, 0 points, the empty texts and a waiting button', async () => {
    fake.routes.set('GET /api/user/stats', () => jsonResponse(200, someStats()));

    renderApp('/', { user: aUser() });

    await screen.findAllByTestId('stat-tile');
    within(tile('Overall Rank')).getByText('--');
    within(tile('Last 10 Rank')).getByText('--');
    within(tile('Survivor Status')).getByText('Active');
    within(tile('Total Points')).getByText('0');
    expect(screen.getByRole('button', { name: 'Waiting for Period' }).hasAttribute('disabled')).toBe(true);
    await screen.findByText('No rankings yet');
    await screen.findByText('No survivor data yet');
    await screen.findByText('Last 10 not started');
    screen.getByText('No Results Yet');
    expect(screen.getByRole('link', { name: 'Export Data' }).getAttribute('href')).toBe('/api/user/export');
  });

  test('shows ranks, the current period with progress, top 5 and the last 5 results newest first', async () => {
    fake.routes.set('GET /api/user/stats', () =>
      jsonResponse(
        200,
        someStats({
          overallRank: 2,
          last10Rank: 7,
          totalPoints: 21,
          isEliminated: true,
          scores: [1, 2, 3, 4, 5, 6].map((periodId) => ({
            periodId,
            totalPoints: periodId === 6 ? 0 : periodId,
            isCompleted: true,
            picks: 3,
            scoredPicks: 3,
          })),
        }),
      ),
    );
    fake.routes.set('GET /api/periods/current', () => jsonResponse(200, aPeriod({ id: 30, isActive: true })));
    fake.routes.set('GET /api/periods/30/options', () =>
      jsonResponse(200, [anOption('o1', { periodId: 30 }), anOption('o2', { periodId: 30, isLocked: true })]),
    );
    fake.routes.set('GET /api/choices/period/30', () =>
      jsonResponse(200, [{ id: 'c1', userId: 'u', periodId: 30, optionId: 'o1' }]),
    );
    fake.routes.set('GET /api/leaderboards/overall', () =>
      jsonResponse(
        200,
        ['A A', 'B B', 'C C', 'D D', 'E E', 'F F'].map((name, index) => anEntry(index + 1, name)),
      ),
    );
    fake.routes.set('GET /api/leaderboards/survivor', () => jsonResponse(200, [aSurvivorEntry(1, 'A A')]));

    renderApp('/', { user: aUser() });

    await screen.findByRole('heading', { name: 'Matchweek 30' });
    within(tile('Overall Rank')).getByText('#2');
    within(tile('Last 10 Rank')).getByText('#7');
    within(tile('Survivor Status')).getByText('Eliminated');
    within(tile('Total Points')).getByText('21');
    const card = screen.getByTestId('current-period');
    within(card).getByText('Last 10 Segment');
    within(card).getByText('Active');
    await within(card).findByText('Make your 3 picks from 1 open option (1 locked)');
    await within(card).findByText('1/3');
    within(card).getByRole('link', { name: 'Complete Predictions' });

    const overall = screen.getByTestId('mini-overall');
    await within(overall).findByText('E E');
    expect(within(overall).queryByText('F F')).toBeNull();
    within(screen.getByTestId('mini-survivor')).getByText(describeSurvivorRule(defaultRules));

    const results = screen.getAllByTestId('recent-result');
    expect(results).toHaveLength(5);
    within(results[0] as HTMLElement).getByText('Matchweek 6');
    within(results[0] as HTMLElement).getByText('Loss');
    within(results[1] as HTMLElement).getByText('Win');
    within(results[4] as HTMLElement).getByText('Matchweek 2');
    within(results[4] as HTMLElement).getByText('Draw');
    expect(screen.queryByText(/debug/i)).toBeNull();
  });

  test('with every pick made the card says so and offers to review them', async () => {
    fake.routes.set('GET /api/user/stats', () => jsonResponse(200, someStats({})));
    fake.routes.set('GET /api/periods/current', () => jsonResponse(200, aPeriod({ id: 30, isActive: true })));
    fake.routes.set('GET /api/periods/30/options', () =>
      jsonResponse(
        200,
        ['o1', 'o2', 'o3', 'o4'].map((id) => anOption(id, { periodId: 30 })),
      ),
    );
    fake.routes.set('GET /api/choices/period/30', () =>
      jsonResponse(
        200,
        ['o1', 'o2', 'o3'].map((optionId, index) => ({
          id: `c${index}`,
          userId: 'u',
          periodId: 30,
          optionId,
        })),
      ),
    );
    renderApp('/', { user: aUser() });
    const card = await screen.findByTestId('current-period');
    await within(card).findByText('Your 3 picks are in');
    within(card).getByRole('link', { name: 'Review Predictions' });
  });

  test('a failed load shows the error and Retry', async () => {
    fake.routes.set('GET /api/user/stats', () =>
      jsonResponse(500, { statusCode: 500, code: 'INTERNAL', message: 'Boom' }),
    );
    renderApp('/', { user: aUser() });
    await screen.findByText('500: Boom');
    screen.getByRole('button', { name: 'Retry' });
  });
});

describe('dashboard profile and trend', () => {
  test('the profile card shows initials, name, e-mail, ranks, survivor status and points; the trend charts points per period', async () => {
    fake.routes.set('GET /api/user/stats', () =>
      jsonResponse(
        200,
        someStats({
          overallRank: 3,
          last10Rank: null,
          totalPoints: 10,
          scores: [
            { periodId: 2, totalPoints: 6, isCompleted: true, picks: 3, scoredPicks: 3 },
            { periodId: 1, totalPoints: 4, isCompleted: true, picks: 3, scoredPicks: 3 },
          ],
        }),
      ),
    );
    renderApp('/', { user: aUser() });
    const profile = await screen.findByTestId('profile-card');
    within(profile).getByRole('heading', { name: 'Your Profile' });
    expect(within(profile).getByTestId('avatar-initials').textContent).toBe('AP');
    within(profile).getByText('Ann Player');
    within(profile).getByText('ann.player@example.com');
    expect(within(profile).getByText('Overall rank').nextSibling?.textContent).toBe('#3');
    expect(within(profile).getByText('Last 10 rank').nextSibling?.textContent).toBe('--');
    expect(within(profile).getByText('Survivor').nextSibling?.textContent).toBe('Active');
    expect(within(profile).getByText('Total points').nextSibling?.textContent).toBe('10');

    // The chart loads lazily; its table lists the periods in order.
    const trend = screen.getByTestId('performance-trend');
    const table = await within(trend).findByRole('table', { name: 'Points per period' }, { timeout: 5000 });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['PeriodPoints', 'Matchweek 14', 'Matchweek 26']);
    expect(screen.queryByText(/coming soon/i)).toBeNull();
    expect(screen.getAllByRole('link', { name: 'View History' })[0]!.getAttribute('href')).toBe('/history');
  });

  test('before any result the trend says what will appear', async () => {
    fake.routes.set('GET /api/user/stats', () => jsonResponse(200, someStats()));
    renderApp('/', { user: aUser() });
    const trend = await screen.findByTestId('performance-trend');
    within(trend).getByText('Your points per period appear here once results come in.');
  });
});

describe('dashboard recent results', () => {
  test('a period in progress says so instead of reading as a loss; medals wait for points', async () => {
    fake.routes.set('GET /api/user/stats', () =>
      jsonResponse(
        200,
        someStats({
          scores: [{ periodId: 7, totalPoints: 0, isCompleted: false, picks: 3, scoredPicks: 1 }],
        }),
      ),
    );
    fake.routes.set('GET /api/leaderboards/overall', () =>
      jsonResponse(200, [
        { ...anEntry(1, 'A A'), totalPoints: 0 },
        { ...anEntry(1, 'B B'), totalPoints: 0 },
      ]),
    );
    renderApp('/', { user: aUser() });
    const [row] = await screen.findAllByTestId('recent-result');
    within(row!).getByText('In progress · 1/3');
    expect(within(row!).queryByText('Loss')).toBeNull();
    const overall = screen.getByTestId('mini-overall');
    await within(overall).findByText('A A');
    expect(within(overall).queryByRole('img', { name: 'Rank 1' })).toBeNull();
  });
});

describe('navigation', () => {
  test('players get the seven items, admins also Periods and Admin; no debug badge', async () => {
    fake.routes.set('GET /api/user/stats', () => jsonResponse(200, someStats()));
    const player = renderApp('/', { user: aUser() });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['Dashboard', 'Picks', 'Leaderboards', 'History', 'Performance', 'Prizes', 'Invite']);
    expect(screen.queryByText(/debug|admin: (yes|no)/i)).toBeNull();
    player.unmount();

    renderApp('/', { user: anAdmin() });
    const adminNav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(adminNav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/',
      '/predictions',
      '/leaderboards',
      '/history',
      '/performance',
      '/prizes',
      '/invite',
      '/period-management',
      '/admin',
    ]);
  });
});
