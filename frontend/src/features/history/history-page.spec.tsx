import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { defaultRules, queryKeys } from '@treble/contracts';
import { applyReadModelChanged } from '../../realtime/apply-read-model-changed';
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

let fake: FakeFetch;
let uninstall: () => void;

beforeEach(() => {
  fake = createFakeFetch({
    'GET /api/user/stats': () => jsonResponse(200, someStats()),
    'GET /api/periods': () => jsonResponse(200, [aPeriod({ id: 1, isActive: true })]),
  });
  uninstall = installGlobalFetch(fake);
});

afterEach(() => uninstall());

function tile(label: string): HTMLElement {
  const found = screen.getAllByTestId('stat-tile').find((element) => within(element).queryByText(label));
  if (!found) throw new Error(`No tile ${label}`);
  return found;
}

describe('history page', () => {
  test('a player with no completed period sees the cards and "No History Yet", without summaries', async () => {
    renderApp('/history', { user: aUser() });
    await screen.findByText('No History Yet');
    within(tile('Total Points')).getByText('0');
    within(tile('Overall Rank')).getByText('--');
    within(tile('Survivor Status')).getByText('Active');
    within(tile('Last 10 Rank')).getByText('--');
    expect(screen.queryByTestId('summary-overall')).toBeNull();
  });

  test('lists completed periods and those in progress, newest first, with one total and a note on what is pending', async () => {
    fake.routes.set('GET /api/user/stats', () =>
      jsonResponse(
        200,
        someStats({
          overallRank: 4,
          last10Rank: 2,
          totalPoints: 19,
          isEliminated: true,
          scores: [
            { periodId: 28, totalPoints: 1, isCompleted: true, picks: 3, scoredPicks: 3 },
            { periodId: 29, totalPoints: 9, isCompleted: true, picks: 3, scoredPicks: 3 },
            { periodId: 30, totalPoints: 6, isCompleted: true, picks: 3, scoredPicks: 3 },
            { periodId: 31, totalPoints: 3, isCompleted: false, picks: 3, scoredPicks: 1 },
          ],
        }),
      ),
    );
    fake.routes.set('GET /api/periods', () =>
      jsonResponse(200, [
        aPeriod({ id: 27, isCompleted: true, completedAt: '2026-03-10T12:00:00.000Z' }),
        aPeriod({ id: 28, isCompleted: true }),
        aPeriod({ id: 29, isManuallyCompleted: true }),
        aPeriod({ id: 30, isCompleted: true }),
        aPeriod({ id: 31, isActive: true }),
      ]),
    );
    renderApp('/history', { user: aUser() });

    const rows = await screen.findAllByTestId('history-row');
    expect(rows.map((row) => within(row).getByText(/^Matchweek \d+$/).textContent)).toEqual([
      'Matchweek 31',
      'Matchweek 30',
      'Matchweek 29',
      'Matchweek 28',
      'Matchweek 27',
    ]);
    within(rows[0]!).getByText('In progress');
    within(rows[0]!).getByText('+3 pts');
    within(rows[1]!).getByText('Matchweek 30');
    within(rows[1]!).getByText('Last 10');
    within(rows[1]!).getByText('+6 pts');
    within(rows[1]!).getByText('Win');
    within(rows[3]!).getByText('Main Season');
    within(rows[3]!).getByText('Draw');
    // No picks in a completed period: 0 points, a loss.
    within(rows[4]!).getByText('+0 pts');
    within(rows[4]!).getByText('Loss');
    within(rows[4]!).getByText(/^Completed /);
    // One total (the live one), with what is not final yet.
    expect(screen.getByTestId('history-total-note').textContent).toBe(
      '19 points in total, of which 3 points from Matchweek 31 (in progress: 1 of 3 picks scored): not final until the period is completed.',
    );
    within(tile('Survivor Status')).getByText('Eliminated');
    within(tile('Overall Rank')).getByText('#4');

    const overall = screen.getByTestId('summary-overall');
    within(overall).getByRole('heading', { name: 'Overall Competition (All 38 Periods)' });
    expect(
      within(overall).getByText('Total points (with periods in progress)').nextSibling?.textContent,
    ).toBe('19');
    expect(within(overall).getByText('Periods completed').nextSibling?.textContent).toBe(
      '4 (+1 in progress)',
    );
    expect(within(overall).getByText('Average per period').nextSibling?.textContent).toBe('3.8');
    const last10 = screen.getByTestId('summary-last10');
    within(last10).getByRole('heading', { name: 'Last 10 Segment (Periods 29-38)' });
    expect(within(last10).getByText('Total points (with periods in progress)').nextSibling?.textContent).toBe(
      '18',
    );
    within(last10).getByText('2/10 completed');
    within(last10).getByText('Last 10 segment begins at period 29');
  });

  test("a period opens to everyone's picks", async () => {
    fake.routes.set('GET /api/user/stats', () =>
      jsonResponse(
        200,
        someStats({
          totalPoints: 3,
          scores: [{ periodId: 2, totalPoints: 3, isCompleted: true, picks: 1, scoredPicks: 1 }],
        }),
      ),
    );
    fake.routes.set('GET /api/periods', () => jsonResponse(200, [aPeriod({ id: 2, isCompleted: true })]));
    fake.routes.set('GET /api/periods/2/pick-grid', () =>
      jsonResponse(200, {
        periodId: 2,
        lockedOptions: 20,
        totalOptions: 20,
        rows: [
          { userId: 'x', displayName: 'Grace Hopper', points: 6, picks: [] },
          {
            userId: aUser().id,
            displayName: 'Me Myself',
            points: 3,
            picks: [
              {
                optionId: '2-ARS',
                teamKey: 'ARS',
                teamName: 'Arsenal',
                outcome: 'win',
                points: 3,
                voided: false,
              },
            ],
          },
        ],
      }),
    );
    renderApp('/history', { user: aUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Matchweek 2' }));
    const rows = await screen.findAllByTestId('pick-grid-row');
    // The viewer's row first.
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual([
      'Me Myself (you)',
      'Grace Hopper',
    ]);
    within(rows[0]!).getByText('Arsenal');
    // How many picked each team: one of the two players picked Arsenal.
    expect(within(screen.getByTestId('popularity')).getByText('Arsenal').parentElement?.textContent).toBe(
      'ARSArsenal1 (50%)',
    );
  });

  test('updates live when the server announces that a period completed', async () => {
    const { queryClient } = renderApp('/history', { user: aUser() });
    await screen.findByText('No History Yet');
    fake.routes.set('GET /api/periods', () => jsonResponse(200, [aPeriod({ id: 1, isCompleted: true })]));
    await act(() => applyReadModelChanged(queryClient, { queryKeys: [queryKeys.periods()], position: '1' }));
    const rows = await screen.findAllByTestId('history-row');
    within(rows[0]!).getByText('Matchweek 1');
  });

  test("the summaries state the pool's configured season, not the default one", async () => {
    // A pool of 20 periods whose Last 10 starts at period 11 (the defaults are 38 and 29).
    fake.routes.set('GET /api/rules', () =>
      jsonResponse(200, { ...defaultRules, periodsPerSeason: 20, last10FirstPeriod: 11 }),
    );
    fake.routes.set('GET /api/user/stats', () =>
      jsonResponse(
        200,
        someStats({
          totalPoints: 4,
          scores: [{ periodId: 11, totalPoints: 4, isCompleted: true, picks: 3, scoredPicks: 3 }],
        }),
      ),
    );
    fake.routes.set('GET /api/periods', () =>
      jsonResponse(200, [aPeriod({ id: 11, segment: 'last10', isCompleted: true })]),
    );
    renderApp('/history', { user: aUser() });
    const overall = await screen.findByTestId('summary-overall');
    within(overall).getByRole('heading', { name: 'Overall Competition (All 20 Periods)' });
    const last10 = screen.getByTestId('summary-last10');
    within(last10).getByRole('heading', { name: 'Last 10 Segment (Periods 11-20)' });
    within(last10).getByText('1/10 completed');
    within(last10).getByText('Last 10 segment begins at period 11');
  });

  test("the first load's failure is the route's error, and Retry loads the page", async () => {
    fake.routes.set('GET /api/periods', () =>
      jsonResponse(503, { statusCode: 503, code: 'INTERNAL', message: 'Down' }),
    );
    renderApp('/history', { user: aUser() });
    await screen.findByText('503: Down');
    screen.getByRole('heading', { name: 'Could not load your history' });

    fake.routes.set('GET /api/periods', () => jsonResponse(200, [aPeriod({ id: 1, isActive: true })]));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('No History Yet');
    expect(screen.queryByText('503: Down')).toBeNull();
  });

  test('a failed live update keeps the history on screen, with a notice', async () => {
    fake.routes.set('GET /api/user/stats', () =>
      jsonResponse(
        200,
        someStats({
          totalPoints: 3,
          scores: [{ periodId: 1, totalPoints: 3, isCompleted: true, picks: 3, scoredPicks: 3 }],
        }),
      ),
    );
    fake.routes.set('GET /api/periods', () => jsonResponse(200, [aPeriod({ id: 1, isCompleted: true })]));
    const { queryClient } = renderApp('/history', { user: aUser() });
    await screen.findAllByTestId('history-row');

    fake.routes.set('GET /api/user/stats', () =>
      jsonResponse(503, { statusCode: 503, code: 'INTERNAL', message: 'Down' }),
    );
    await act(() =>
      applyReadModelChanged(queryClient, { queryKeys: [queryKeys.userStats()], position: '2' }),
    );
    const notice = await screen.findByTestId('refresh-notice');
    expect(notice.textContent).toContain('503: Down');
    within(screen.getAllByTestId('history-row')[0]!).getByText('+3 pts');
  });
});
