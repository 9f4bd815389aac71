import { afterEach, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Period } from '@treble/contracts';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { aPeriod } from '../../test-support/periods';
import { renderApp } from '../../test-support/render-app';
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

describe('Periods tab', () => {
  test('lists periods with id, name, Active/Inactive and segment badges, and toggles them', async () => {
    let periods: Period[] = [
      aPeriod({ id: 1, name: 'Opening weekend', isActive: true }),
      aPeriod({ id: 29, name: 'Run-in' }),
    ];
    fake.routes.set('GET /api/periods', () => jsonResponse(200, periods));
    fake.routes.set('PATCH /api/periods/1', (request) => {
      const { isActive } = JSON.parse(request.body!) as { isActive: boolean };
      periods = periods.map((period) => (period.id === 1 ? { ...period, isActive } : period));
      return jsonResponse(200, periods[0]);
    });
    renderApp('/admin?tab=periods', { user: admin });

    const rows = await screen.findAllByTestId('admin-period-row');
    expect(rows).toHaveLength(2);
    within(rows[0]!).getByText('Opening weekend');
    within(rows[0]!).getByText('Active');
    within(rows[0]!).getByText('Main Season');
    within(rows[1]!).getByText('29');
    within(rows[1]!).getByText('Inactive');
    within(rows[1]!).getByText('Last 10');
    within(rows[1]!).getByRole('button', { name: 'Activate period 29' });

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Deactivate period 1' }));
    await screen.findByText('Period Updated');
    expect(writes(fake.calls)).toEqual([
      { method: 'PATCH', url: '/api/periods/1', body: { isActive: false } },
    ]);
    await waitFor(() =>
      within(screen.getAllByTestId('admin-period-row')[0]!).getByRole('button', {
        name: 'Activate period 1',
      }),
    );
  });

  test('the create form requires name, start and end, and sends ISO instants', async () => {
    fake.routes.set('GET /api/periods', () => jsonResponse(200, []));
    fake.routes.set('POST /api/periods', (request) =>
      jsonResponse(201, { ...aPeriod({ id: 39 }), ...(JSON.parse(request.body!) as object) }),
    );
    renderApp('/admin?tab=periods', { user: admin });

    await screen.findByText('No periods yet. Import the schedule or create one above.');
    fireEvent.click(screen.getByRole('button', { name: 'Create Period' }));
    screen.getByText('Name is required');
    screen.getByText('Start date is required');
    screen.getByText('End date is required');
    expect(writes(fake.calls)).toEqual([]);

    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Cup break special' } });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'One-off' } });
    fireEvent.change(screen.getByLabelText(/^Start date/), { target: { value: '2025-09-01T15:00' } });
    fireEvent.change(screen.getByLabelText(/^End date/), { target: { value: '2025-09-01T12:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Period' }));
    screen.getByText('End date must be after the start date');
    expect(writes(fake.calls)).toEqual([]);

    fireEvent.change(screen.getByLabelText(/^End date/), { target: { value: '2025-09-03T22:00' } });
    await choose('Segment', 'Last 10');
    fireEvent.click(screen.getByRole('button', { name: 'Create Period' }));

    await screen.findByText('Period Created');
    expect(writes(fake.calls)).toEqual([
      {
        method: 'POST',
        url: '/api/periods',
        body: {
          name: 'Cup break special',
          description: 'One-off',
          startDate: new Date('2025-09-01T15:00').toISOString(),
          endDate: new Date('2025-09-03T22:00').toISOString(),
          segment: 'last10',
        },
      },
    ]);
  });

  test('a refusal shows the server message in an Error toast', async () => {
    fake.routes.set('GET /api/periods', () => jsonResponse(200, [aPeriod({ id: 3, isCompleted: true })]));
    fake.routes.set('PATCH /api/periods/3', () =>
      jsonResponse(409, { statusCode: 409, code: 'PERIOD_COMPLETED', message: 'Period 3 is completed.' }),
    );
    renderApp('/admin?tab=periods', { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Activate period 3' }));
    await screen.findByText('Period 3 is completed.');
    screen.getByText('Error');
  });
});
