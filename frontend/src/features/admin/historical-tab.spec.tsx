import { afterEach, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChoiceView } from '@treble/contracts';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { aPeriod } from '../../test-support/periods';
import { renderApp } from '../../test-support/render-app';
import { anOption } from '../../test-support/standings';
import { aUser, anAdmin } from '../../test-support/users';
import { choose, supportRadixSelect, writes } from '../../test-support/admin-forms';
import { pastPeriods } from './historical-tab';

let fake: FakeFetch;
let uninstall: () => void;

beforeAll(supportRadixSelect);
beforeEach(() => {
  fake = createFakeFetch();
  uninstall = installGlobalFetch(fake);
});
afterEach(() => uninstall());

const admin = anAdmin();
const ann = aUser();
const bob = aUser({ id: 'bob-id', email: 'bob@example.com', firstName: 'Bob', lastName: 'Baker' });

const periods = [
  aPeriod({ id: 1, endDate: '2025-08-18T21:00:00.000Z' }),
  aPeriod({ id: 2, endDate: '2025-08-25T21:00:00.000Z' }),
  // Ends far in the future: not offered.
  aPeriod({ id: 3, endDate: '2099-01-01T00:00:00.000Z' }),
];

const teams = ['ARS', 'CHE', 'LIV', 'MCI', 'TOT'];

function aChoice(userId: string, code: string, overrides: Partial<ChoiceView> = {}): ChoiceView {
  return {
    id: `${userId}-${code}`,
    userId,
    periodId: 2,
    optionId: `2-${code}`,
    teamKey: code,
    teamName: `Team ${code}`,
    status: 'active',
    retroactive: false,
    madeAt: '2025-08-20T10:00:00.000Z',
    ...overrides,
  };
}

function serve(choices: () => ChoiceView[]) {
  fake.routes.set('GET /api/admin/users', () => jsonResponse(200, [admin, ann, bob]));
  fake.routes.set('GET /api/periods', () => jsonResponse(200, periods));
  fake.routes.set('GET /api/periods/2/options', () =>
    jsonResponse(
      200,
      teams.map((code) => anOption(`2-${code}`, { periodId: 2, name: `Team ${code}`, teamKey: code })),
    ),
  );
  fake.routes.set('GET /api/admin/choices/period/2', () => jsonResponse(200, choices()));
  fake.routes.set(`GET /api/admin/users/${ann.id}/usage`, () =>
    jsonResponse(200, [
      { teamKey: 'ARS', teamName: 'Team ARS', uses: 2 },
      { teamKey: 'TOT', teamName: 'Team TOT', uses: 7 },
    ]),
  );
}

describe('Historical tab', () => {
  test('offers only ended periods, newest first, as "MW {id}: name"', async () => {
    serve(() => []);
    renderApp('/admin?tab=historical', { user: admin });

    fireEvent.click(await screen.findByRole('combobox', { name: 'Period' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'MW 2: Matchweek 2',
      'MW 1: Matchweek 1',
    ]);
  });

  test('toggles exactly 3 teams showing the player usage, then creates the selections', async () => {
    let choices: ChoiceView[] = [];
    serve(() => choices);
    fake.routes.set('POST /api/retroactive-choices', () => {
      choices = ['ARS', 'CHE', 'LIV'].map((code) => aChoice(ann.id, code, { retroactive: true }));
      return jsonResponse(201, { message: 'Retroactive selections created successfully.', choices });
    });
    renderApp('/admin?tab=historical', { user: admin });

    await choose('User', /Ann Player/);
    await choose('Period', 'MW 2: Matchweek 2');
    const teamButton = async (code: string) =>
      screen.findByRole('button', { name: new RegExp(`Team ${code}`) });

    expect((await teamButton('ARS')).textContent).toContain('Used 2/7');
    expect((await teamButton('CHE')).textContent).toContain('Used 0/7');
    // At the cap of 7 the team cannot be picked again.
    expect((await teamButton('TOT')).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Create Selections' }));
    await screen.findByText('Invalid selection');
    screen.getByText('Please select a user, period, and exactly 3 options.');

    for (const code of ['ARS', 'CHE', 'MCI']) fireEvent.click(await teamButton(code));
    fireEvent.click(await teamButton('LIV'));
    await screen.findByText('Maximum reached');
    screen.getByText('You can only select 3 options per period.');
    // Toggling a chosen team off frees a slot.
    fireEvent.click(await teamButton('MCI'));
    expect((await teamButton('MCI')).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(await teamButton('LIV'));
    expect(writes(fake.calls)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Create Selections' }));
    await screen.findByText('Retroactive selections created successfully.');
    expect(writes(fake.calls)).toEqual([
      {
        method: 'POST',
        url: '/api/retroactive-choices',
        body: { userId: ann.id, periodId: 2, optionIds: ['2-ARS', '2-CHE', '2-LIV'] },
      },
    ]);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Existing Choices (3)' })).toBeTruthy());
  });

  test('Existing Choices lists picks per user and Clear All asks first', async () => {
    let choices = [
      aChoice(ann.id, 'ARS'),
      aChoice(ann.id, 'CHE'),
      aChoice(ann.id, 'LIV'),
      aChoice(bob.id, 'MCI', { retroactive: true }),
    ];
    serve(() => choices);
    fake.routes.set('DELETE /api/choices/period/2', () => {
      choices = [];
      return jsonResponse(200, {
        message: 'All choices for this period have been deleted.',
        playersCleared: 2,
      });
    });
    renderApp('/admin?tab=historical', { user: admin });

    await choose('Period', 'MW 2: Matchweek 2');
    await screen.findByRole('heading', { name: 'Existing Choices (4)' });
    const rows = await screen.findAllByTestId('choice-user-row');
    expect(rows.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['Ann Player', 'Team ARSTeam CHETeam LIV', '3'],
      ['Bob Baker', 'Team MCI (retroactive)', '1'],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Clear All choices of period 2' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText(/permanently deleted/);
    expect(writes(fake.calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear All' }));
    await screen.findByText('All choices for this period have been deleted.');
    expect(writes(fake.calls)).toEqual([{ method: 'DELETE', url: '/api/choices/period/2', body: undefined }]);
    await screen.findByText('No choices in this period.');
  });

  test('a refusal from the server is shown', async () => {
    serve(() => []);
    fake.routes.set('POST /api/retroactive-choices', () =>
      jsonResponse(409, {
        statusCode: 409,
        code: 'TEAM_USAGE_CAP_REACHED',
        message: 'Team ARS has already been used 7 times.',
      }),
    );
    renderApp('/admin?tab=historical', { user: admin });
    await choose('User', /Ann Player/);
    await choose('Period', 'MW 2: Matchweek 2');
    for (const code of ['ARS', 'CHE', 'LIV']) {
      fireEvent.click(await screen.findByRole('button', { name: new RegExp(`Team ${code}`) }));
    }
    fireEvent.click(screen.getByRole('button', { name: 'Create Selections' }));
    await screen.findByText('Team ARS has already been used 7 times.');
  });
});

describe('past periods', () => {
  test('ended before now, newest first', () => {
    const now = new Date('2025-08-26T00:00:00Z');
    expect(pastPeriods(periods, now).map((period) => period.id)).toEqual([2, 1]);
    expect(pastPeriods(periods, new Date('2025-08-20T00:00:00Z')).map((period) => period.id)).toEqual([1]);
  });
});
