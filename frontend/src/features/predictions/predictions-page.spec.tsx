import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { defaultRules, describeUsageRule, queryKeys, type Option } from '@treble/contracts';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { applyReadModelChanged } from '../../realtime/apply-read-model-changed';
import { aPeriod, picksPageRoutes } from '../../test-support/periods';
import { renderApp } from '../../test-support/render-app';
import { anOption } from '../../test-support/standings';
import { aUser } from '../../test-support/users';
import { chancesLeft, formatCountdown, minimumStillReachable, usageTone, usesNeeded } from './usage';

let fake: FakeFetch;
let uninstall: () => void;
let options: Option[];

beforeEach(() => {
  options = [];
  fake = createFakeFetch(picksPageRoutes(() => options));
  uninstall = installGlobalFetch(fake);
});

afterEach(() => uninstall());

const posts = () => fake.calls.filter((call) => call.method === 'POST' && call.url === '/api/choices');

describe('predictions page', () => {
  test('without a current period it says so', async () => {
    fake.routes.set('GET /api/periods/current', () => jsonResponse(200, null));
    renderApp('/predictions', { user: aUser() });
    await screen.findByRole('heading', { name: 'No Active Period' });
    screen.getByText('There is currently no active period for picks. Check back soon!');
  });

  test("states the pool's configured rules (GET /api/rules), not the defaults", async () => {
    const rules = {
      ...defaultRules,
      picksPerPeriod: 2,
      maxUsesPerTeam: 5,
      minUsesEnforcement: 'off' as const,
    };
    fake.routes.set('GET /api/rules', () => jsonResponse(200, rules));
    options = [anOption('ars', { name: 'Arsenal', usageCount: 1 })];
    renderApp('/predictions', { user: aUser() });
    await screen.findByText('Matchweek 5 - select 2 options (1 of 1 still open)');
    screen.getByText('0/2');
    screen.getByText('Used 1/5');
    screen.getByText(describeUsageRule(rules));
    // With the minimum switched off there is no "needs N more" guidance.
    expect(screen.queryByText(/^Needs \d+ more/)).toBeNull();
  });

  test('selecting an option saves it, toasts and shows progress 1/3', async () => {
    options = [
      anOption('ars', {
        name: 'Arsenal',
        fixture: {
          fixtureId: 'f1',
          opponent: 'Chelsea',
          opponentCode: 'CHE',
          isHome: true,
          kickoff: '2099-01-01T15:00:00.000Z',
          status: 'scheduled',
        },
        lockAt: '2099-01-01T15:00:00.000Z',
      }),
      anOption('liv', { name: 'Liverpool' }),
    ];
    fake.routes.set('POST /api/choices', () => {
      options = options.map((option) =>
        option.id === 'ars' ? { ...option, choiceId: 'c1', usageCount: 1 } : option,
      );
      return jsonResponse(201, { id: 'c1', userId: 'u', periodId: 5, optionId: 'ars' });
    });

    renderApp('/predictions', { user: aUser() });

    await screen.findByRole('heading', { name: 'Make Your Picks' });
    screen.getByText('Matchweek 5 - select 3 options (2 of 2 still open)');
    screen.getByText('0/3');
    const card = screen.getByRole('button', { name: /^Arsenal, vs Chelsea/ });
    expect(card.getAttribute('aria-pressed')).toBe('false');
    within(card).getByText(/^Locks in/);
    screen.getByText(describeUsageRule(defaultRules));

    fireEvent.click(card);

    await screen.findByText('Your prediction has been saved.');
    screen.getByText('Choice Added');
    await screen.findByText('1/3');
    expect(JSON.parse(posts()[0]?.body ?? '{}')).toEqual({ periodId: 5, optionId: 'ars' });
    const selected = screen.getByRole('button', { name: /^Arsenal, vs Chelsea, selected/ });
    expect(selected.getAttribute('aria-pressed')).toBe('true');
    within(selected).getByText('Selected');
    screen.getByRole('button', { name: 'Remove Arsenal' });
  });

  test('a 4th pick is refused on the client with the Maximum Choices toast', async () => {
    options = [
      anOption('a', { choiceId: 'c1' }),
      anOption('b', { choiceId: 'c2' }),
      anOption('c', { choiceId: 'c3' }),
      anOption('d'),
    ];
    renderApp('/predictions', { user: aUser() });
    await screen.findByText('3/3');
    // With 3 picks made the other cards are disabled; the picked ones stay tappable (to withdraw).
    expect(screen.getByRole('button', { name: 'Team d' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Team a, selected' }).hasAttribute('aria-disabled')).toBe(
      false,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Team d' }));

    await screen.findByText('Maximum Choices');
    screen.getByText('You can only select 3 options per period');
    expect(posts()).toHaveLength(0);
  });

  test("a 409 from the server shows the server's message", async () => {
    options = [anOption('a'), anOption('b')];
    fake.routes.set('POST /api/choices', () =>
      jsonResponse(409, {
        statusCode: 409,
        code: 'PICKS_PER_PERIOD_EXCEEDED',
        message: 'You can only select 3 options per period (server)',
      }),
    );
    renderApp('/predictions', { user: aUser() });
    await screen.findByText('0/3');

    fireEvent.click(screen.getByRole('button', { name: 'Team a' }));

    await screen.findByText('You can only select 3 options per period (server)');
    screen.getByText('Maximum Choices');
  });

  test('removing a pick calls DELETE and toasts', async () => {
    options = [anOption('a', { choiceId: 'c1' })];
    fake.routes.set('DELETE /api/choices/c1', () => {
      options = [anOption('a')];
      return jsonResponse(204, undefined);
    });
    renderApp('/predictions', { user: aUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Team a' }));
    await screen.findByText('Your prediction has been removed.');
    screen.getByText('Choice Removed');
    await screen.findByText('0/3');
  });

  test('usage bars are coloured by count, and 7 uses disables the card', async () => {
    options = [3, 5, 6, 7].map((usageCount) => anOption(`u${usageCount}`, { usageCount }));
    renderApp('/predictions', { user: aUser() });
    const bars = await screen.findAllByTestId('usage-bar');
    expect(bars.map((bar) => bar.className)).toEqual([
      'usage__fill usage__fill--green',
      'usage__fill usage__fill--amber',
      'usage__fill usage__fill--red',
      'usage__fill usage__fill--grey',
    ]);
    const capped = screen.getByRole('button', { name: /^Team u7/ });
    within(capped).getByText('Maximum Usage Reached');
    expect(capped.getAttribute('aria-disabled')).toBe('true');
    screen.getByText('Used 6/7');
    // A tap on it says why, and picks nothing.
    fireEvent.click(capped);
    await screen.findByText('Maximum Usage Reached', { selector: '[data-title]' });
    expect(posts()).toHaveLength(0);
  });

  test('a locked option shows how many picked it, and who', async () => {
    options = [anOption('a', { isLocked: true, pickCount: 12, teamKey: 'ARS' })];
    fake.routes.set('GET /api/periods/5/pick-grid', () =>
      jsonResponse(200, {
        periodId: 5,
        lockedOptions: 1,
        totalOptions: 1,
        rows: [
          {
            userId: 'other',
            displayName: 'Grace Hopper',
            points: 0,
            picks: [
              {
                optionId: 'a',
                teamKey: 'ARS',
                teamName: 'Team a',
                outcome: null,
                points: null,
                voided: false,
              },
            ],
          },
        ],
      }),
    );
    renderApp('/predictions', { user: aUser() });
    const who = await screen.findByRole('button', { name: /12 players picked Team a: show who/ });
    expect(who.textContent).toBe('Locked · 12 picked');
    fireEvent.click(who);
    const dialog = await screen.findByRole('dialog', { name: 'Who picked Team a' });
    await within(dialog).findByText('Grace Hopper');
  });

  test('a locked card shows its live state as results arrive, and the points so far', async () => {
    const fixture = {
      fixtureId: 'f',
      opponent: 'Chelsea',
      opponentCode: 'CHE',
      isHome: true,
      kickoff: '2025-08-16T14:00:00.000Z',
      status: 'TIMED',
    };
    options = [
      anOption('a', { name: 'Arsenal', isLocked: true, pickCount: 2, choiceId: 'c1', fixture }),
      anOption('b', { name: 'Brentford', isLocked: true, pickCount: 1, choiceId: 'c2' }),
    ];
    const { queryClient } = renderApp('/predictions', { user: aUser() });
    expect((await screen.findAllByText('Kicked off · awaiting result')).length).toBeGreaterThan(0);
    // A locked pick says so, with no Remove button to press in vain.
    expect(screen.getAllByText('Locked').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Remove Arsenal' })).toBeNull();
    // No points line before any result is in.
    expect(screen.queryByTestId('period-points')).toBeNull();

    options = [
      anOption('a', {
        name: 'Arsenal',
        isLocked: true,
        pickCount: 2,
        choiceId: 'c1',
        fixture,
        result: { outcome: 'win', points: 3, homeScore: 2, awayScore: 1 },
      }),
      anOption('b', { name: 'Brentford', isLocked: true, pickCount: 1, choiceId: 'c2' }),
    ];
    // The server's notice for a result names the period's options.
    await queryClient.invalidateQueries({ queryKey: ['options', 5] });
    expect((await screen.findAllByText('Won 2–1')).length).toBeGreaterThan(0);
    screen.getByText('3 points');
    within(screen.getByTestId('period-points')).getByText(/1 of 2 results in/);
  });

  test('moves between the open periods and opens a past one read-only', async () => {
    fake.routes.set('GET /api/periods', () =>
      jsonResponse(200, [
        aPeriod({ id: 4, isCompleted: true }),
        aPeriod({ id: 5, isActive: true, endDate: '2099-01-08T00:00:00.000Z' }),
        aPeriod({ id: 6, startDate: '2099-01-10T00:00:00.000Z', endDate: '2099-01-12T00:00:00.000Z' }),
      ]),
    );
    fake.routes.set('GET /api/periods/6/options', () => jsonResponse(200, [anOption('x', { periodId: 6 })]));
    fake.routes.set('GET /api/periods/4/options', () =>
      jsonResponse(200, [anOption('y', { periodId: 4, isLocked: true })]),
    );
    fake.routes.set('GET /api/periods/4/pick-grid', () =>
      jsonResponse(200, { periodId: 4, lockedOptions: 1, totalOptions: 1, rows: [] }),
    );
    options = [anOption('a')];
    renderApp('/predictions', { user: aUser() });
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Choose a period' });
    expect(
      [...select.querySelectorAll('optgroup')].map((group) => [group.label, group.children.length]),
    ).toEqual([
      ['Open for picks', 2],
      ['Past (read-only)', 1],
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Next: Matchweek 6' }));
    await screen.findByText('Matchweek 6 - select 3 options (1 of 1 still open)');
    fireEvent.change(screen.getByRole('combobox', { name: 'Choose a period' }), { target: { value: '4' } });
    await screen.findByRole('heading', { name: 'Your Picks' });
    screen.getByText('Matchweek 4 - closed for picks (read-only)');
  });
});

describe('usage helpers', () => {
  test('tones follow docs/rules.md, Screens', () => {
    expect([0, 3, 4, 5, 6, 7, 9].map((count) => usageTone(count))).toEqual([
      'green',
      'green',
      'amber',
      'amber',
      'red',
      'grey',
      'grey',
    ]);
  });

  test('countdown', () => {
    const now = Date.parse('2025-01-01T00:00:00.000Z');
    expect(formatCountdown('2025-01-02T03:00:00.000Z', now)).toBe('1d 3h');
    expect(formatCountdown('2025-01-01T02:30:00.000Z', now)).toBe('2h 30m');
    expect(formatCountdown('2024-12-31T00:00:00.000Z', now)).toBeNull();
  });
});

describe('predictions page, live', () => {
  test("a pick from another device: the server's notice names the period's options, and the page refreshes them", async () => {
    options = [anOption('a')];
    const { queryClient } = renderApp('/predictions', { user: aUser() });
    await screen.findByText('0/3');
    await screen.findByRole('button', { name: 'Team a' });

    options = [anOption('a', { choiceId: 'c9' })];
    await act(() =>
      applyReadModelChanged(queryClient, {
        queryKeys: [queryKeys.choices(5), queryKeys.options(5)],
        position: '3',
      }),
    );

    await screen.findByText('1/3');
  });
});

describe('predictions page, minimum uses guidance', () => {
  test('each card says how many more uses its team needs, and warns when the season can no longer cover it', async () => {
    fake.routes.set('GET /api/periods/current', () => jsonResponse(200, aPeriod({ id: 36, isActive: true })));
    fake.routes.set('GET /api/periods/36/options', () =>
      jsonResponse(200, [
        anOption('ars', { periodId: 36, name: 'Arsenal', usageCount: 4 }),
        anOption('liv', { periodId: 36, name: 'Liverpool', usageCount: 2 }),
        // Period 36 of 38: this one and two more chances, but 4 uses still missing.
        anOption('bur', { periodId: 36, name: 'Burnley', usageCount: 0 }),
      ]),
    );
    fake.routes.set('GET /api/choices/period/36', () => jsonResponse(200, []));
    renderApp('/predictions', { user: aUser() });
    const cards = await screen.findAllByTestId('option-card');
    expect(within(cards[0]!).queryByTestId('usage-guidance')).toBeNull();
    expect(within(cards[1]!).getByTestId('usage-guidance').textContent).toBe('Needs 2 more to reach 4 uses');
    expect(within(cards[2]!).getByTestId('usage-guidance').textContent).toBe(
      'Needs 4 more: can no longer reach 4 uses',
    );
    expect(
      screen.getByRole('button', { name: /^Liverpool/, description: 'Needs 2 more to reach 4 uses' }),
    ).toBe(cards[1]);
    // 6 uses needed, 9 slots left (3 now, 3 in each of periods 37 and 38): no overall warning.
    expect(screen.queryByTestId('minimum-warning')).toBeNull();
  });

  test('warns when all the missing uses no longer fit in the picks left', async () => {
    fake.routes.set('GET /api/periods/current', () => jsonResponse(200, aPeriod({ id: 38, isActive: true })));
    fake.routes.set('GET /api/periods/38/options', () =>
      jsonResponse(
        200,
        ['a', 'b'].map((id) => anOption(id, { periodId: 38, usageCount: 2 })),
      ),
    );
    fake.routes.set('GET /api/choices/period/38', () => jsonResponse(200, []));
    renderApp('/predictions', { user: aUser() });
    const warning = await screen.findByTestId('minimum-warning');
    expect(warning.textContent).toContain('4 more uses are needed');
  });
});

describe('minimum uses helpers', () => {
  test('usesNeeded, chancesLeft and minimumStillReachable follow the rules module', () => {
    expect(usesNeeded(1)).toBe(3);
    expect(usesNeeded(5)).toBe(0);
    expect(usesNeeded(0, { ...defaultRules, minUsesEnforcement: 'off' })).toBe(0);
    expect(chancesLeft(36, { isLocked: false, choiceId: null })).toBe(3);
    expect(chancesLeft(36, { isLocked: true, choiceId: null })).toBe(2);
    expect(chancesLeft(36, { isLocked: false, choiceId: 'c' })).toBe(2);
    expect(minimumStillReachable(9, 36, 0)).toBe(true);
    expect(minimumStillReachable(10, 36, 0)).toBe(false);
    expect(minimumStillReachable(3, 38, 1)).toBe(false);
  });
});
