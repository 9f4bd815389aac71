import type { Period } from '@treble/contracts';

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
