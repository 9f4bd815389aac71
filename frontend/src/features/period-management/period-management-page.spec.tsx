import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import { defaultRules, type Period } from '@treble/contracts';
import { formatDateTime } from '../../lib/dates';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { aPeriod } from '../../test-support/periods';
import { renderApp } from '../../test-support/render-app';
import { anAdmin, aUser } from '../../test-support/users';
import { periodActions } from './period-management-page';

let fake: FakeFetch;
let uninstall: () => void;

beforeEach(() => {
  fake = createFakeFetch();
  uninstall = installGlobalFetch(fake);
});

afterEach(() => uninstall());

const active = aPeriod({ id: 1, isActive: true, description: 'Opening weekend' });
const manual = aPeriod({
  id: 2,
  isActive: true,
  isCompleted: true,
  isManuallyCompleted: true,
  completedAt: '2025-08-26T10:00:00.000Z',
});
const auto = aPeriod({ id: 3, isActive: true, isCompleted: true, completedAt: '2025-09-01T10:00:00.000Z' });
const pending = aPeriod({ id: 4 });

function row(name: string): HTMLElement {
  return screen.getByRole('listitem', { name });
}

describe('period actions by state (docs/rules.md, Screens)', () => {
  test('complete only an active, uncompleted period; reopen only a manually completed one', () => {
    expect(periodActions(active)).toEqual({ activate: false, complete: true, reopen: false });
    expect(periodActions(manual)).toEqual({ activate: false, complete: false, reopen: true });
    expect(periodActions(auto)).toEqual({ activate: false, complete: false, reopen: false });
    expect(periodActions(pending)).toEqual({ activate: true, complete: false, reopen: false });
  });
});

describe('period management page', () => {
  test('lists every period with dates, completion time, status and the allowed actions, under the postponed-matches warning', async () => {
    fake.routes.set('GET /api/periods', () => jsonResponse(200, [active, manual, auto, pending]));
    renderApp('/period-management', { user: anAdmin() });

    await screen.findByRole('heading', { name: 'Period Management' });
    screen.getByRole('heading', { name: 'Postponed matches' });

    const first = row('Matchweek 1');
    within(first).getByText('Opening weekend');
    within(first).getByText('Active');
    within(first).getByText(formatDateTime(active.startDate));
    within(first).getByText(formatDateTime(active.endDate));
    within(first).getByText('Not yet');
    within(first).getByRole('button', { name: 'Complete Matchweek 1' });
    expect(within(first).queryByRole('button', { name: /Reopen/ })).toBeNull();

    const second = row('Matchweek 2');
    within(second).getByText('Manually Completed');
    within(second).getByText(formatDateTime('2025-08-26T10:00:00.000Z'));
    within(second).getByRole('button', { name: 'Reopen Matchweek 2' });
    expect(within(second).queryByRole('button', { name: /Complete/ })).toBeNull();

    within(row('Matchweek 3')).getByText('Auto Completed');
    expect(within(row('Matchweek 3')).queryAllByRole('button')).toHaveLength(0);

    within(row('Matchweek 4')).getByText('Pending');
    within(row('Matchweek 4')).getByRole('button', { name: 'Activate Matchweek 4' });
  });

  test('Complete asks first, warning about scoring and survivor eliminations; cancelling calls nothing', async () => {
    fake.routes.set('GET /api/periods', () => jsonResponse(200, [active]));
    renderApp('/period-management', { user: anAdmin() });

    fireEvent.click(await screen.findByRole('button', { name: 'Complete Matchweek 1' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByRole('heading', { name: 'Complete Period' });
    within(dialog).getByText(/finalizes its scoring and survivor eliminations/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  test("the Complete warning states the pool's configured survivor rule", async () => {
    fake.routes.set('GET /api/periods', () => jsonResponse(200, [active]));
    fake.routes.set('GET /api/rules', () =>
      jsonResponse(200, { ...defaultRules, survivor: { ...defaultRules.survivor, strikesToEliminate: 1 } }),
    );
    renderApp('/period-management', { user: anAdmin() });

    fireEvent.click(await screen.findByRole('button', { name: 'Complete Matchweek 1' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText(/one strike and you are out/);
  });

  test('confirming Complete posts it, toasts "Period Completed" and shows the refreshed status', async () => {
    fake.routes.set('GET /api/periods', () => jsonResponse(200, [active]));
    const completed = {
      ...active,
      isManuallyCompleted: true,
      isCompleted: true,
      completedAt: '2025-08-20T08:00:00.000Z',
    };
    fake.routes.set('POST /api/periods/1/complete', () => {
      fake.routes.set('GET /api/periods', () => jsonResponse(200, [completed]));
      return jsonResponse(200, completed);
    });
    renderApp('/period-management', { user: anAdmin() });

    fireEvent.click(await screen.findByRole('button', { name: 'Complete Matchweek 1' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Complete Period' }),
    );

    await screen.findByText('Period Completed');
    await within(row('Matchweek 1')).findByText('Manually Completed');
    within(row('Matchweek 1')).getByRole('button', { name: 'Reopen Matchweek 1' });
    expect(fake.calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/periods/1/complete',
    ]);
  });

  test('Complete of a period not ready lists the options without a result, and completes with force once confirmed', async () => {
    fake.routes.set('GET /api/periods', () => jsonResponse(200, [active]));
    const completed = {
      ...active,
      isManuallyCompleted: true,
      isCompleted: true,
      completedAt: '2025-08-20T08:00:00.000Z',
    };
    fake.routes.set('POST /api/periods/1/complete', (request) => {
      if (!(JSON.parse(request.body ?? '{}') as { force?: boolean }).force) {
        return jsonResponse(409, {
          statusCode: 409,
          code: 'PERIOD_NOT_READY',
          message:
            '2 options have no result: Arsenal FC, Chelsea FC. Send "force": true to complete it anyway.',
          notStarted: false,
          optionsWithoutResult: [
            { id: '1-ARS', name: 'Arsenal FC' },
            { id: '1-CHE', name: 'Chelsea FC' },
          ],
        });
      }
      fake.routes.set('GET /api/periods', () => jsonResponse(200, [completed]));
      return jsonResponse(200, completed);
    });
    renderApp('/period-management', { user: anAdmin() });

    fireEvent.click(await screen.findByRole('button', { name: 'Complete Matchweek 1' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Complete Period' }),
    );
    const missing = await screen.findByTestId('complete-missing-results');
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Arsenal FC', 'Chelsea FC']);
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Complete Anyway' }));

    await screen.findByText('Period Completed');
    expect(fake.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      '{}',
      '{"force":true}',
    ]);
  });

  test('Reopen warns that new results may affect survivor standings, then posts it', async () => {
    fake.routes.set('GET /api/periods', () => jsonResponse(200, [manual]));
    const reopened: Period = { ...manual, isCompleted: false, isManuallyCompleted: false, completedAt: null };
    fake.routes.set('POST /api/periods/2/reopen', () => {
      fake.routes.set('GET /api/periods', () => jsonResponse(200, [reopened]));
      return jsonResponse(200, reopened);
    });
    fake.routes.set('GET /api/admin/what-if/reopen/2', () =>
      jsonResponse(200, {
        periodId: 2,
        effect: 'reopened',
        appliedResults: [],
        changes: [
          {
            userId: 'cat',
            displayName: 'Cat Cole',
            overall: null,
            last10: null,
            survivor: {
              before: {
                rank: 2,
                points: 3,
                wins: 1,
                isEliminated: true,
                strikeCount: 3,
                eliminatedInPeriod: 2,
              },
              after: {
                rank: 1,
                points: 0,
                wins: 0,
                isEliminated: false,
                strikeCount: 2,
                eliminatedInPeriod: null,
              },
            },
          },
        ],
        onReopen: null,
      }),
    );
    renderApp('/period-management', { user: anAdmin() });

    fireEvent.click(await screen.findByRole('button', { name: 'Reopen Matchweek 2' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByRole('heading', { name: 'Reopen Period' });
    within(dialog).getByText(/New results may affect survivor standings/);
    // Before confirming, the dialog shows who would move (nothing is written by the preview).
    const impact = await within(dialog).findByTestId('impact-row');
    within(impact).getByText('Cat Cole');
    within(impact).getByText('out in period 2, 3 strikes, #2, 3 pts → active, 2 strikes, #1, 0 pts');
    expect(fake.calls.filter((call) => call.method === 'POST')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reopen Period' }));

    await screen.findByText('Period Reopened');
    await within(row('Matchweek 2')).findByText('Active');
  });

  test('a refusal is shown in words, not as a code', async () => {
    fake.routes.set('GET /api/periods', () => jsonResponse(200, [active]));
    fake.routes.set('POST /api/periods/1/complete', () =>
      jsonResponse(409, {
        statusCode: 409,
        code: 'PERIOD_ALREADY_COMPLETED',
        message: 'Period 1 is already completed.',
      }),
    );
    renderApp('/period-management', { user: anAdmin() });

    fireEvent.click(await screen.findByRole('button', { name: 'Complete Matchweek 1' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Complete Period' }),
    );

    await screen.findByText('This period is already completed.');
    screen.getByText('Error');
    expect(screen.queryByText(/PERIOD_ALREADY_COMPLETED/)).toBeNull();
  });

  test('Activate sends isActive and toasts "Period Updated"', async () => {
    fake.routes.set('GET /api/periods', () => jsonResponse(200, [pending]));
    fake.routes.set('PATCH /api/periods/4', (request) => {
      expect(JSON.parse(request.body ?? '{}')).toEqual({ isActive: true });
      return jsonResponse(200, { ...pending, isActive: true });
    });
    renderApp('/period-management', { user: anAdmin() });

    fireEvent.click(await screen.findByRole('button', { name: 'Activate Matchweek 4' }));
    await screen.findByText('Period Updated');
  });

  test('a player sees Admin Access Required and no period is fetched', async () => {
    renderApp('/period-management', { user: aUser() });
    await screen.findByRole('heading', { name: 'Admin Access Required' });
    expect(fake.calls.filter((call) => call.url === '/api/periods')).toHaveLength(0);
  });
});

describe('period management: filter and the Complete preview', () => {
  const playing = aPeriod({ id: 5, isActive: true });

  test('shows the open periods, the current matchweek first, and filters by state', async () => {
    fake.routes.set('GET /api/periods', () =>
      jsonResponse(200, [
        active,
        manual,
        aPeriod({ id: 3, isActive: false }),
        aPeriod({ id: 6, isActive: true }),
        playing,
        aPeriod({ id: 7 }),
      ]),
    );
    fake.routes.set('GET /api/periods/current', () => jsonResponse(200, playing));
    renderApp('/period-management', { user: anAdmin() });
    await screen.findByRole('button', { name: 'Open (3)' });
    expect(screen.getByRole('button', { name: 'Open (3)' }).getAttribute('aria-pressed')).toBe('true');
    const titles = () =>
      screen.getAllByTestId('period-row').map((element) => element.getAttribute('aria-label'));
    expect(titles()).toEqual(['Matchweek 5', 'Matchweek 6', 'Matchweek 7']);
    fireEvent.click(screen.getByRole('button', { name: 'Needs results (1)' }));
    expect(titles()).toEqual(['Matchweek 1']);
    fireEvent.click(screen.getByRole('button', { name: 'Completed (1)' }));
    expect(titles()).toEqual(['Matchweek 2']);
    // An earlier matchweek the pool does not play (ended before the import) needs no results.
    fireEvent.click(screen.getByRole('button', { name: 'Inactive (1)' }));
    expect(titles()).toEqual(['Matchweek 3']);
    fireEvent.click(screen.getByRole('button', { name: 'All (6)' }));
    expect(titles()).toEqual([
      'Matchweek 5',
      'Matchweek 1',
      'Matchweek 2',
      'Matchweek 3',
      'Matchweek 6',
      'Matchweek 7',
    ]);
  });

  /** The preview of completing matchweek 5 while Arsenal has no result. */
  const completingWithoutArsenal = {
    periodId: 5,
    effect: 'completed',
    appliedResults: [],
    onReopen: null,
    missingResults: [{ optionId: '5-ARS', optionName: 'Arsenal' }],
  };

  test('the Complete dialog shows who would move and warns about options without a result', async () => {
    fake.routes.set('GET /api/periods', () => jsonResponse(200, [playing]));
    fake.routes.set('GET /api/admin/what-if/complete/5', () =>
      jsonResponse(200, {
        ...completingWithoutArsenal,
        changes: [
          {
            userId: 'u1',
            displayName: 'Ada Byron',
            overall: null,
            last10: null,
            survivor: {
              before: { rank: 1, points: 2, isEliminated: false, strikeCount: 0, eliminatedInPeriod: null },
              after: { rank: 1, points: 2, isEliminated: false, strikeCount: 1, eliminatedInPeriod: null },
            },
          },
        ],
      }),
    );
    renderApp('/period-management', { user: anAdmin() });
    fireEvent.click(await screen.findByRole('button', { name: 'Complete Matchweek 5' }));
    const dialog = await screen.findByRole('alertdialog');
    await within(dialog).findByText('Ada Byron');
    within(within(dialog).getByTestId('missing-results')).getByText(/Arsenal/);
    within(dialog).getByText(/1 option has no result/);
  });

  test('confirming a Complete whose preview warned of options without a result completes without asking again (a period not started still asks)', async () => {
    fake.routes.set('GET /api/periods', () => jsonResponse(200, [playing]));
    fake.routes.set('GET /api/admin/what-if/complete/5', () =>
      jsonResponse(200, { ...completingWithoutArsenal, changes: [] }),
    );
    fake.routes.set('POST /api/periods/5/complete', (request) =>
      (JSON.parse(request.body ?? '{}') as { force?: boolean }).force
        ? jsonResponse(200, { ...playing, isManuallyCompleted: true, isCompleted: true })
        : jsonResponse(409, {
            statusCode: 409,
            code: 'PERIOD_NOT_READY',
            message: '1 option has no result: Arsenal.',
            notStarted: false,
            optionsWithoutResult: [{ id: '5-ARS', name: 'Arsenal' }],
          }),
    );
    renderApp('/period-management', { user: anAdmin() });
    fireEvent.click(await screen.findByRole('button', { name: 'Complete Matchweek 5' }));
    const dialog = await screen.findByRole('alertdialog');
    await within(dialog).findByTestId('missing-results');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete Period' }));

    await screen.findByText('Period Completed');
    expect(screen.queryByText('Complete anyway?')).toBeNull();
    expect(fake.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      '{}',
      '{"force":true}',
    ]);
  });
});
