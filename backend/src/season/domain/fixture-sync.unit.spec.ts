import { describe, expect, it } from '@jest/globals';
import { ErrorCodes } from '@treble/contracts';
import { deciderSpec } from '../../../test/support/decider-spec.js';
import { eplOptionsFor } from './period-admin.js';
import {
  decideAutoCompletePeriod,
  decideSyncFixture,
  fixtureHasResult,
  fixtureOptionIds,
  isCalledOff,
} from './fixture-sync.js';
import { evolvePeriod, initialPeriodState, type PeriodEvent, type PeriodState } from './period.js';
import type { Fixture, Team } from './season-schedule.js';

/** The provider's deciders take an update (or the finished fixtures and "now"): the command is the call. */
type Decision = (state: PeriodState) => readonly PeriodEvent[];
const spec = deciderSpec<Decision, PeriodState, PeriodEvent>({
  initialState: initialPeriodState,
  evolve: evolvePeriod,
  decide: (decision, state) => decision(state),
});

const team = (code: string): Team => ({ code, name: `${code} FC`, shortName: code });
const teams = ['ARS', 'CHE', 'LIV', 'EVE'].map(team);
const fixture = (
  home: string,
  away: string,
  kickoff: string | null,
  status: Fixture['status'] = 'SCHEDULED',
): Fixture => ({
  fixtureId: `2025-26-${home}-${away}`,
  matchweek: 5,
  home: team(home),
  away: team(away),
  kickoff,
  status,
});

const scheduled: PeriodEvent = {
  type: 'PeriodScheduled',
  data: {
    periodId: 5,
    season: '2025-26',
    name: 'Matchweek 5',
    description: null,
    segment: 'main',
    startDate: '2025-09-20T11:30:00.000Z',
    endDate: '2025-09-21T17:30:00.000Z',
    fixtures: [
      fixture('ARS', 'CHE', '2025-09-20T11:30:00.000Z'),
      fixture('LIV', 'EVE', '2025-09-21T15:30:00.000Z'),
    ],
  },
};
const activated: PeriodEvent = { type: 'PeriodActivated', data: { periodId: 5 } };
const optionsAdded = (): PeriodEvent => ({
  type: 'OptionsAdded',
  data: {
    periodId: 5,
    options: eplOptionsFor(5, [scheduled].reduce(evolvePeriod, initialPeriodState()), teams),
  },
});
/** Matchweek 5, active, with its four EPL options, then these events. */
const given = (...extra: PeriodEvent[]) => spec.given([scheduled, activated, optionsAdded(), ...extra]);

const result = (optionId: string, outcome: 'win' | 'draw' | 'loss'): PeriodEvent => ({
  type: 'ResultRecorded',
  data: { periodId: 5, optionId, outcome, points: { win: 3, draw: 1, loss: 0 }[outcome], source: 'provider' },
});
const allResults = [
  result('5-ARS', 'win'),
  result('5-CHE', 'loss'),
  result('5-LIV', 'draw'),
  result('5-EVE', 'draw'),
];
const updated = (fixtureId: string, kickoff: string | null, status: Fixture['status']): PeriodEvent => ({
  type: 'FixtureUpdated',
  data: { periodId: 5, fixtureId, kickoff, status },
});
const windowMoved = (startDate: string, endDate: string): PeriodEvent => ({
  type: 'PeriodWindowMoved',
  data: { periodId: 5, startDate, endDate },
});
const postponedLivEve = updated('2025-26-LIV-EVE', null, 'POSTPONED');

const now = new Date('2025-09-22T09:00:00Z');
const bothFinished = new Set(['2025-26-ARS-CHE', '2025-26-LIV-EVE']);

describe('decideSyncFixture', () => {
  const moveArsChe = {
    fixtureId: '2025-26-ARS-CHE',
    kickoff: '2025-09-21T19:00:00Z',
    status: 'SCHEDULED' as const,
  };

  it('records a moved kickoff, and then nothing when it comes again', () => {
    const moved = given()
      .when((state) => decideSyncFixture(state, moveArsChe))
      .then([
        updated('2025-26-ARS-CHE', '2025-09-21T19:00:00.000Z', 'SCHEDULED'),
        // The matchweek now starts with LIV v EVE (Sunday 15:30) and ends two hours after the moved match.
        windowMoved('2025-09-21T15:30:00.000Z', '2025-09-21T21:00:00.000Z'),
      ]);
    expect(moved).toMatchObject({
      startDate: '2025-09-21T15:30:00.000Z',
      endDate: '2025-09-21T21:00:00.000Z',
    });
    expect(moved.options.get('5-ARS')?.fixture?.kickoff).toBe('2025-09-21T19:00:00.000Z');
    expect(moved.options.get('5-CHE')?.fixture?.kickoff).toBe('2025-09-21T19:00:00.000Z');
    given(
      updated('2025-26-ARS-CHE', '2025-09-21T19:00:00.000Z', 'SCHEDULED'),
      windowMoved('2025-09-21T15:30:00.000Z', '2025-09-21T21:00:00.000Z'),
    )
      .when((state) => decideSyncFixture(state, moveArsChe))
      .thenNothing();
  });

  it('moves the end of the window with the last kickoff, and its start past a match called off on its date', () => {
    given()
      .when((state) =>
        decideSyncFixture(state, {
          fixtureId: '2025-26-LIV-EVE',
          kickoff: '2025-09-21T14:00:00Z',
          status: 'SCHEDULED',
        }),
      )
      .then([
        updated('2025-26-LIV-EVE', '2025-09-21T14:00:00.000Z', 'SCHEDULED'),
        windowMoved('2025-09-20T11:30:00.000Z', '2025-09-21T16:00:00.000Z'),
      ]);
    given()
      .when((state) =>
        decideSyncFixture(state, {
          fixtureId: '2025-26-ARS-CHE',
          kickoff: '2025-09-20T11:30:00Z',
          status: 'POSTPONED',
        }),
      )
      .then([
        updated('2025-26-ARS-CHE', '2025-09-20T11:30:00.000Z', 'POSTPONED'),
        windowMoved('2025-09-21T15:30:00.000Z', '2025-09-21T17:30:00.000Z'),
      ]);
  });

  it('treats the same instant written differently as unchanged, and refuses a kickoff that is no date', () => {
    given()
      .when((state) =>
        decideSyncFixture(state, {
          fixtureId: '2025-26-ARS-CHE',
          kickoff: '2025-09-20T12:30:00+01:00',
          status: 'SCHEDULED',
        }),
      )
      .thenNothing();
    given()
      .when((state) =>
        decideSyncFixture(state, { fixtureId: '2025-26-ARS-CHE', kickoff: 'soon', status: 'SCHEDULED' }),
      )
      .thenRefused(ErrorCodes.VALIDATION_FAILED, 'kickoff: "soon" is not a date-time');
  });

  it('records a postponement without a date, and the window shrinks to the matches still going ahead', () => {
    const state = given()
      .when((s) => decideSyncFixture(s, { fixtureId: '2025-26-LIV-EVE', kickoff: null, status: 'POSTPONED' }))
      .then([postponedLivEve, windowMoved('2025-09-20T11:30:00.000Z', '2025-09-20T13:30:00.000Z')]);
    expect(state.options.get('5-LIV')?.fixture).toMatchObject({ kickoff: null, status: 'POSTPONED' });
  });

  it('stretches the window to a rescheduled match weeks later: it stays in its own matchweek', () => {
    given(postponedLivEve, windowMoved('2025-09-20T11:30:00.000Z', '2025-09-20T13:30:00.000Z'))
      .when((state) =>
        decideSyncFixture(state, {
          fixtureId: '2025-26-LIV-EVE',
          kickoff: '2025-10-29T19:30:00Z',
          status: 'SCHEDULED',
        }),
      )
      .then([
        updated('2025-26-LIV-EVE', '2025-10-29T19:30:00.000Z', 'SCHEDULED'),
        windowMoved('2025-09-20T11:30:00.000Z', '2025-10-29T21:30:00.000Z'),
      ]);
  });

  it('keeps the window when an off match changes status, and when every fixture is off', () => {
    const shrunk = windowMoved('2025-09-20T11:30:00.000Z', '2025-09-20T13:30:00.000Z');
    given(postponedLivEve, shrunk)
      .when((state) =>
        decideSyncFixture(state, { fixtureId: '2025-26-LIV-EVE', kickoff: null, status: 'CANCELLED' }),
      )
      .then([updated('2025-26-LIV-EVE', null, 'CANCELLED')]);
    given(postponedLivEve, shrunk)
      .when((state) =>
        decideSyncFixture(state, { fixtureId: '2025-26-ARS-CHE', kickoff: null, status: 'CANCELLED' }),
      )
      .then([updated('2025-26-ARS-CHE', null, 'CANCELLED')]);
  });

  it('moves the lock of custom options with the period start', () => {
    const custom = {
      optionId: '5-c1',
      periodId: 5,
      teamKey: 'wildcard',
      name: 'Wildcard',
      shortName: null,
      description: null,
      sortOrder: 21,
      fixture: null,
    };
    const moved = given({ type: 'OptionsAdded', data: { periodId: 5, options: [custom] } })
      .when((state) => decideSyncFixture(state, moveArsChe))
      .then([
        updated('2025-26-ARS-CHE', '2025-09-21T19:00:00.000Z', 'SCHEDULED'),
        windowMoved('2025-09-21T15:30:00.000Z', '2025-09-21T21:00:00.000Z'),
      ]);
    expect(moved.startDate).toBe('2025-09-21T15:30:00.000Z');
  });

  it('never moves a fixture into another period: one that is not in this period decides nothing', () => {
    given()
      .when((state) =>
        decideSyncFixture(state, {
          fixtureId: '2025-26-ARS-LIV',
          kickoff: '2025-09-21T19:00:00Z',
          status: 'SCHEDULED',
        }),
      )
      .thenNothing();
    spec
      .given([])
      .when((state) =>
        decideSyncFixture(state, { fixtureId: '2025-26-ARS-CHE', kickoff: null, status: 'POSTPONED' }),
      )
      .thenNothing();
  });

  it('knows a called-off fixture from one that was already off', () => {
    expect(isCalledOff('SCHEDULED', 'POSTPONED')).toBe(true);
    expect(isCalledOff('SCHEDULED', 'CANCELLED')).toBe(true);
    expect(isCalledOff('SCHEDULED', 'SCHEDULED')).toBe(false);
    expect(isCalledOff('POSTPONED', 'CANCELLED')).toBe(false);
    expect(isCalledOff('POSTPONED', 'SCHEDULED')).toBe(false);
  });

  it('names the two options a fixture stands behind', () => {
    expect(fixtureOptionIds(5, fixture('ARS', 'CHE', null))).toEqual({ home: '5-ARS', away: '5-CHE' });
  });
});

describe('decideAutoCompletePeriod', () => {
  const complete = (finished: ReadonlySet<string>) => (state: PeriodState) =>
    decideAutoCompletePeriod(state, finished, now);

  it('completes the period (not manually) when every fixture finished with results on both options', () => {
    given(...allResults)
      .when(complete(bothFinished))
      .then([
        {
          type: 'PeriodCompleted',
          data: { periodId: 5, manual: false, completedAt: '2025-09-22T09:00:00.000Z' },
        },
      ]);
  });

  it('waits while a fixture is not reported finished, or one of its options has no result', () => {
    given(...allResults)
      .when(complete(new Set(['2025-26-ARS-CHE'])))
      .thenNothing();
    const [ars, che, liv] = allResults;
    const threeResults = given(ars!, che!, liv!);
    expect(fixtureHasResult(threeResults.state, threeResults.state.fixtures.get('2025-26-LIV-EVE')!)).toBe(
      false,
    );
    expect(fixtureHasResult(threeResults.state, threeResults.state.fixtures.get('2025-26-ARS-CHE')!)).toBe(
      true,
    );
    threeResults.when(complete(bothFinished)).thenNothing();
    given(ars!, liv!, allResults[3]!).when(complete(bothFinished)).thenNothing();
  });

  it('counts a result held while the period is completed as a result of the fixture', () => {
    const held: PeriodEvent = {
      type: 'ResultHeldPending',
      data: { periodId: 5, optionId: '5-EVE', outcome: 'draw', points: 1, source: 'admin' },
    };
    const state = given(allResults[2]!, held).state;
    expect(fixtureHasResult(state, state.fixtures.get('2025-26-LIV-EVE')!)).toBe(true);
    expect(fixtureHasResult(initialPeriodState(), fixture('LIV', 'EVE', null))).toBe(false);
  });

  it('never completes a period with a postponed or cancelled fixture', () => {
    for (const status of ['POSTPONED', 'CANCELLED'] as const) {
      given(updated('2025-26-LIV-EVE', null, status), ...allResults)
        .when(complete(bothFinished))
        .thenNothing();
    }
  });

  it('leaves completed, inactive, unscheduled and fixture-less periods alone', () => {
    given(...allResults, {
      type: 'PeriodCompleted',
      data: { periodId: 5, manual: true, completedAt: now.toISOString() },
    })
      .when(complete(bothFinished))
      .thenNothing();
    given(...allResults, { type: 'PeriodDeactivated', data: { periodId: 5 } })
      .when(complete(bothFinished))
      .thenNothing();
    spec.given([]).when(complete(bothFinished)).thenNothing();
    spec
      .given([
        { ...scheduled, data: { ...(scheduled.data as object), fixtures: [] } } as unknown as PeriodEvent,
        activated,
      ])
      .when(complete(bothFinished))
      .thenNothing();
  });
});
