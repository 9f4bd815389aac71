import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Period } from '@treble/contracts';
import { formatDateTime } from '../../lib/dates';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { aPeriod } from '../../test-support/periods';
import { renderApp } from '../../test-support/render-app';
import { anAdmin } from '../../test-support/users';

const periods: Period[] = [
  aPeriod({
    id: 1,
    isActive: true,
    startDate: '2025-08-15T19:00:00.000Z',
    endDate: '2025-08-18T21:00:00.000Z',
  }),
  aPeriod({ id: 2, isCompleted: true, isManuallyCompleted: true, completedAt: '2025-08-26T10:00:00.000Z' }),
  aPeriod({ id: 29, description: 'Run-in begins' }),
];

let fake: FakeFetch;
let uninstall: () => void;

beforeEach(() => {
  fake = createFakeFetch();
  uninstall = installGlobalFetch(fake);
});

afterEach(() => {
  uninstall();
  jest.restoreAllMocks();
});

const periodReads = () => fake.calls.filter((call) => call.method === 'GET' && call.url === '/api/periods');

describe('periods page', () => {
  test('lists the periods with segment and status badges and local dates', async () => {
    fake.routes.set('GET /api/periods', () => jsonResponse(200, periods));

    renderApp('/periods', { user: anAdmin() });

    const rows = await screen.findAllByTestId('period-row');
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];

    within(first).getByRole('heading', { name: 'Matchweek 1' });
    within(first).getByText('Main Season');
    within(first).getByText('Active');
    within(first).getByText(formatDateTime('2025-08-15T19:00:00.000Z'));
    within(first).getByText(formatDateTime('2025-08-18T21:00:00.000Z'));
    expect(first.querySelector('time')?.getAttribute('datetime')).toBe('2025-08-15T19:00:00.000Z');

    within(second).getByText('Manually Completed');

    within(third).getByRole('heading', { name: 'Matchweek 29' });
    within(third).getByText('Last 10');
    within(third).getByText('Pending');
    within(third).getByText('Run-in begins');

    expect(periodReads()).toHaveLength(1);
    expect(periodReads()[0]?.credentials).toBe('include');
  });

  test('with no periods it offers the schedule import, then shows the result and the new rows', async () => {
    fake.routes.set('GET /api/periods', () => jsonResponse(200, []));
    fake.routes.set('POST /api/admin/setup/periods', () => {
      // Once imported, the periods exist.
      fake.routes.set('GET /api/periods', () => jsonResponse(200, periods));
      return jsonResponse(201, {
        message: 'Created 38 periods',
        created: 38,
        unchanged: 0,
        totalPeriods: 38,
      });
    });

    renderApp('/periods', { user: anAdmin() });

    await screen.findByRole('heading', { name: 'No periods yet' });
    screen.getByText('An admin imports the Premier League schedule to create the 38 matchweeks.');
    expect(screen.queryAllByTestId('period-row')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Import schedule' }));

    const result = await screen.findByText('Created 38 periods');
    expect(result.getAttribute('role')).toBe('status');
    expect(await screen.findAllByTestId('period-row')).toHaveLength(3);
    expect(screen.queryByText('No periods yet')).toBeNull();

    const imports = fake.calls.filter((call) => call.method === 'POST');
    expect(imports).toHaveLength(1);
    expect(imports[0]?.url).toBe('/api/admin/setup/periods');
    expect(imports[0]?.body).toBe('{}');
    expect(periodReads()).toHaveLength(2);
  });

  test('a failed import is reported and the empty state stays', async () => {
    fake.routes.set('GET /api/periods', () => jsonResponse(200, []));
    fake.routes.set('POST /api/admin/setup/periods', () =>
      jsonResponse(422, {
        statusCode: 422,
        code: 'SEASON_DATA_INVALID',
        message: 'Schedule file is invalid',
      }),
    );

    renderApp('/periods', { user: anAdmin() });
    fireEvent.click(await screen.findByRole('button', { name: 'Import schedule' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('422: Schedule file is invalid');
    screen.getByRole('heading', { name: 'No periods yet' });
  });

  test('a failed load shows the error message, and Retry loads again', async () => {
    // React and the router both report the (expected) loader error on the console.
    jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    fake.routes.set('GET /api/periods', () =>
      jsonResponse(500, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'Database unavailable' }),
    );

    renderApp('/periods', { user: anAdmin() });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('500: Database unavailable');
    expect(screen.queryAllByTestId('period-row')).toHaveLength(0);

    fake.routes.set('GET /api/periods', () => jsonResponse(200, periods));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findAllByTestId('period-row')).toHaveLength(3);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(periodReads()).toHaveLength(2);
  });
});
