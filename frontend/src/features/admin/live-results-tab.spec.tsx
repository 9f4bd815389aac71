import { afterEach, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MatchdayStatus, ResultsUpdateSummary, SchedulerStatus } from '@treble/contracts';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { formatDateTime } from '../../lib/dates';
import { renderApp } from '../../test-support/render-app';
import { anAdmin } from '../../test-support/users';
import { supportRadixSelect, writes } from '../../test-support/admin-forms';
import { aPeriod } from '../../test-support/periods';
import { defaultMatchday, matchStatusLabel, parseMatchday } from './live-results-tab';

let fake: FakeFetch;
let uninstall: () => void;

beforeAll(supportRadixSelect);
beforeEach(() => {
  fake = createFakeFetch();
  uninstall = installGlobalFetch(fake);
});
afterEach(() => uninstall());

const admin = anAdmin();
const nextUpdate = '2025-08-16T14:15:00.000Z';

function aMatchday(matchday: number, overrides: Partial<MatchdayStatus> = {}): MatchdayStatus {
  return {
    matchday,
    isComplete: false,
    finishedMatches: 1,
    totalMatches: 3,
    matches: [
      { homeTeam: 'Liverpool', awayTeam: 'Bournemouth', homeScore: 4, awayScore: 2, status: 'FINISHED' },
      { homeTeam: 'Aston Villa', awayTeam: 'Newcastle', homeScore: 0, awayScore: 0, status: 'IN_PLAY' },
      { homeTeam: 'Brighton', awayTeam: 'Fulham', homeScore: null, awayScore: null, status: 'POSTPONED' },
    ],
    ...overrides,
  };
}

const summary: ResultsUpdateSummary = {
  message: '2 results recorded.',
  matches: 10,
  skipped: 0,
  failedMatches: 0,
  finishedMatches: 10,
  resultsRecorded: 2,
  resultsHeldPending: 0,
  fixturesUpdated: 0,
  picksVoided: 0,
  periodsCompleted: [],
};

function serve(scheduler: () => SchedulerStatus) {
  fake.routes.set('GET /api/epl-results/scheduler/status', () => jsonResponse(200, scheduler()));
  for (let day = 1; day <= 38; day++) {
    fake.routes.set(`GET /api/epl-results/status?matchday=${day}`, () => jsonResponse(200, aMatchday(day)));
  }
}

describe('Live Results tab', () => {
  test('shows the scheduler state and next update in the viewer time zone, and stops it', async () => {
    let scheduler: SchedulerStatus = { isRunning: true, nextUpdate, providerConfigured: true };
    serve(() => scheduler);
    fake.routes.set('POST /api/epl-results/scheduler/stop', () => {
      scheduler = { isRunning: false, nextUpdate: null, providerConfigured: true };
      return jsonResponse(200, { ...scheduler, message: 'Scheduler stopped' });
    });
    renderApp('/admin?tab=live-results', { user: admin });

    await screen.findByText('Running');
    expect(screen.getByTestId('next-update').textContent).toContain(formatDateTime(nextUpdate));
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await screen.findByText('Scheduler Updated');
    expect(writes(fake.calls)).toEqual([
      { method: 'POST', url: '/api/epl-results/scheduler/stop', body: {} },
    ]);
    await screen.findByText('Stopped');
    screen.getByRole('button', { name: 'Start' });
  });

  test('without a provider: a calm notice of how results get in, no updates offered, no matchday asked for', async () => {
    serve(() => ({ isRunning: false, nextUpdate: null, providerConfigured: false }));
    fake.routes.set('GET /api/periods/current', () => jsonResponse(200, aPeriod({ id: 12 })));
    renderApp('/admin?tab=live-results', { user: admin });

    const notice = await screen.findByTestId('no-provider');
    within(notice).getByRole('heading', { name: 'Live results are off' });
    within(notice).getByText('FOOTBALL_DATA_API_KEY');
    expect(within(notice).getByRole('link', { name: 'Results tab' }).getAttribute('href')).toBe(
      '/admin?tab=results',
    );
    expect(notice.className).not.toContain('notice--error');
    screen.getByText('The scheduler needs a results provider, so it cannot run.');
    expect(screen.getByRole('button', { name: 'Start' }).hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Matchday').value).toBe('12'));
    expect(screen.getByRole('button', { name: 'Update Matchday' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Update All Finished' }).hasAttribute('disabled')).toBe(true);
    screen.getByTestId('manual-update-off');
    expect(screen.queryByRole('heading', { name: /^Matchday / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fake.calls.some((call) => call.url.startsWith('/api/epl-results/status'))).toBe(false);
  });

  test('the matchday opens on the current matchweek, and follows what the admin types', async () => {
    serve(() => ({ isRunning: true, nextUpdate, providerConfigured: true }));
    fake.routes.set('GET /api/periods/current', () => jsonResponse(200, aPeriod({ id: 12 })));
    renderApp('/admin?tab=live-results', { user: admin });

    await screen.findByRole('heading', { name: 'Matchday 12' });
    expect(screen.getByLabelText<HTMLInputElement>('Matchday').value).toBe('12');
    expect(screen.queryByTestId('no-provider')).toBeNull();
    fireEvent.change(screen.getByLabelText('Matchday'), { target: { value: '3' } });
    await screen.findByRole('heading', { name: 'Matchday 3' });
    const asked = fake.calls
      .map((call) => call.url)
      .filter((url) => url.startsWith('/api/epl-results/status'));
    expect(asked).not.toContain('/api/epl-results/status?matchday=1');
  });

  test('defaultMatchday: the current matchweek, else 1', () => {
    expect(defaultMatchday(12)).toBe(12);
    expect(defaultMatchday(null)).toBe(1);
    expect(defaultMatchday(undefined)).toBe(1);
    expect(defaultMatchday(101)).toBe(1);
  });

  test('the matchday card shows progress, the complete badge, scores or "vs" and status labels', async () => {
    serve(() => ({ isRunning: false, nextUpdate: null, providerConfigured: true }));
    fake.routes.set('GET /api/epl-results/status?matchday=5', () =>
      jsonResponse(200, aMatchday(5, { isComplete: true, finishedMatches: 3 })),
    );
    renderApp('/admin?tab=live-results', { user: admin });

    expect((await screen.findByTestId('matchday-progress')).textContent).toBe('1 of 3 matches completed');
    expect(screen.queryByText('Matchday Complete')).toBeNull();
    const rows = screen.getAllByTestId('match-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Liverpool4 - 2BournemouthFinished',
      'Aston Villa0 - 0NewcastleLive',
      'BrightonvsFulhamPOSTPONED',
    ]);

    fireEvent.change(screen.getByLabelText('Matchday'), { target: { value: '5' } });
    await screen.findByText('Matchday Complete');
    expect(screen.getByTestId('matchday-progress').textContent).toBe('3 of 3 matches completed');
    expect(fake.calls.map((call) => call.url)).toContain('/api/epl-results/status?matchday=5');
  });

  test('Update Matchday is only possible for 1-38 and reports what it did', async () => {
    serve(() => ({ isRunning: false, nextUpdate: null, providerConfigured: true }));
    fake.routes.set('POST /api/epl-results/update/12', () => jsonResponse(200, summary));
    renderApp('/admin?tab=live-results', { user: admin });

    const input = await screen.findByLabelText('Matchday');
    fireEvent.change(input, { target: { value: '39' } });
    expect(screen.getByRole('button', { name: 'Update Matchday' }).hasAttribute('disabled')).toBe(true);
    screen.getByText('Choose a matchday from 1 to 38');
    fireEvent.change(input, { target: { value: '0' } });
    expect(screen.getByRole('button', { name: 'Update Matchday' }).hasAttribute('disabled')).toBe(true);

    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Matchday' }));
    await screen.findByText('Results Updated');
    screen.getByText(/Successfully updated results for matchday 12/);
    expect(writes(fake.calls)).toEqual([{ method: 'POST', url: '/api/epl-results/update/12', body: {} }]);
  });

  test('Update All Finished and the help card', async () => {
    serve(() => ({ isRunning: false, nextUpdate: null, providerConfigured: true }));
    fake.routes.set('POST /api/epl-results/update-all', () => jsonResponse(200, summary));
    renderApp('/admin?tab=live-results', { user: admin });

    fireEvent.click(await screen.findByRole('button', { name: 'Update All Finished' }));
    await screen.findByText('All Results Updated');
    expect(writes(fake.calls)).toEqual([{ method: 'POST', url: '/api/epl-results/update-all', body: {} }]);
    const help = screen.getByRole('heading', { name: 'How live results work' }).closest('section')!;
    within(help).getByText('FOOTBALL_DATA_API_KEY');
    within(help).getByText(/every 15 minutes/);
  });

  test('a provider failure shows its message with Retry', async () => {
    serve(() => ({ isRunning: false, nextUpdate: null, providerConfigured: true }));
    fake.routes.set('GET /api/epl-results/status?matchday=1', () =>
      jsonResponse(503, {
        statusCode: 503,
        code: 'RESULTS_PROVIDER_UNAVAILABLE',
        message: 'football-data.org did not answer.',
      }),
    );
    renderApp('/admin?tab=live-results', { user: admin });
    await screen.findByText('football-data.org did not answer.');
    await waitFor(() => screen.getByRole('button', { name: 'Retry' }));
  });
});

describe('live results rules', () => {
  test('non-numeric matchday input counts as 1', () => {
    expect(parseMatchday('abc')).toBe(1);
    expect(parseMatchday('')).toBe(1);
    expect(parseMatchday('17')).toBe(17);
  });

  test('status labels', () => {
    expect(['FINISHED', 'IN_PLAY', 'SCHEDULED', 'CANCELLED'].map(matchStatusLabel)).toEqual([
      'Finished',
      'Live',
      'Scheduled',
      'CANCELLED',
    ]);
  });

  test('shows the last poll failing and the matches the provider sent that could not be read', async () => {
    serve(() => ({
      isRunning: true,
      nextUpdate,
      providerConfigured: true,
      lastPoll: {
        at: '2025-08-16T14:00:00.000Z',
        ok: false,
        error: 'football-data.org refused the request (403)',
        unreadable: 0,
        consecutiveFailures: 3,
        failingSince: '2025-08-16T13:30:00.000Z',
      },
    }));
    fake.routes.set('GET /api/epl-results/status?matchday=1', () =>
      jsonResponse(200, aMatchday(1, { unreadable: [{ id: 537785, reason: 'score.fullTime is missing' }] })),
    );
    renderApp('/admin?tab=live-results', { user: admin });
    const lastPoll = await screen.findByTestId('last-poll');
    expect(lastPoll.textContent).toContain(formatDateTime('2025-08-16T14:00:00.000Z'));
    expect(lastPoll.textContent).toContain('Failed');
    await screen.findByText('The last 3 polls failed. football-data.org refused the request (403)');
    const unreadable = await screen.findByRole('list', { name: 'Unreadable matches of matchday 1' });
    expect(unreadable.textContent).toBe('Match 537785: score.fullTime is missing');
  });
});
