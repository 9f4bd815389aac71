import { describe, it } from '@jest/globals';
import { deciderSpec } from '../../../test/support/decider-spec.js';
import {
  decideSchedulePeriod,
  evolvePeriod,
  initialPeriodState,
  type PeriodEvent,
  type PeriodState,
  type SchedulePeriod,
} from './period.js';
import type { Fixture, Matchweek } from './season-schedule.js';

const spec = deciderSpec<SchedulePeriod, PeriodState, PeriodEvent, Date>({
  initialState: initialPeriodState,
  evolve: evolvePeriod,
  decide: decideSchedulePeriod,
});

const fixture: Fixture = {
  fixtureId: '2025-26-ARS-CHE',
  matchweek: 12,
  home: { code: 'ARS', name: 'Arsenal FC', shortName: 'Arsenal' },
  away: { code: 'CHE', name: 'Chelsea FC', shortName: 'Chelsea' },
  kickoff: '2025-11-22T12:30:00.000Z',
  status: 'SCHEDULED',
};
const matchweek: Matchweek = {
  number: 12,
  segment: 'main',
  startDate: '2025-11-22T12:30:00.000Z',
  endDate: '2025-11-24T22:00:00.000Z',
  fixtures: [fixture],
};
const schedule: SchedulePeriod = { type: 'SchedulePeriod', season: '2025-26', matchweek };
const scheduled: PeriodEvent = {
  type: 'PeriodScheduled',
  data: {
    periodId: 12,
    season: '2025-26',
    name: 'Matchweek 12',
    description: 'Premier League 2025/26 · 1 fixtures',
    segment: 'main',
    startDate: matchweek.startDate,
    endDate: matchweek.endDate,
    fixtures: [fixture],
  },
};
const activated: PeriodEvent = { type: 'PeriodActivated', data: { periodId: 12 } };

describe('scheduling a period', () => {
  it('schedules a matchweek that has not ended and activates it so players can plan ahead', () => {
    spec.given([]).when(schedule, new Date('2025-11-01T00:00:00Z')).then([scheduled, activated]);
  });

  it('schedules an ended matchweek without activating it, including one that ends exactly now', () => {
    spec.given([]).when(schedule, new Date('2025-12-01T00:00:00Z')).then([scheduled]);
    spec.given([]).when(schedule, new Date(matchweek.endDate)).then([scheduled]);
    spec
      .given([])
      .when(schedule, new Date(Date.parse(matchweek.endDate) - 1))
      .then([scheduled, activated]);
  });

  it('decides nothing for a period that is already scheduled (the import is idempotent)', () => {
    spec.given([scheduled]).when(schedule, new Date('2025-11-01T00:00:00Z')).thenNothing();
  });
});
