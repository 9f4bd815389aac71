import { describe, expect, it } from '@jest/globals';
import { defaultRules, ErrorCodes } from '@treble/contracts';
import { deciderSpec } from '../../../test/support/decider-spec.js';
import {
  decideAddEplOptions,
  decideCompletePeriod,
  decideCreateOption,
  decideDeleteResultInPeriod,
  decideRecordResultInPeriod,
  decideReopenPeriod,
  decideReplaceWithEpl,
  decideSetActive,
  eplOptionsFor,
  optionIdFor,
  optionsWithoutResult,
  optionView,
  periodOfOption,
} from './period-admin.js';
import {
  evolvePeriod,
  initialPeriodState,
  type OptionDefinition,
  type PeriodEvent,
  type PeriodState,
} from './period.js';
import type { Fixture, Team } from './season-schedule.js';

const ars: Team = { code: 'ARS', name: 'Arsenal FC', shortName: 'Arsenal' };
const che: Team = { code: 'CHE', name: 'Chelsea FC', shortName: 'Chelsea' };
const liv: Team = { code: 'LIV', name: 'Liverpool FC', shortName: 'Liverpool' };
const teams = [liv, che, ars];
const fixture: Fixture = {
  fixtureId: '2025-26-ARS-CHE',
  matchweek: 5,
  home: ars,
  away: che,
  kickoff: '2025-09-20T14:00:00.000Z',
  status: 'SCHEDULED',
};

const scheduled: PeriodEvent = {
  type: 'PeriodScheduled',
  data: {
    periodId: 5,
    season: '2025-26',
    name: 'Matchweek 5',
    description: null,
    segment: 'main',
    startDate: '2025-09-20T11:30:00.000Z',
    endDate: '2025-09-22T21:00:00.000Z',
    fixtures: [fixture],
  },
};
const activated: PeriodEvent = { type: 'PeriodActivated', data: { periodId: 5 } };
const now = new Date('2025-09-19T12:00:00Z');
const after = new Date('2025-09-23T12:00:00Z');
const completedManually: PeriodEvent = {
  type: 'PeriodCompleted',
  data: { periodId: 5, manual: true, completedAt: now.toISOString() },
};

/** The admin's period decisions take the period id and inputs besides the state: the command is the call. */
type Decision = (state: PeriodState) => readonly PeriodEvent[];
const spec = deciderSpec<Decision, PeriodState, PeriodEvent>({
  initialState: initialPeriodState,
  evolve: evolvePeriod,
  decide: (decision, state) => decision(state),
});

const fold = (...events: PeriodEvent[]) => events.reduce(evolvePeriod, initialPeriodState());
const eplOptions = (): PeriodEvent[] => decideAddEplOptions(5, fold(scheduled, activated), teams);
/** A scheduled, active period 5 with its three EPL options, then these events. */
const withOptions = (...events: PeriodEvent[]) =>
  spec.given([scheduled, activated, ...eplOptions(), ...events]);

const option = (
  team: Team,
  sortOrder: number,
  overrides: Partial<OptionDefinition> = {},
): OptionDefinition => ({
  optionId: `5-${team.code}`,
  periodId: 5,
  teamKey: team.code,
  name: team.name,
  shortName: team.shortName,
  description: null,
  sortOrder,
  fixture: null,
  ...overrides,
});
const custom = (
  n: number,
  name: string,
  sortOrder: number,
  description: string | null = null,
): OptionDefinition => ({
  optionId: `5-c${n}`,
  periodId: 5,
  teamKey: name.toLowerCase(),
  name,
  shortName: null,
  description,
  sortOrder,
  fixture: null,
});
const arsOption = option(ars, 1, {
  description: 'vs Chelsea',
  fixture: {
    fixtureId: fixture.fixtureId,
    opponent: 'Chelsea FC',
    opponentCode: 'CHE',
    isHome: true,
    kickoff: fixture.kickoff,
    status: 'SCHEDULED',
  },
});
const cheOption = option(che, 2, {
  description: 'at Arsenal',
  fixture: {
    fixtureId: fixture.fixtureId,
    opponent: 'Arsenal FC',
    opponentCode: 'ARS',
    isHome: false,
    kickoff: fixture.kickoff,
    status: 'SCHEDULED',
  },
});
const livOption = option(liv, 3);

describe('EPL options of a period', () => {
  it('gives each team an option with its fixture of the matchweek, home or away, sorted by name', () => {
    spec
      .given([scheduled])
      .when((state) => decideAddEplOptions(5, state, teams))
      .then([{ type: 'OptionsAdded', data: { periodId: 5, options: [arsOption, cheOption, livOption] } }]);
  });

  it('adds only the teams the period does not have yet, and nothing the second time', () => {
    const partial: PeriodEvent = { type: 'OptionsAdded', data: { periodId: 5, options: [cheOption] } };
    spec
      .given([scheduled, partial])
      .when((state) => decideAddEplOptions(5, state, teams))
      .then([{ type: 'OptionsAdded', data: { periodId: 5, options: [arsOption, livOption] } }]);
    withOptions()
      .when((state) => decideAddEplOptions(5, state, teams))
      .thenNothing();
  });

  it('replacing with EPL removes every option (and with them their results) first', () => {
    const created = withOptions().when((state) =>
      decideCreateOption(5, state, { name: 'Draw specialists', description: null, sortOrder: 9 }),
    );
    const state = created.then([
      { type: 'OptionsAdded', data: { periodId: 5, options: [custom(1, 'Draw specialists', 9)] } },
    ]);
    expect([...state.options.keys()]).toEqual(['5-ARS', '5-CHE', '5-LIV', '5-c1']);
    withOptions({ type: 'OptionsAdded', data: { periodId: 5, options: [custom(1, 'Draw specialists', 9)] } })
      .when((s) => decideReplaceWithEpl(5, s, teams))
      .then([
        { type: 'OptionsRemoved', data: { periodId: 5, optionIds: ['5-ARS', '5-CHE', '5-LIV', '5-c1'] } },
        { type: 'OptionsAdded', data: { periodId: 5, options: [arsOption, cheOption, livOption] } },
      ]);
  });

  it('replacing a period without options only adds the EPL options', () => {
    spec
      .given([scheduled])
      .when((state) => decideReplaceWithEpl(5, state, teams))
      .then([{ type: 'OptionsAdded', data: { periodId: 5, options: [arsOption, cheOption, livOption] } }]);
  });

  it('refuses options for a missing or completed period, saying which', () => {
    spec
      .given([])
      .when((state) => decideAddEplOptions(6, state, teams))
      .thenRefused(ErrorCodes.PERIOD_NOT_FOUND, 'Period 6 does not exist.');
    spec
      .given([])
      .when((state) => decideReplaceWithEpl(6, state, teams))
      .thenRefused(ErrorCodes.PERIOD_NOT_FOUND);
    withOptions(completedManually)
      .when((state) => decideReplaceWithEpl(5, state, teams))
      .thenRefused(ErrorCodes.PERIOD_COMPLETED, 'Period 5 is completed; reopen it first.');
    withOptions(completedManually)
      .when((state) => decideAddEplOptions(5, state, teams))
      .thenRefused(ErrorCodes.PERIOD_COMPLETED);
  });

  it('makes option ids from the period and the key, and reads the period back from an id', () => {
    expect(optionIdFor(12, 'ARS')).toBe('12-ARS');
    expect(periodOfOption('12-ARS')).toBe(12);
    expect(periodOfOption('7-c3')).toBe(7);
    expect(periodOfOption('ARS')).toBeNull();
    expect(periodOfOption('1234-ARS')).toBeNull();
    expect(periodOfOption('x12-ARS')).toBeNull();
    expect(periodOfOption('12-ARS-x')).toBeNull();
    expect(periodOfOption('12-')).toBeNull();
    expect(periodOfOption('1-; DROP TABLE')).toBeNull();
  });

  it('gives a team without a fixture in the matchweek an option without one', () => {
    expect(eplOptionsFor(5, fold(scheduled), [liv])).toEqual([{ ...livOption, sortOrder: 1 }]);
  });
});

describe('custom options', () => {
  it('numbers custom options per period after the highest number, keyed by the trimmed name', () => {
    withOptions()
      .when((state) => decideCreateOption(5, state, { name: ' Underdogs ', description: ' ', sortOrder: 4 }))
      .then([{ type: 'OptionsAdded', data: { periodId: 5, options: [custom(1, 'Underdogs', 4)] } }]);
    withOptions({
      type: 'OptionsAdded',
      data: { periodId: 5, options: [custom(1, 'Underdogs', 4), custom(7, 'Favourites', 5)] },
    })
      .when((state) =>
        decideCreateOption(5, state, { name: 'Outsiders', description: ' long shots ', sortOrder: 6 }),
      )
      .then([
        { type: 'OptionsAdded', data: { periodId: 5, options: [custom(8, 'Outsiders', 6, 'long shots')] } },
      ]);
    // Past nine: the number is read whole.
    withOptions({ type: 'OptionsAdded', data: { periodId: 5, options: [custom(12, 'Favourites', 5)] } })
      .when((state) => decideCreateOption(5, state, { name: 'Outsiders', description: null, sortOrder: 6 }))
      .then([{ type: 'OptionsAdded', data: { periodId: 5, options: [custom(13, 'Outsiders', 6)] } }]);
  });

  it('refuses a name the period already has (in any case), a blank name, and a completed or missing period', () => {
    withOptions({ type: 'OptionsAdded', data: { periodId: 5, options: [custom(1, 'Underdogs', 4)] } })
      .when((state) => decideCreateOption(5, state, { name: 'UNDERDOGS', description: null, sortOrder: 1 }))
      .thenRefused(ErrorCodes.OPTION_EXISTS, 'Period 5 already has an option "UNDERDOGS".');
    // The key is the name, not the team name: an EPL option's name does not block a custom one.
    withOptions()
      .when((state) => decideCreateOption(5, state, { name: 'arsenal fc', description: null, sortOrder: 1 }))
      .then([{ type: 'OptionsAdded', data: { periodId: 5, options: [custom(1, 'arsenal fc', 1)] } }]);
    withOptions()
      .when((state) => decideCreateOption(5, state, { name: '  ', description: null, sortOrder: 1 }))
      .thenRefused(ErrorCodes.VALIDATION_FAILED, 'name: Name is required');
    withOptions(completedManually)
      .when((state) => decideCreateOption(5, state, { name: 'Late', description: null, sortOrder: 1 }))
      .thenRefused(ErrorCodes.PERIOD_COMPLETED);
    spec
      .given([])
      .when((state) => decideCreateOption(5, state, { name: 'Late', description: null, sortOrder: 1 }))
      .thenRefused(ErrorCodes.PERIOD_NOT_FOUND);
  });

  it('refuses a custom option named like an EPL option’s team key', () => {
    withOptions()
      .when((state) => decideCreateOption(5, state, { name: 'ars', description: null, sortOrder: 1 }))
      .thenRefused(ErrorCodes.OPTION_EXISTS, 'Period 5 already has an option "ars".');
  });

  it('locks a custom option at the period start; an EPL option at its kickoff', () => {
    const state = withOptions({
      type: 'OptionsAdded',
      data: { periodId: 5, options: [custom(1, 'Underdogs', 4)] },
    }).state;
    expect(optionView(state, '5-c1')).toEqual({
      id: '5-c1',
      periodId: 5,
      teamKey: 'underdogs',
      teamName: 'Underdogs',
      lockAt: new Date('2025-09-20T11:30:00.000Z'),
      status: 'available',
      hasResult: false,
    });
    expect(optionView(state, '5-ARS')).toMatchObject({
      teamName: 'Arsenal FC',
      lockAt: new Date('2025-09-20T14:00:00.000Z'),
      status: 'available',
    });
    expect(optionView(state, '5-ZZZ')).toBeNull();
    expect(
      optionView(fold({ type: 'OptionsAdded', data: { periodId: 5, options: [livOption] } }), '5-LIV'),
    ).toBeNull();
  });

  it('makes an option unavailable when its fixture is postponed or cancelled', () => {
    const postponed = withOptions({
      type: 'FixtureUpdated',
      data: { periodId: 5, fixtureId: fixture.fixtureId, kickoff: null, status: 'POSTPONED' },
    }).state;
    expect(optionView(postponed, '5-ARS')).toMatchObject({ status: 'postponed', lockAt: null });
    expect(optionView(postponed, '5-CHE')!.status).toBe('postponed');
    const cancelled = withOptions({
      type: 'FixtureUpdated',
      data: { periodId: 5, fixtureId: fixture.fixtureId, kickoff: null, status: 'CANCELLED' },
    }).state;
    expect(optionView(cancelled, '5-ARS')).toMatchObject({ status: 'cancelled', lockAt: null });
  });
});

describe('period lifecycle', () => {
  it('activates and deactivates, deciding nothing when already so', () => {
    spec
      .given([scheduled])
      .when((state) => decideSetActive(5, state, true))
      .then([activated]);
    spec
      .given([scheduled, activated])
      .when((state) => decideSetActive(5, state, true))
      .thenNothing();
    spec
      .given([scheduled, activated])
      .when((state) => decideSetActive(5, state, false))
      .then([{ type: 'PeriodDeactivated', data: { periodId: 5 } }]);
    spec
      .given([scheduled])
      .when((state) => decideSetActive(5, state, false))
      .thenNothing();
    spec
      .given([])
      .when((state) => decideSetActive(5, state, true))
      .thenRefused(ErrorCodes.PERIOD_NOT_FOUND);
  });

  it('completes only an active period that is not completed', () => {
    const done = spec
      .given([scheduled, activated])
      .when((state) => decideCompletePeriod(5, state, after))
      .then([
        { type: 'PeriodCompleted', data: { periodId: 5, manual: true, completedAt: after.toISOString() } },
      ]);
    expect(done).toMatchObject({ isCompleted: true, isManuallyCompleted: true });
    spec
      .given([scheduled])
      .when((state) => decideCompletePeriod(5, state, after))
      .thenRefused(
        ErrorCodes.PERIOD_NOT_ACTIVE,
        'Only an active period can be completed; period 5 is not active.',
      );
    spec
      .given([scheduled, activated, completedManually])
      .when((state) => decideCompletePeriod(5, state, after))
      .thenRefused(ErrorCodes.PERIOD_ALREADY_COMPLETED, 'Period 5 is already completed.');
    spec
      .given([])
      .when((state) => decideCompletePeriod(5, state, after))
      .thenRefused(ErrorCodes.PERIOD_NOT_FOUND);
  });

  it('refuses to complete before the matchweek started or with results missing, listing them, unless forced', () => {
    const early = withOptions()
      .when((state) => decideCompletePeriod(5, state, now))
      .thenRefused(
        ErrorCodes.PERIOD_NOT_READY,
        'Matchweek 5 has not started yet (first kickoff 2025-09-20T11:30:00.000Z); 3 options have no result: Arsenal FC, Chelsea FC, Liverpool FC. Send "force": true to complete it anyway.',
      );
    expect(early.details).toEqual({
      notStarted: true,
      startDate: '2025-09-20T11:30:00.000Z',
      optionsWithoutResult: [
        { id: '5-ARS', name: 'Arsenal FC' },
        { id: '5-CHE', name: 'Chelsea FC' },
        { id: '5-LIV', name: 'Liverpool FC' },
      ],
    });
    const arsWin: PeriodEvent = {
      type: 'ResultRecorded',
      data: { periodId: 5, optionId: '5-ARS', outcome: 'win', points: 3, source: 'admin' },
    };
    const cheHeld: PeriodEvent = {
      type: 'ResultHeldPending',
      data: { periodId: 5, optionId: '5-CHE', outcome: 'loss', points: 0, source: 'admin' },
    };
    const missing = withOptions(arsWin, cheHeld)
      .when((state) => decideCompletePeriod(5, state, after))
      .thenRefused(
        ErrorCodes.PERIOD_NOT_READY,
        '1 option has no result: Liverpool FC. Send "force": true to complete it anyway.',
      );
    expect(missing.details).toEqual({
      notStarted: false,
      startDate: '2025-09-20T11:30:00.000Z',
      optionsWithoutResult: [{ id: '5-LIV', name: 'Liverpool FC' }],
    });
    withOptions(arsWin)
      .when((state) => decideCompletePeriod(5, state, after))
      .thenRefused(
        ErrorCodes.PERIOD_NOT_READY,
        '2 options have no result: Chelsea FC, Liverpool FC. Send "force": true to complete it anyway.',
      );
    withOptions(arsWin)
      .when((state) => decideCompletePeriod(5, state, now, true))
      .then([
        { type: 'PeriodCompleted', data: { periodId: 5, manual: true, completedAt: now.toISOString() } },
      ]);
  });

  it('completes a period whose options all have results once its first kickoff has come', () => {
    const start = new Date('2025-09-20T11:30:00.000Z');
    spec
      .given([scheduled, activated])
      .when((state) => decideCompletePeriod(5, state, start))
      .then([
        { type: 'PeriodCompleted', data: { periodId: 5, manual: true, completedAt: start.toISOString() } },
      ]);
    spec
      .given([scheduled, activated])
      .when((state) => decideCompletePeriod(5, state, new Date(start.getTime() - 1)))
      .thenRefused(
        ErrorCodes.PERIOD_NOT_READY,
        'Matchweek 5 has not started yet (first kickoff 2025-09-20T11:30:00.000Z). Send "force": true to complete it anyway.',
      );
  });

  it('lists the options without a result in their order, then by name', () => {
    const state = fold(scheduled, {
      type: 'OptionsAdded',
      data: { periodId: 5, options: [custom(1, 'Zebras', 2), custom(2, 'Ants', 2), custom(3, 'Moles', 1)] },
    });
    expect(optionsWithoutResult(state)).toEqual([
      { id: '5-c3', name: 'Moles' },
      { id: '5-c2', name: 'Ants' },
      { id: '5-c1', name: 'Zebras' },
    ]);
  });

  it('reopens only a manually completed period, applying the results held meanwhile', () => {
    const held = withOptions(completedManually)
      .when((state) =>
        decideRecordResultInPeriod(
          5,
          state,
          { optionId: '5-ARS', outcome: 'win', source: 'admin' },
          defaultRules,
        ),
      )
      .then([
        {
          type: 'ResultHeldPending',
          data: { periodId: 5, optionId: '5-ARS', outcome: 'win', points: 3, source: 'admin' },
        },
      ]);
    expect(held.results.pending.has('5-ARS')).toBe(true);
    withOptions(completedManually, {
      type: 'ResultHeldPending',
      data: { periodId: 5, optionId: '5-ARS', outcome: 'win', points: 3, source: 'admin' },
    })
      .when((state) => decideReopenPeriod(5, state, defaultRules))
      .then([
        { type: 'PeriodReopened', data: { periodId: 5 } },
        {
          type: 'ResultRecorded',
          data: { periodId: 5, optionId: '5-ARS', outcome: 'win', points: 3, source: 'admin' },
        },
      ]);
    const auto: PeriodEvent = {
      type: 'PeriodCompleted',
      data: { periodId: 5, manual: false, completedAt: now.toISOString() },
    };
    withOptions(auto)
      .when((state) => decideReopenPeriod(5, state, defaultRules))
      .thenRefused(ErrorCodes.PERIOD_NOT_REOPENABLE, 'Only a manually completed period can be reopened.');
    withOptions()
      .when((state) => decideReopenPeriod(5, state, defaultRules))
      .thenRefused(ErrorCodes.PERIOD_NOT_REOPENABLE);
    spec
      .given([])
      .when((state) => decideReopenPeriod(5, state, defaultRules))
      .thenRefused(ErrorCodes.PERIOD_NOT_FOUND);
  });
});

describe('results of a period', () => {
  it('records a result for an option of the period and refuses unknown options', () => {
    withOptions()
      .when((state) =>
        decideRecordResultInPeriod(
          5,
          state,
          { optionId: '5-CHE', outcome: 'draw', points: 1, source: 'admin' },
          defaultRules,
        ),
      )
      .then([
        {
          type: 'ResultRecorded',
          data: { periodId: 5, optionId: '5-CHE', outcome: 'draw', points: 1, source: 'admin' },
        },
      ]);
    withOptions()
      .when((state) =>
        decideRecordResultInPeriod(
          5,
          state,
          { optionId: '5-XXX', outcome: 'win', source: 'admin' },
          defaultRules,
        ),
      )
      .thenRefused(ErrorCodes.OPTION_NOT_FOUND, 'Option 5-XXX does not exist.');
    withOptions()
      .when((state) =>
        decideRecordResultInPeriod(
          5,
          state,
          { optionId: '5-ARS', outcome: 'win', points: 1, source: 'admin' },
          defaultRules,
        ),
      )
      .thenRefused(ErrorCodes.RESULT_POINTS_MISMATCH);
    spec
      .given([])
      .when((state) =>
        decideRecordResultInPeriod(
          5,
          state,
          { optionId: '5-ARS', outcome: 'win', source: 'admin' },
          defaultRules,
        ),
      )
      .thenRefused(ErrorCodes.PERIOD_NOT_FOUND);
  });

  it('refuses an admin result before the kickoff unless forced; the option then counts as having a result', () => {
    const input = { optionId: '5-ARS', outcome: 'win', source: 'admin' } as const;
    const recorded: PeriodEvent = {
      type: 'ResultRecorded',
      data: { periodId: 5, optionId: '5-ARS', outcome: 'win', points: 3, source: 'admin' },
    };
    const refusal = withOptions()
      .when((state) => decideRecordResultInPeriod(5, state, input, defaultRules, { now, force: false }))
      .thenRefused(
        ErrorCodes.RESULT_BEFORE_KICKOFF,
        'Arsenal FC\'s match has not kicked off yet (2025-09-20T14:00:00.000Z). Send "force": true to record the result anyway.',
      );
    expect(refusal.details).toEqual({ optionId: '5-ARS', kickoff: '2025-09-20T14:00:00.000Z' });
    const kickoff = new Date(fixture.kickoff!);
    withOptions()
      .when((state) =>
        decideRecordResultInPeriod(5, state, input, defaultRules, { now: kickoff, force: false }),
      )
      .then([recorded]);
    const forced = withOptions()
      .when((state) => decideRecordResultInPeriod(5, state, input, defaultRules, { now, force: true }))
      .then([recorded]);
    expect(optionView(forced, '5-ARS')).toMatchObject({ hasResult: true });
    expect(optionView(withOptions().state, '5-ARS')).toMatchObject({ hasResult: false });
    // A postponed match has no kickoff to wait for.
    withOptions({
      type: 'FixtureUpdated',
      data: { periodId: 5, fixtureId: fixture.fixtureId, kickoff: null, status: 'POSTPONED' },
    })
      .when((state) => decideRecordResultInPeriod(5, state, input, defaultRules, { now, force: false }))
      .then([recorded]);
  });

  it('deletes a result of an option of the period, and nothing is left of a removed option', () => {
    const recorded: PeriodEvent = {
      type: 'ResultRecorded',
      data: { periodId: 5, optionId: '5-ARS', outcome: 'win', points: 3, source: 'admin' },
    };
    withOptions(recorded)
      .when((state) => decideDeleteResultInPeriod(5, state, '5-ARS', defaultRules))
      .then([{ type: 'ResultDeleted', data: { periodId: 5, optionId: '5-ARS' } }]);
    withOptions(recorded, completedManually)
      .when((state) => decideDeleteResultInPeriod(5, state, '5-ARS', defaultRules))
      .thenRefused(
        ErrorCodes.RESULT_PERIOD_COMPLETED,
        'Period 5 is completed; reopen it to delete a result.',
      );
    withOptions(recorded)
      .when((state) => decideDeleteResultInPeriod(5, state, '5-XXX', defaultRules))
      .thenRefused(ErrorCodes.OPTION_NOT_FOUND, 'Option 5-XXX does not exist.');
    spec
      .given([])
      .when((state) => decideDeleteResultInPeriod(5, state, '5-ARS', defaultRules))
      .thenRefused(ErrorCodes.PERIOD_NOT_FOUND);
    const replaced = withOptions(recorded)
      .when((state) => decideReplaceWithEpl(5, state, teams))
      .then([
        { type: 'OptionsRemoved', data: { periodId: 5, optionIds: ['5-ARS', '5-CHE', '5-LIV'] } },
        { type: 'OptionsAdded', data: { periodId: 5, options: [arsOption, cheOption, livOption] } },
      ]);
    expect(replaced.results.results.has('5-ARS')).toBe(false);
  });
});
