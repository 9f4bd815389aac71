import { afterEach, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HealthReport, ScheduleEntry, SeasonCatalogueView, SeasonChoice } from '@treble/contracts';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { aPeriod } from '../../test-support/periods';
import { renderApp } from '../../test-support/render-app';
import { anAdmin } from '../../test-support/users';
import { supportRadixSelect, writes } from '../../test-support/admin-forms';

let fake: FakeFetch;
let uninstall: () => void;

beforeAll(supportRadixSelect);
beforeEach(() => {
  fake = createFakeFetch();
  uninstall = installGlobalFetch(fake);
  fake.routes.set('GET /api/admin/seasons', () => jsonResponse(200, seasonsView('2025-26')));
});

function seasonsView(current: string | null): SeasonCatalogueView {
  const choice = (season: string, isDefault: boolean): SeasonChoice => ({
    season,
    source: 'bundled',
    label: `${season.replace('-', '/')} · bundled`,
    startDate: `${season.slice(0, 4)}-08-15T19:00:00.000Z`,
    endDate: `20${season.slice(5)}-05-24T17:00:00.000Z`,
    matchweeks: 38,
    results: 0,
    isDefault,
  });
  return {
    current,
    past: [],
    next: null,
    providerAvailable: false,
    seasons: [choice('2025-26', false), choice('2026-27', true)],
  };
}
afterEach(() => uninstall());

const admin = anAdmin();

function schedule(count = 38): ScheduleEntry[] {
  return Array.from({ length: count }, (_, index) => ({
    matchweek: index + 1,
    description: `Matchweek ${index + 1} · 10 fixtures`,
    startDate: '2025-08-15T19:00:00.000Z',
    endDate: '2025-08-18T21:00:00.000Z',
    segment: index + 1 >= 29 ? 'last10' : 'main',
    fixtureCount: 10,
  }));
}

const tabNames = [
  'Schedule',
  'Historical',
  'Periods',
  'Options',
  'Prizes',
  'EPL Teams',
  'Results',
  'Live Results',
  'Users',
];

describe('admin dashboard tabs', () => {
  test('has the nine tabs with Schedule open by default, and only the open tab loads its data', async () => {
    fake.routes.set('GET /api/epl-schedule', () => jsonResponse(200, schedule()));
    fake.routes.set('GET /api/periods', () => jsonResponse(200, [aPeriod({ id: 1 }), aPeriod({ id: 2 })]));
    renderApp('/admin', { user: admin });

    const list = await screen.findByRole('tablist', { name: 'Admin sections' });
    expect(
      within(list)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(tabNames);
    expect(within(list).getByRole('tab', { name: 'Schedule' }).getAttribute('aria-selected')).toBe('true');
    await screen.findByRole('heading', { name: 'EPL Schedule Import' });
    const requested = fake.calls.map((call) => call.url);
    expect(requested).toContain('/api/epl-schedule');
    expect(requested).not.toContain('/api/admin/users');
    expect(requested).not.toContain('/api/prizes?includeInactive=true');
  });

  test('the open tab is in the URL, so it can be linked', async () => {
    fake.routes.set('GET /api/epl-schedule', () => jsonResponse(200, schedule()));
    fake.routes.set('GET /api/periods', () => jsonResponse(200, []));
    fake.routes.set('GET /api/admin/users', () => jsonResponse(200, [admin]));
    fake.routes.set('GET /api/invites', () => jsonResponse(200, []));
    fake.routes.set('GET /api/health', () => jsonResponse(200, aHealthReport()));
    const { router } = renderApp('/admin', { user: admin });

    const usersTab = await screen.findByRole('tab', { name: 'Users' });
    // Radix tabs switch on mouse down (manual activation: also on click / Enter).
    fireEvent.mouseDown(usersTab, { button: 0 });
    fireEvent.click(usersTab);
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'users' }));
    await screen.findByRole('list', { name: 'Admins' });
  });

  test('an unknown tab in the URL opens Schedule', async () => {
    fake.routes.set('GET /api/epl-schedule', () => jsonResponse(200, schedule()));
    fake.routes.set('GET /api/periods', () => jsonResponse(200, []));
    renderApp('/admin?tab=nonsense', { user: admin });
    await screen.findByRole('heading', { name: 'EPL Schedule Import' });
    expect(screen.getByRole('tab', { name: 'Schedule' }).getAttribute('aria-selected')).toBe('true');
  });

  test('links to the audit history', async () => {
    fake.routes.set('GET /api/epl-schedule', () => jsonResponse(200, schedule()));
    fake.routes.set('GET /api/periods', () => jsonResponse(200, []));
    renderApp('/admin', { user: admin });
    expect((await screen.findByRole('link', { name: 'Audit history' })).getAttribute('href')).toBe('/audit');
  });
});

describe('Schedule tab', () => {
  test('shows counts, the first 10 matchweeks then "... and N more", and the Last 10', async () => {
    fake.routes.set('GET /api/epl-schedule', () => jsonResponse(200, schedule()));
    fake.routes.set('GET /api/periods', () => jsonResponse(200, [aPeriod({ id: 1 }), aPeriod({ id: 2 })]));
    renderApp('/admin?tab=schedule', { user: admin });

    expect((await screen.findByTestId('matchweeks-available')).textContent).toBe('38');
    await waitFor(() => expect(screen.getByTestId('existing-periods').textContent).toBe('2'));
    const full = screen.getByRole('list', { name: 'Full season' });
    expect(within(full).getAllByRole('listitem')).toHaveLength(10);
    screen.getByText('... and 28 more');
    const last10 = screen.getByRole('list', { name: 'Last 10 (matchweeks 29-38)' });
    const rows = within(last10).getAllByRole('listitem');
    expect(rows).toHaveLength(10);
    expect(rows[0]!.textContent).toContain('MW 29');
    expect(rows[9]!.textContent).toContain('MW 38');
  });

  test("Import Schedule offers today's season, asks first, then imports it in one step and says what is next", async () => {
    let periods: ReturnType<typeof aPeriod>[] = [];
    let current: string | null = null;
    fake.routes.set('GET /api/admin/seasons', () => jsonResponse(200, seasonsView(current)));
    fake.routes.set('GET /api/epl-schedule?season=2026-27', () => jsonResponse(200, schedule()));
    fake.routes.set('GET /api/epl-schedule', () => jsonResponse(200, schedule()));
    fake.routes.set('GET /api/periods', () => jsonResponse(200, periods));
    fake.routes.set('POST /api/admin/setup/season', () => {
      periods = Array.from({ length: 38 }, (_, index) => aPeriod({ id: index + 1 }));
      current = '2026-27';
      return jsonResponse(200, {
        message: 'Created all 38 EPL periods with authentic fixture dates. Added 760 team options.',
        created: 38,
        unchanged: 0,
        totalPeriods: 38,
        season: '2026-27',
        source: 'bundled',
        optionsAdded: 760,
        resultsRecorded: 80,
        periodsCompleted: [],
      });
    });
    renderApp('/admin', { user: admin });

    await screen.findByTestId('matchweeks-available');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Season' }).textContent).toContain('2026/27'),
    );
    screen.getByRole('button', { name: 'Import File' });
    fireEvent.click(screen.getByRole('button', { name: 'Import Schedule' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText(/creates 38 periods, one per Premier League matchweek of 2026\/27/);
    expect(writes(fake.calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import Schedule' }));

    await screen.findByTestId('import-next-step');
    expect(screen.getByTestId('import-next-step').textContent).toContain('Next: invite your players');
    expect(writes(fake.calls)).toEqual([
      { method: 'POST', url: '/api/admin/setup/season', body: { season: '2026-27', source: 'bundled' } },
    ]);
    await waitFor(() => expect(screen.getByTestId('existing-periods').textContent).toBe('38'));
    await screen.findByTestId('pool-season');
    expect(screen.queryByRole('button', { name: 'Import File' })).toBeNull();
  });

  test('starts the next season after a confirmation that says what stays, what starts fresh and what is unfinished', async () => {
    let current = '2025-26';
    fake.routes.set('GET /api/admin/seasons', () =>
      jsonResponse(200, {
        ...seasonsView(current),
        past: current === '2025-26' ? [] : ['2025-26'],
        next:
          current === '2025-26'
            ? { season: '2026-27', available: true, unfinishedPeriods: [37, 38], seasonOver: true }
            : null,
      }),
    );
    fake.routes.set('GET /api/epl-schedule', () => jsonResponse(200, schedule()));
    fake.routes.set('GET /api/periods', () => jsonResponse(200, [aPeriod({ id: 1 })]));
    fake.routes.set('POST /api/admin/seasons/next', () => {
      current = '2026-27';
      return jsonResponse(200, {
        season: '2026-27',
        previous: '2025-26',
        imported: null,
        message: '2026-27 has started.',
      });
    });
    renderApp('/admin?tab=schedule', { user: admin });

    const card = await screen.findByTestId('next-season');
    expect(within(card).getByTestId('season-unfinished').textContent).toContain(
      'Matchweeks 37, 38 of 2025/26 are not completed',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Start 2026/27' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText(/Picks, team usage, survivor strikes and standings start fresh/);
    within(dialog).getByText(/2 matchweeks of 2025\/26 will never be completed/);
    expect(writes(fake.calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start anyway' }));
    await waitFor(() =>
      expect(writes(fake.calls)).toEqual([
        { method: 'POST', url: '/api/admin/seasons/next', body: { season: '2026-27', force: true } },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('next-season')).toBeNull());
    expect(screen.getByTestId('pool-season').textContent).toContain('2026/27');
  });

  test('a season file: its problems are listed by line, unknown team names are mapped by the admin, then it imports', async () => {
    fake.routes.set('GET /api/admin/seasons', () => jsonResponse(200, seasonsView(null)));
    fake.routes.set('GET /api/epl-schedule?season=2026-27', () => jsonResponse(200, schedule()));
    fake.routes.set('GET /api/periods', () => jsonResponse(200, []));
    const answers = [
      () =>
        jsonResponse(422, {
          statusCode: 422,
          code: 'SEASON_DATA_INVALID',
          message: '1 problem',
          errors: ['line 12: "29.00" is not a time'],
        }),
      () =>
        jsonResponse(422, {
          statusCode: 422,
          code: 'SEASON_TEAMS_UNMATCHED',
          message: '1 team name matches no known club: Spurs.',
          unmatched: ['Spurs'],
          knownTeams: [{ code: 'TOT', name: 'Tottenham Hotspur FC' }],
        }),
      () =>
        jsonResponse(200, {
          message: 'Created all 38 EPL periods with authentic fixture dates. Added 760 team options.',
          created: 38,
          unchanged: 0,
          totalPeriods: 38,
          season: '2024-25',
          source: 'file',
          optionsAdded: 760,
          resultsRecorded: 0,
          periodsCompleted: [],
        }),
    ];
    fake.routes.set('POST /api/admin/setup/season-file', () => answers.shift()!());
    renderApp('/admin', { user: admin });

    const input = await screen.findByLabelText<HTMLInputElement>('Season file');
    const text = '= English Premier League 2024/25\n» Matchday 1\n';
    const file = new File([text], '1-premierleague.txt', { type: 'text/plain' });
    Object.defineProperty(file, 'text', { value: () => Promise.resolve(text) });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Import File' }).hasAttribute('disabled')).toBe(false),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Import File' }));
    const errors = await screen.findByTestId('season-file-errors');
    expect(errors.textContent).toBe('line 12: "29.00" is not a time');

    fireEvent.click(screen.getByRole('button', { name: 'Import File' }));
    const spurs = await screen.findByLabelText('Spurs');
    fireEvent.change(spurs, { target: { value: 'tot' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import File' }));

    await screen.findByTestId('import-next-step');
    expect(writes(fake.calls)).toEqual([
      { method: 'POST', url: '/api/admin/setup/season-file', body: { content: text } },
      { method: 'POST', url: '/api/admin/setup/season-file', body: { content: text } },
      {
        method: 'POST',
        url: '/api/admin/setup/season-file',
        body: { content: text, teamMap: { Spurs: 'TOT' } },
      },
    ]);
  });

  test('a failed load offers Retry', async () => {
    let fail = true;
    fake.routes.set('GET /api/epl-schedule', () =>
      fail
        ? jsonResponse(500, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'Boom' })
        : jsonResponse(200, schedule(3)),
    );
    fake.routes.set('GET /api/periods', () => jsonResponse(200, []));
    renderApp('/admin', { user: admin });

    const alert = await screen.findByRole('alert');
    within(alert).getByText('Could not load the schedule.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('matchweeks-available')).textContent).toBe('3');
  });
});

function aHealthReport(): HealthReport {
  return {
    status: 'ok',
    database: { status: 'ok', kind: 'embedded' },
    eventStore: { status: 'ok', kind: 'postgres', headPosition: '42' },
    projections: [{ name: 'standings', version: 2, position: '42', lag: 0, status: 'live' }],
    now: '2025-08-15T19:00:00.000Z',
  };
}

describe('Users tab diagnostics', () => {
  test('shows the server health and the live-update connection', async () => {
    fake.routes.set('GET /api/admin/users', () => jsonResponse(200, [admin]));
    fake.routes.set('GET /api/invites', () => jsonResponse(200, []));
    fake.routes.set('GET /api/health', () => jsonResponse(200, aHealthReport()));
    renderApp('/admin?tab=users', { user: admin });

    const panel = (await screen.findByRole('heading', { name: 'Diagnostics' })).closest('section')!;
    await within(panel).findByText('Healthy');
    within(panel).getByText(/position 42/);
    within(panel).getByText('standings v2');
    // No RealtimeProvider in this render: the connection is still "connecting".
    within(panel).getByText('Connecting');
  });
});
