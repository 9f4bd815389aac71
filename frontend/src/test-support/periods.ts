import type { Option, Period } from '@treble/contracts';
import { jsonResponse } from './fake-fetch';

export function aPeriod(overrides: Partial<Period> & Pick<Period, 'id'>): Period {
  return {
    name: `Matchweek ${overrides.id}`,
    description: null,
    segment: overrides.id >= 29 ? 'last10' : 'main',
    startDate: '2025-08-15T19:00:00.000Z',
    endDate: '2025-08-18T21:00:00.000Z',
    isActive: false,
    isCompleted: false,
    isManuallyCompleted: false,
    completedAt: null,
    ...overrides,
  };
}

/**
 * The routes of the Picks page on matchweek 5, the current and only open period, with `options()`
 * as its options (what the Picks page specs start from).
 */
export function picksPageRoutes(options: () => Option[]) {
  return {
    'GET /api/periods/current': () => jsonResponse(200, aPeriod({ id: 5, isActive: true })),
    'GET /api/periods': () =>
      jsonResponse(200, [aPeriod({ id: 5, isActive: true, endDate: '2099-01-08T00:00:00.000Z' })]),
    'GET /api/periods/5/pick-grid': () =>
      jsonResponse(200, { periodId: 5, lockedOptions: 0, totalOptions: 0, rows: [] }),
    'GET /api/periods/5/options': () => jsonResponse(200, options()),
    'GET /api/choices/period/5': () => jsonResponse(200, []),
    'GET /api/user/stats': () => jsonResponse(200, null),
  };
}
