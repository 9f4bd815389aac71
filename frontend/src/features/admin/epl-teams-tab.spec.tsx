import { afterEach, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import type { EplTeam } from '@treble/contracts';
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
});
afterEach(() => uninstall());

const admin = anAdmin();

const promotedCodes = ['BUR', 'LEE', 'SUN'];
const teams: EplTeam[] = Array.from({ length: 20 }, (_, index) => {
  const code = index < 3 ? promotedCodes[index]! : `T${String(index).padStart(2, '0')}`;
  return { code, name: `Club ${code}`, shortName: code, city: `City ${index}`, promoted: index < 3 };
});

function serve() {
  fake.routes.set('GET /api/epl-teams', () => jsonResponse(200, teams));
  fake.routes.set('GET /api/periods', () =>
    jsonResponse(200, [aPeriod({ id: 7, isActive: true }), aPeriod({ id: 30 })]),
  );
}

describe('EPL Teams tab', () => {
  test('lists the 20 teams with city and code, the 3 promoted sides marked, and the periods with badges', async () => {
    serve();
    renderApp('/admin?tab=epl-teams', { user: admin });

    const cards = await screen.findAllByTestId('epl-team');
    expect(cards).toHaveLength(20);
    screen.getByText('20 teams · 3 promoted');
    const promoted = cards.filter((card) => card.className.includes('admin-team--promoted'));
    expect(promoted.map((card) => within(card).getByRole('code').textContent)).toEqual(promotedCodes);
    within(promoted[0]!).getByText('Promoted');
    within(cards[0]!).getByText('City 0');

    const rows = await screen.findAllByTestId('epl-period-row');
    within(rows[0]!).getByText('Active');
    within(rows[0]!).getByText('Main Season');
    within(rows[1]!).getByText('Inactive');
    within(rows[1]!).getByText('Last 10');
  });

  test('Add EPL Teams adds at once and says so', async () => {
    serve();
    fake.routes.set('POST /api/periods/7/epl-options', () =>
      jsonResponse(200, { message: 'Added EPL team options to period 7.', added: 20 }),
    );
    renderApp('/admin?tab=epl-teams', { user: admin });

    fireEvent.click(await screen.findByRole('button', { name: 'Add EPL Teams to period 7' }));
    await screen.findByText('Added EPL team options to period 7.');
    expect(writes(fake.calls)).toEqual([{ method: 'POST', url: '/api/periods/7/epl-options', body: {} }]);
  });

  test('Replace All warns of the permanent deletion before replacing', async () => {
    serve();
    fake.routes.set('PUT /api/periods/30/replace-with-epl', () =>
      jsonResponse(200, {
        message: 'Period 30 now uses EPL teams as options.',
        removed: 20,
        added: 20,
        playersCleared: 2,
      }),
    );
    renderApp('/admin?tab=epl-teams', { user: admin });

    fireEvent.click(await screen.findByRole('button', { name: 'Replace All options of period 30' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText(
      /All existing options, user choices and results of this period will be permanently deleted/,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes(fake.calls)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Replace All options of period 30' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Replace All' }),
    );
    await screen.findByText('Period 30 now uses EPL teams as options.');
    expect(writes(fake.calls)).toEqual([
      { method: 'PUT', url: '/api/periods/30/replace-with-epl', body: {} },
    ]);
  });

  test('a failure without a usable message falls back to the spec text', async () => {
    serve();
    fake.routes.set('POST /api/periods/7/epl-options', () =>
      jsonResponse(500, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' }),
    );
    renderApp('/admin?tab=epl-teams', { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Add EPL Teams to period 7' }));
    await screen.findByText('Failed to add EPL team options');
  });
});
