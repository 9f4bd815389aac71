import { describe, expect, it } from '@jest/globals';
import { defaultRules, ErrorCodes } from '@treble/contracts';
import { deciderSpec } from '../../../test/support/decider-spec.js';
import {
  decideCompletePeriod,
  decideDeleteResultInPeriod,
  decideReopenPeriod,
  eplOptionsFor,
  optionView,
} from './period-admin.js';
import {
  decideSchedulePeriod,
  evolvePeriod,
  initialPeriodState,
  type PeriodEvent,
  type PeriodState,
} from './period.js';
import type { Fixture, Matchweek } from './season-schedule.js';

/** The command is the matchweek to schedule, in the 2025-26 season. */
const spec = deciderSpec<Matchweek, PeriodState, PeriodEvent, Date>({
  initialState: initialPeriodState,
  evolve: evolvePeriod,
  decide: (matchweek, state, now) => decideSchedulePeriod('2025-26', matchweek, state, now),
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
const schedule = matchweek;
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

describe('what the period keeps of its later events', () => {
  /** The admin's decisions on the period take more than the state: the command is the call. */
  type Decision = (state: PeriodState) => readonly PeriodEvent[];
  const admin = deciderSpec<Decision, PeriodState, PeriodEvent>({
    initialState: initialPeriodState,
    evolve: evolvePeriod,
    decide: (decision, state) => decision(state),
  });
  const now = new Date('2025-11-25T12:00:00Z');
  const options: PeriodEvent = {
    type: 'OptionsAdded',
    data: {
      periodId: 12,
      options: eplOptionsFor(12, [scheduled].reduce(evolvePeriod, initialPeriodState()), [
        fixture.home,
        fixture.away,
      ]),
    },
  };
  const completed: PeriodEvent = {
    type: 'PeriodCompleted',
    data: { periodId: 12, manual: true, completedAt: now.toISOString() },
  };
  const recorded: PeriodEvent = {
    type: 'ResultRecorded',
    data: { periodId: 12, optionId: '12-ARS', outcome: 'win', points: 3, source: 'admin' },
  };

  it('is open again after a reopening: it can be completed, and not reopened twice', () => {
    const history = [
      scheduled,
      activated,
      completed,
      { type: 'PeriodReopened', data: { periodId: 12 } } as PeriodEvent,
    ];
    admin
      .given(history)
      .when((state) => decideCompletePeriod(12, state, now, true))
      .then([completed]);
    admin
      .given(history)
      .when((state) => decideReopenPeriod(12, state, defaultRules))
      .thenRefused(ErrorCodes.PERIOD_NOT_REOPENABLE);
  });

  it('has no result for an option once its result is deleted', () => {
    const deleted: PeriodEvent = { type: 'ResultDeleted', data: { periodId: 12, optionId: '12-ARS' } };
    const state = admin.given([scheduled, activated, options, recorded, deleted]).state;
    expect(optionView(state, '12-ARS')).toMatchObject({ hasResult: false });
    expect(optionView(state, '12-CHE')).toMatchObject({ hasResult: false });
    admin
      .given([scheduled, activated, options, recorded, deleted])
      .when((s) => decideDeleteResultInPeriod(12, s, '12-ARS', defaultRules))
      .thenRefused(ErrorCodes.RESULT_NOT_FOUND);
  });

  it('ignores an update of a fixture it does not have', () => {
    const unknown: PeriodEvent = {
      type: 'FixtureUpdated',
      data: { periodId: 12, fixtureId: '2025-26-LIV-EVE', kickoff: null, status: 'POSTPONED' },
    };
    const before = admin.given([scheduled, activated, options]).state;
    const after = admin.given([scheduled, activated, options, unknown]).state;
    expect(after).toEqual(before);
    expect(optionView(after, '12-ARS')).toMatchObject({
      status: 'available',
      lockAt: new Date(fixture.kickoff!),
    });
  });
});
