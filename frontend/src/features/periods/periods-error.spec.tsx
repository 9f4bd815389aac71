import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
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

describe('period management: loading the periods', () => {
  test('a failed load shows the error message, and Retry loads again', async () => {
    // React and the router both report the (expected) loader error on the console.
    jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    fake.routes.set('GET /api/periods', () =>
      jsonResponse(500, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'Database unavailable' }),
    );

    renderApp('/period-management', { user: anAdmin() });

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
