import { afterEach, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Option } from '@treble/contracts';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { aPeriod } from '../../test-support/periods';
import { renderApp } from '../../test-support/render-app';
import { anOption } from '../../test-support/standings';
import { anAdmin } from '../../test-support/users';
import { choose, supportRadixSelect, writes } from '../../test-support/admin-forms';

let fake: FakeFetch;
let uninstall: () => void;

beforeAll(supportRadixSelect);
beforeEach(() => {
  fake = createFakeFetch();
  uninstall = installGlobalFetch(fake);
});
afterEach(() => uninstall());

const admin = anAdmin();

describe('Options tab', () => {
  test('lists the chosen period options by sort order with "Used: n/7", or the empty text', async () => {
    fake.routes.set('GET /api/periods', () => jsonResponse(200, [aPeriod({ id: 5 }), aPeriod({ id: 6 })]));
    fake.routes.set('GET /api/periods/5/options', () =>
      jsonResponse(200, [
        anOption('5-LIV', { name: 'Liverpool', sortOrder: 2, usageCount: 4 }),
        anOption('5-ARS', { name: 'Arsenal', sortOrder: 1, usageCount: 0 }),
      ]),
    );
    fake.routes.set('GET /api/periods/6/options', () => jsonResponse(200, []));
    renderApp('/admin?tab=options', { user: admin });

    await screen.findByText('Choose a period to see its options.');
    await choose('Period', '5: Matchweek 5');
    const rows = await screen.findAllByTestId('admin-option-row');
    expect(rows.map((row) => row.textContent)).toEqual(['#1ArsenalUsed: 0/7', '#2LiverpoolUsed: 4/7']);

    await choose('Period', '6: Matchweek 6');
    await screen.findByText('No options created for this period yet.');
  });

  test('validates the form, then sends the period id as a number and the sort order', async () => {
    let options: Option[] = [];
    fake.routes.set('GET /api/periods', () => jsonResponse(200, [aPeriod({ id: 5 })]));
    fake.routes.set('GET /api/periods/5/options', () => jsonResponse(200, options));
    fake.routes.set('POST /api/options', (request) => {
      const body = JSON.parse(request.body!) as { name: string; sortOrder: number };
      options = [anOption('5-c1', { name: body.name, sortOrder: body.sortOrder })];
      return jsonResponse(201, options[0]);
    });
    renderApp('/admin?tab=options', { user: admin });

    expect((await screen.findByLabelText<HTMLInputElement>(/^Sort order/)).value).toBe('1');
    fireEvent.change(screen.getByLabelText(/^Sort order/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Option' }));
    screen.getByText('Period is required');
    screen.getByText('Name is required');
    screen.getByText('Sort order is required');
    expect(writes(fake.calls)).toEqual([]);

    await choose('Period', '5: Matchweek 5');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Draw Specialists' } });
    fireEvent.change(screen.getByLabelText(/^Sort order/), { target: { value: '21' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Option' }));

    await screen.findByText('Option Created');
    expect(writes(fake.calls)).toEqual([
      {
        method: 'POST',
        url: '/api/options',
        body: { periodId: 5, name: 'Draw Specialists', description: null, sortOrder: 21 },
      },
    ]);
    await waitFor(() =>
      within(screen.getByRole('list', { name: 'Option list' })).getByText('Draw Specialists'),
    );
  });
});
