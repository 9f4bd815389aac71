import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import { queryKeys } from '@treble/contracts';
import { applyReadModelChanged } from '../../realtime/apply-read-model-changed';
import { createFakeFetch, installGlobalFetch, jsonResponse, type FakeFetch } from '../../test-support/fake-fetch';
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

  test('lists completed periods only, newest first, with badges, points, labels and the two summaries', async () => {
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
            { periodId: 31, totalPoints: 3, isCompleted: true, picks: 3, scoredPicks: 3 },
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
    expect(rows.map((row) => within(row).getByText(/^Period \d+$/).textContent)).toEqual([
      'Period 30',
      'Period 29',
      'Period 28',
      'Period 27',
    ]);
    within(rows[0]!).getByText('Matchweek 30');
    within(rows[0]!).getByText('Last 10');
    within(rows[0]!).getByText('+6 pts');
    within(rows[0]!).getByText('Win');
    within(rows[2]!).getByText('Main Season');
    within(rows[2]!).getByText('Draw');
    // No picks in a completed period: 0 points, a loss.
    within(rows[3]!).getByText('+0 pts');
    within(rows[3]!).getByText('Loss');
    within(rows[3]!).getByText(/^Completed /);
    within(tile('Survivor Status')).getByText('Eliminated');
    within(tile('Overall Rank')).getByText('#4');

    const overall = screen.getByTestId('summary-overall');
    within(overall).getByRole('heading', { name: 'Overall Competition (All 38 Periods)' });
    expect(within(overall).getByText('Total points').nextSibling?.textContent).toBe('16');
    expect(within(overall).getByText('Periods completed').nextSibling?.textContent).toBe('4');
    expect(within(overall).getByText('Average per period').nextSibling?.textContent).toBe('4');
    const last10 = screen.getByTestId('summary-last10');
    within(last10).getByRole('heading', { name: 'Last 10 Segment (Periods 29-38)' });
    expect(within(last10).getByText('Total points').nextSibling?.textContent).toBe('15');
    within(last10).getByText('2/10 completed');
    within(last10).getByText('Last 10 segment begins at period 29');
  });

  test('updates live when the server announces that a period completed', async () => {
    const { queryClient } = renderApp('/history', { user: aUser() });
    await screen.findByText('No History Yet');
    fake.routes.set('GET /api/periods', () => jsonResponse(200, [aPeriod({ id: 1, isCompleted: true })]));
    await act(() => applyReadModelChanged(queryClient, { queryKeys: [queryKeys.periods()] }));
    const rows = await screen.findAllByTestId('history-row');
    within(rows[0]!).getByText('Period 1');
  });

  test('a failed load shows the error and Retry', async () => {
    fake.routes.set('GET /api/periods', () => jsonResponse(503, { statusCode: 503, code: 'INTERNAL', message: 'Down' }));
    renderApp('/history', { user: aUser() });
    await screen.findByText('503: Down');
    screen.getByRole('button', { name: 'Retry' });
  });
});
