import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  defaultRules,
  queryKeys,
  type CompareEntry,
  type DetailedPerformance,
  type TrendEntry,
} from '@treble/contracts';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { aPeriod } from '../../test-support/periods';
import { renderApp } from '../../test-support/render-app';
import { anEntry } from '../../test-support/standings';
import { aUser } from '../../test-support/users';
import { comparablePeriods, togglePeriod } from './selection';

let fake: FakeFetch;
let uninstall: () => void;

function detailed(overrides: Partial<DetailedPerformance> = {}): DetailedPerformance {
  return {
    totalPoints: 31,
    overallAccuracy: 55.56,
    currentRank: 3,
    periodsPlayed: 12,
    bestPeriod: { points: 9, periodId: 4 },
    averagePoints: 2.58,
    consistencyScore: 1.75,
    trend: 'improving',
    ...overrides,
  };
}

function trends(count: number): TrendEntry[] {
  return Array.from({ length: count }, (_, index) => ({
    periodId: index + 1,
    points: [3, 1, 4, 9, 0, 2][index % 6]!,
    accuracy: [33.33, 0, 66.67, 100, 0, 33.33][index % 6]!,
  }));
}

function compareEntry(periodId: number, overrides: Partial<CompareEntry> = {}): CompareEntry {
  return {
    periodId,
    periodName: `Matchweek ${periodId}`,
    rank: 2,
    totalPoints: 4,
    accuracy: 33.33,
    correctPicks: 1,
    totalPicks: 3,
    choices: [
      {
        id: `c${periodId}a`,
        optionId: `${periodId}-ARS`,
        optionName: 'Arsenal FC',
        points: 3,
        result: 'win',
        voided: false,
      },
      {
        id: `c${periodId}b`,
        optionId: `${periodId}-LIV`,
        optionName: 'Liverpool FC',
        points: 1,
        result: 'draw',
        voided: false,
      },
      {
        id: `c${periodId}c`,
        optionId: `${periodId}-MCI`,
        optionName: 'Manchester City FC',
        points: 0,
        result: 'loss',
        voided: false,
      },
    ],
    ...overrides,
  };
}

const me = aUser();

beforeEach(() => {
  fake = createFakeFetch({
    'GET /api/performance/detailed': () => jsonResponse(200, detailed()),
    'GET /api/performance/trends': () => jsonResponse(200, trends(12)),
    'GET /api/periods': () =>
      jsonResponse(
        200,
        [1, 2, 3, 4, 5, 6, 7].map((id) => aPeriod({ id, isActive: id >= 4 })),
      ),
    'GET /api/periods/current': () => jsonResponse(200, aPeriod({ id: 4, isActive: true })),
    'GET /api/leaderboards/overall': () =>
      jsonResponse(200, [
        anEntry(1, 'Bob Baker', { userId: 'bob-id' }),
        anEntry(2, 'Ann Player', { userId: me.id }),
      ]),
  });
  uninstall = installGlobalFetch(fake);
});

afterEach(() => uninstall());

function openTab(name: string) {
  const tab = screen.getByRole('tab', { name });
  fireEvent.mouseDown(tab, { button: 0 });
  fireEvent.click(tab);
}

function periodButton(id: number): HTMLElement {
  return screen.getByRole('button', { name: `Matchweek ${id}` });
}

describe('performance page', () => {
  test('overview: the four figures, the trend badge, the last 10 periods and a button per period played', async () => {
    renderApp('/performance', { user: me });
    await screen.findByRole('heading', { name: 'Performance' });
    const tiles = screen.getAllByTestId('stat-tile');
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      'Total Points31',
      'Overall Accuracy55.56%',
      'Current Rank#3',
      'Periods Played12',
    ]);
    expect(screen.getByTestId('trend-badge').textContent).toBe('Improving');
    const bars = screen.getAllByTestId('trend-bar');
    expect(bars).toHaveLength(10);
    within(bars[0]!).getByText('Matchweek 3');
    within(bars[0]!).getByText('4/9 pts');
    within(bars[9]!).getByText('Matchweek 12');
    // Points per period, also as a table for screen readers.
    within(screen.getByTestId('points-chart')).getByRole('table', { name: 'Points per period' });

    // The scored periods (1-12), whatever the current one (4) is.
    const chips = within(screen.getByRole('group', { name: 'Periods' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(
      Array.from({ length: 12 }, (_, index) => `Matchweek ${index + 1}`),
    );
    screen.getByRole('radio', { name: 'Individual Periods' });
    screen.getByRole('radio', { name: 'Competition Segments' });
  });

  test('at most 5 periods: a 6th drops the oldest, and Clear All empties the selection', async () => {
    fake.routes.set('GET /api/periods/current', () => jsonResponse(200, null));
    renderApp('/performance', { user: me });
    await screen.findByRole('button', { name: 'Matchweek 7' });
    for (const id of [1, 2, 3, 4, 5, 6]) fireEvent.click(periodButton(id));
    expect(periodButton(1).getAttribute('aria-pressed')).toBe('false');
    for (const id of [2, 3, 4, 5, 6]) expect(periodButton(id).getAttribute('aria-pressed')).toBe('true');
    screen.getByText(/5\/5 selected/);

    fireEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    for (const id of [1, 2, 3, 4, 5, 6, 7])
      expect(periodButton(id).getAttribute('aria-pressed')).toBe('false');
  });

  test('detailed analysis prompts for periods, then shows a card per selected period with its picks', async () => {
    fake.routes.set('GET /api/performance/compare?periodIds=2%2C4', () =>
      jsonResponse(200, [compareEntry(2), compareEntry(4, { rank: null, totalPoints: 0, choices: [] })]),
    );
    renderApp('/performance', { user: me });
    await screen.findByRole('heading', { name: 'Performance' });
    openTab('Detailed Analysis');
    screen.getByRole('heading', { name: 'Select Periods to Compare' });

    fireEvent.click(periodButton(4));
    fireEvent.click(periodButton(2));
    const cards = await screen.findAllByTestId('compare-card');
    expect(cards).toHaveLength(2);
    within(cards[0]!).getByRole('heading', { name: 'Matchweek 2' });
    within(cards[0]!).getByText('#2');
    within(cards[0]!).getByText('1/3');
    within(cards[0]!).getByText('Arsenal FC');
    within(cards[0]!).getByText('win');
    within(cards[0]!).getByText('loss');
    within(cards[1]!).getByText('--');
    within(cards[1]!).getByText('No picks shown for this period.');
  });

  test('trends: progression arrows, accuracy and the insights', async () => {
    fake.routes.set('GET /api/performance/trends', () => jsonResponse(200, trends(3)));
    renderApp('/performance', { user: me });
    await screen.findByRole('heading', { name: 'Performance' });
    openTab('Trends');
    const rows = screen.getAllByTestId('progression-row');
    expect(rows.map((row) => within(row).getByRole('img').getAttribute('aria-label'))).toEqual([
      'level',
      'down',
      'up',
    ]);
    screen.getByRole('heading', { name: 'Accuracy Trends' });
    expect(screen.getByTestId('best-period').textContent).toBe('Matchweek 4: 9 pts');
    screen.getByText('2.58');
    screen.getByText('1.75');
  });

  test('segments mode compares the main season with the Last 10', async () => {
    fake.routes.set('GET /api/performance/trends', () =>
      jsonResponse(200, [
        { periodId: 27, points: 4, accuracy: 33.33 },
        { periodId: 30, points: 9, accuracy: 100 },
        { periodId: 31, points: 3, accuracy: 33.33 },
      ]),
    );
    fake.routes.set('GET /api/periods', () =>
      jsonResponse(
        200,
        [27, 30, 31].map((id) => aPeriod({ id })),
      ),
    );
    renderApp('/performance', { user: me });
    fireEvent.click(await screen.findByRole('radio', { name: 'Competition Segments' }));
    const segments = screen.getByTestId('segment-comparison');
    const [main, last10] = within(segments).getAllByRole('article');
    within(main!).getByRole('heading', { name: 'Main Season' });
    within(last10!).getByText('12');
    within(last10!).getByText('6');
    expect(screen.queryByRole('button', { name: 'Clear All' })).toBeNull();
  });

  test('head-to-head compares with another player from the leaderboard, period by period', async () => {
    fake.routes.set('GET /api/performance/compare?periodIds=2%2C3', () =>
      jsonResponse(200, [compareEntry(2, { totalPoints: 4 }), compareEntry(3, { totalPoints: 1 })]),
    );
    fake.routes.set('GET /api/performance/compare?periodIds=2%2C3&userId=bob-id', () =>
      jsonResponse(200, [
        compareEntry(2, { totalPoints: 3, choices: [] }),
        compareEntry(3, { totalPoints: 1, choices: [] }),
      ]),
    );
    renderApp('/performance', { user: me });
    await screen.findByRole('heading', { name: 'Performance' });
    fireEvent.click(periodButton(3));
    fireEvent.click(periodButton(2));
    openTab('Head-to-Head');
    expect(screen.queryByText(/Coming Soon/i)).toBeNull();
    const select = await screen.findByRole('combobox', { name: 'Compare with' });
    // The signed-in player is not offered as their own opponent.
    expect(within(select).queryByText(/Ann Player/)).toBeNull();
    fireEvent.change(select, { target: { value: 'bob-id' } });

    const rows = await screen.findAllByTestId('head-to-head-row');
    expect(rows).toHaveLength(2);
    within(rows[0]!).getByText('Matchweek 2');
    within(rows[0]!).getByText('You');
    within(rows[1]!).getByText('Level');
    expect(screen.getByTestId('head-to-head-summary').textContent).toContain('You 5 – 4 Bob Baker');
    expect(
      fake.calls.some((call) => call.url === '/api/performance/compare?periodIds=2%2C3&userId=bob-id'),
    ).toBe(true);
  });

  test("segments follow the pool's rules, not the defaults, for a scored period the period list lacks", async () => {
    // This pool's Last 10 starts at period 31 (the default is 29); period 30 is not in the list.
    fake.routes.set('GET /api/rules', () => jsonResponse(200, { ...defaultRules, last10FirstPeriod: 31 }));
    fake.routes.set('GET /api/performance/trends', () =>
      jsonResponse(200, [
        { periodId: 27, points: 4, accuracy: 33.33 },
        { periodId: 30, points: 9, accuracy: 100 },
        { periodId: 31, points: 3, accuracy: 33.33 },
      ]),
    );
    fake.routes.set('GET /api/periods', () =>
      jsonResponse(200, [aPeriod({ id: 27 }), aPeriod({ id: 31, segment: 'last10' })]),
    );
    renderApp('/performance', { user: me });
    fireEvent.click(await screen.findByRole('radio', { name: 'Competition Segments' }));
    const [main, last10] = within(screen.getByTestId('segment-comparison')).getAllByRole('article');
    expect(within(main!).getByText('Points').nextElementSibling?.textContent).toBe('13');
    expect(within(last10!).getByText('Points').nextElementSibling?.textContent).toBe('3');
  });

  test("the first load's failure is the route's error, and Retry loads the page", async () => {
    fake.routes.set('GET /api/performance/detailed', () =>
      jsonResponse(500, { statusCode: 500, code: 'INTERNAL', message: 'Boom' }),
    );
    renderApp('/performance', { user: me });
    await screen.findByText('500: Boom');
    screen.getByRole('heading', { name: 'Could not load your performance' });

    fake.routes.set('GET /api/performance/detailed', () => jsonResponse(200, detailed()));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findAllByTestId('stat-tile'))[0]!.textContent).toBe('Total Points31');
    expect(screen.queryByText('500: Boom')).toBeNull();
  });

  test('a failed background refresh keeps the page and says so; Retry refreshes', async () => {
    const { queryClient } = renderApp('/performance', { user: me });
    await screen.findAllByTestId('stat-tile');
    expect(screen.queryByTestId('refresh-notice')).toBeNull();

    // A new result arrives (the socket's notice invalidates the key) while the server fails.
    fake.routes.set('GET /api/performance/detailed', () =>
      jsonResponse(503, { statusCode: 503, code: 'UNAVAILABLE', message: 'Down for a moment' }),
    );
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.performance() }));
    const notice = await screen.findByTestId('refresh-notice');
    expect(notice.textContent).toContain('503: Down for a moment');
    // What was shown stays.
    expect(screen.getAllByTestId('stat-tile')[0]!.textContent).toBe('Total Points31');
    expect(screen.getAllByTestId('trend-bar')).toHaveLength(10);

    fake.routes.set('GET /api/performance/detailed', () => jsonResponse(200, detailed({ totalPoints: 34 })));
    fireEvent.click(within(notice).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getAllByTestId('stat-tile')[0]!.textContent).toBe('Total Points34'));
    expect(screen.queryByTestId('refresh-notice')).toBeNull();
  });
});

describe('performance before anything is played', () => {
  test('no chips for periods never played, and empty states instead of 0 %', async () => {
    fake.routes.set('GET /api/performance/detailed', () =>
      jsonResponse(
        200,
        detailed({
          totalPoints: 0,
          overallAccuracy: 0,
          currentRank: 1,
          periodsPlayed: 0,
          bestPeriod: null,
          averagePoints: 0,
          consistencyScore: 0,
          trend: 'stable',
        }),
      ),
    );
    fake.routes.set('GET /api/performance/trends', () => jsonResponse(200, []));
    fake.routes.set('GET /api/choices/period/4', () => jsonResponse(200, []));
    renderApp('/performance', { user: me });
    await screen.findByRole('heading', { name: 'Performance' });

    screen.getByText('Nothing to compare yet: your periods appear here once you have made picks.');
    expect(screen.queryByRole('button', { name: /^Matchweek/ })).toBeNull();
    const empty = screen.getByTestId('performance-empty');
    within(empty).getByRole('heading', { name: 'Nothing to analyse yet' });
    expect(screen.queryByText('0%')).toBeNull();
    expect(screen.queryAllByTestId('stat-tile')).toHaveLength(0);
    openTab('Trends');
    screen.getByTestId('trends-empty');
  });

  test('the current matchweek is offered once the player has picked there, before any result', async () => {
    fake.routes.set('GET /api/performance/trends', () => jsonResponse(200, trends(2)));
    fake.routes.set('GET /api/choices/period/4', () =>
      jsonResponse(200, [{ id: 'c1', periodId: 4, optionId: '4-ARS', optionName: 'Arsenal FC' }]),
    );
    renderApp('/performance', { user: me });
    await screen.findByRole('button', { name: 'Matchweek 4' });
    const chips = within(screen.getByRole('group', { name: 'Periods' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Matchweek 1', 'Matchweek 2', 'Matchweek 4']);
  });

  test('a custom period keeps its own name', () => {
    expect(
      comparablePeriods([aPeriod({ id: 40, name: 'Boxing Day Special' }), aPeriod({ id: 3 })], [3, 40], [41]),
    ).toEqual([
      { id: 3, title: 'Matchweek 3' },
      { id: 40, title: 'Boxing Day Special' },
      { id: 41, title: 'Matchweek 41' },
    ]);
  });
});

describe('togglePeriod', () => {
  test('adds, removes, and drops the oldest past the maximum', () => {
    expect(togglePeriod([], 3)).toEqual([3]);
    expect(togglePeriod([3, 5], 3)).toEqual([5]);
    expect(togglePeriod([1, 2, 3, 4, 5], 9)).toEqual([2, 3, 4, 5, 9]);
  });
});
