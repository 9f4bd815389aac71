import { describe, expect, it } from '@jest/globals';
import { defaultRules, ErrorCodes } from '@treble/contracts';
import { deciderSpec } from '../../../test/support/decider-spec.js';
import { decideMakeChoice } from '../../picks/domain/decide-picks.js';
import type { MakeChoice, PicksContexts } from '../../picks/domain/picks.commands.js';
import type { PicksEvent } from '../../picks/domain/picks.events.js';
import { evolvePicks, initialPicksState, type PicksState } from '../../picks/domain/picks.state.js';
import {
  evolvePeriod,
  initialPeriodState,
  type OptionDefinition,
  type PeriodEvent,
  type PeriodState,
} from './period.js';
import { decideRecordResultInPeriod, decideSetActive, optionView } from './period-admin.js';
import type { Fixture, Team } from './season-schedule.js';

/*
 * What the period's fold must keep, checked through the decisions that read it: the picks decider
 * (an option's deadline comes from the period's state) and the admin's period decisions.
 */

const team = (code: string): Team => ({ code, name: `Team ${code}`, shortName: code });
const fixture = (fixtureId: string, home: string, away: string, kickoff: string): Fixture => ({
  fixtureId,
  matchweek: 3,
  home: team(home),
  away: team(away),
  kickoff,
  status: 'SCHEDULED',
});
const early = fixture('f1', 'ARS', 'CHE', '2025-08-30T11:30:00.000Z');
const late = fixture('f2', 'LIV', 'MCI', '2025-08-30T16:30:00.000Z');

const eplOption = (code: string, of: Fixture): OptionDefinition => {
  const isHome = of.home.code === code;
  const opponent = isHome ? of.away : of.home;
  return {
    optionId: `3-${code}`,
    periodId: 3,
    teamKey: code,
    name: `Team ${code}`,
    shortName: code,
    description: null,
    sortOrder: 1,
    fixture: {
      fixtureId: of.fixtureId,
      opponent: opponent.name,
      opponentCode: opponent.code,
      isHome,
      kickoff: of.kickoff,
      status: of.status,
    },
  };
};
const custom: OptionDefinition = {
  optionId: '3-c1',
  periodId: 3,
  teamKey: 'golden boot',
  name: 'Golden boot',
  shortName: null,
  description: null,
  sortOrder: 5,
  fixture: null,
};

const scheduledPeriod: PeriodEvent[] = [
  {
    type: 'PeriodScheduled',
    data: {
      periodId: 3,
      season: '2025-26',
      name: 'Matchweek 3',
      description: null,
      segment: 'main',
      startDate: '2025-08-30T11:30:00.000Z',
      endDate: '2025-09-01T22:00:00.000Z',
      fixtures: [early, late],
    },
  },
  { type: 'PeriodActivated', data: { periodId: 3 } },
  {
    type: 'OptionsAdded',
    data: {
      periodId: 3,
      options: [eplOption('ARS', early), eplOption('CHE', early), eplOption('LIV', late), custom],
    },
  },
];
const periodAfter = (...events: PeriodEvent[]): PeriodState =>
  [...scheduledPeriod, ...events].reduce(evolvePeriod, initialPeriodState());

/** The picks decider with the period read the way the pick handler reads it. */
const picks = deciderSpec<MakeChoice, PicksState, PicksEvent, PicksContexts['MakeChoice']>({
  initialState: initialPicksState,
  evolve: evolvePicks,
  decide: decideMakeChoice,
});
const pick = (code: string): MakeChoice => ({
  type: 'MakeChoice',
  userId: 'u1',
  periodId: 3,
  optionId: `3-${code}`,
});
function pickContext(period: PeriodState, code: string, now: Date): PicksContexts['MakeChoice'] {
  const option = optionView(period, `3-${code}`);
  if (option === null) throw new Error(`no option 3-${code}`);
  return {
    now,
    rules: defaultRules,
    period: { id: 3, isActive: period.isActive, isCompleted: period.isCompleted },
    option,
    choiceId: 'c1',
  };
}
const made = (code: string): PicksEvent => ({
  type: 'ChoiceMade',
  data: {
    choiceId: 'c1',
    userId: 'u1',
    periodId: 3,
    optionId: `3-${code}`,
    teamKey: code,
    teamName: `Team ${code}`,
  },
});

describe('a kickoff move', () => {
  // The early match moves from 11:30 to 14:00 (UTC); the late one stays at 16:30.
  // Folded inside each test: StrykerJS switches a mutant on per test, not while describe blocks run.
  const moved = () =>
    periodAfter({
      type: 'FixtureUpdated',
      data: { periodId: 3, fixtureId: 'f1', kickoff: '2025-08-30T14:00:00.000Z', status: 'SCHEDULED' },
    });

  it("moves the deadline of its own fixture's options only", () => {
    const at1300 = new Date('2025-08-30T13:00:00.000Z');
    picks
      .given([])
      .when(pick('ARS'), pickContext(moved(), 'ARS', at1300))
      .then([made('ARS')]);
    picks
      .given([])
      .when(pick('LIV'), pickContext(moved(), 'LIV', at1300))
      .then([made('LIV')]);

    const at1500 = new Date('2025-08-30T15:00:00.000Z');
    picks
      .given([])
      .when(pick('CHE'), pickContext(moved(), 'CHE', at1500))
      .thenRefused(ErrorCodes.OPTION_LOCKED);
    picks
      .given([])
      .when(pick('LIV'), pickContext(moved(), 'LIV', at1500))
      .then([made('LIV')]);
  });

  it('leaves the other options as they were, and a custom option without a fixture', () => {
    const before = periodAfter();
    const after = moved();
    expect(after.options.get('3-LIV')).toEqual(before.options.get('3-LIV'));
    expect(after.options.get('3-c1')).toEqual(custom);
    expect(optionView(after, '3-c1')?.lockAt).toEqual(new Date('2025-08-30T11:30:00.000Z'));
  });
});

describe('deactivating a period', () => {
  /** Admin decisions on the period take the period id and its state: the command is a closure here. */
  const admin = deciderSpec<(state: PeriodState) => PeriodEvent[], PeriodState, PeriodEvent>({
    initialState: initialPeriodState,
    evolve: evolvePeriod,
    decide: (decide, state) => decide(state),
  });
  const deactivated = () =>
    admin.given([...scheduledPeriod, { type: 'PeriodDeactivated', data: { periodId: 3 } }]);

  it('closes it for picks and keeps everything else', () => {
    expect(deactivated().state).toEqual({ ...periodAfter(), isActive: false });
    picks
      .given([])
      .when(pick('LIV'), pickContext(deactivated().state, 'LIV', new Date('2025-08-29T12:00:00.000Z')))
      .thenRefused(ErrorCodes.PERIOD_NOT_ACTIVE);
  });

  it('leaves a period that can be activated again and take results', () => {
    deactivated()
      .when((state) => decideSetActive(3, state, true))
      .then([{ type: 'PeriodActivated', data: { periodId: 3 } }]);
    deactivated()
      .when((state) =>
        decideRecordResultInPeriod(
          3,
          state,
          { optionId: '3-LIV', outcome: 'win', source: 'admin' },
          defaultRules,
        ),
      )
      .then([
        {
          type: 'ResultRecorded',
          data: { periodId: 3, optionId: '3-LIV', outcome: 'win', points: 3, source: 'admin' },
        },
      ]);
  });
});
