import { describe, expect, it } from '@jest/globals';
import { defaultRules } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';
import {
  decideAddEplOptions,
  decideCompletePeriod,
  decideCreateOption,
  decideDeleteResultInPeriod,
  decideRecordResultInPeriod,
  decideReopenPeriod,
  decideReplaceWithEpl,
  decideSetActive,
  optionView,
  periodOfOption,
} from './period-admin.js';
import { evolvePeriod, initialPeriodState, type PeriodEvent } from './period.js';
import type { Fixture, Team } from './season-schedule.js';

const ars: Team = { code: 'ARS', name: 'Arsenal FC', shortName: 'Arsenal' };
const che: Team = { code: 'CHE', name: 'Chelsea FC', shortName: 'Chelsea' };
const liv: Team = { code: 'LIV', name: 'Liverpool FC', shortName: 'Liverpool' };
const teams = [liv, che, ars];
const fixture: Fixture = { fixtureId: '2025-26-ARS-CHE', matchweek: 5, home: ars, away: che, kickoff: '2025-09-20T14:00:00.000Z', status: 'SCHEDULED' };

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

const given = (...events: PeriodEvent[]) => events.reduce(evolvePeriod, initialPeriodState());
const eplOptions = decideAddEplOptions(5, given(scheduled, activated), teams);
const withOptions = (...events: PeriodEvent[]) => given(scheduled, activated, ...eplOptions, ...events);
const now = new Date('2025-09-19T12:00:00Z');

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return undefined;
}

describe('EPL options of a period', () => {
  it('gives each team an option with its fixture of the matchweek, home or away, sorted by name', () => {
    const [event] = decideAddEplOptions(5, given(scheduled), teams);
    expect(event!.type).toBe('OptionsAdded');
    const options = event!.type === 'OptionsAdded' ? event.data.options : [];
    expect(options.map((o) => [o.optionId, o.sortOrder])).toEqual([
      ['5-ARS', 1],
      ['5-CHE', 2],
      ['5-LIV', 3],
    ]);
    expect(options[0]!.fixture).toMatchObject({ opponentCode: 'CHE', isHome: true, kickoff: fixture.kickoff });
    expect(options[1]!).toMatchObject({ description: 'at Arsenal', fixture: { isHome: false } });
    expect(options[2]!.fixture).toBeNull();
  });

  it('adds only missing teams, and nothing the second time', () => {
    expect(decideAddEplOptions(5, withOptions(), teams)).toEqual([]);
  });

  it('replacing with EPL removes every option (and with them their results) first', () => {
    const custom = decideCreateOption(5, withOptions(), { name: 'Draw specialists', description: null, sortOrder: 9 });
    const state = withOptions(...custom);
    const events = decideReplaceWithEpl(5, state, teams);
    expect(events.map((e) => e.type)).toEqual(['OptionsRemoved', 'OptionsAdded']);
    expect(events[0]!.type === 'OptionsRemoved' && events[0].data.optionIds).toEqual(['5-ARS', '5-CHE', '5-LIV', '5-c1']);
  });

  it('refuses options for a missing or completed period', () => {
    expect(codeOf(() => decideAddEplOptions(6, given(), teams))).toBe('PERIOD_NOT_FOUND');
    const completed = withOptions({ type: 'PeriodCompleted', data: { periodId: 5, manual: true, completedAt: now.toISOString() } });
    expect(codeOf(() => decideReplaceWithEpl(5, completed, teams))).toBe('PERIOD_COMPLETED');
  });
});

describe('custom options', () => {
  it('numbers custom options per period, keys them by name, and refuses a duplicate name', () => {
    const first = decideCreateOption(5, withOptions(), { name: ' Underdogs ', description: ' ', sortOrder: 4 });
    expect(first[0]!.type === 'OptionsAdded' && first[0].data.options[0]).toMatchObject({
      optionId: '5-c1',
      teamKey: 'underdogs',
      name: 'Underdogs',
      description: null,
      fixture: null,
    });
    const second = decideCreateOption(5, withOptions(...first), { name: 'Favourites', description: null, sortOrder: 5 });
    expect(second[0]!.type === 'OptionsAdded' && second[0].data.options[0]!.optionId).toBe('5-c2');
    expect(codeOf(() => decideCreateOption(5, withOptions(...first), { name: 'UNDERDOGS', description: null, sortOrder: 1 }))).toBe(
      'OPTION_EXISTS',
    );
    expect(codeOf(() => decideCreateOption(5, withOptions(), { name: '  ', description: null, sortOrder: 1 }))).toBe('VALIDATION_FAILED');
  });

  it('locks a custom option at the period start; an EPL option at its kickoff', () => {
    const custom = decideCreateOption(5, withOptions(), { name: 'Underdogs', description: null, sortOrder: 4 });
    const state = withOptions(...custom);
    expect(optionView(state, '5-c1')!.lockAt!.toISOString()).toBe('2025-09-20T11:30:00.000Z');
    expect(optionView(state, '5-ARS')!.lockAt!.toISOString()).toBe('2025-09-20T14:00:00.000Z');
    expect(optionView(state, '5-ZZZ')).toBeNull();
  });

  it('makes an option unavailable when its fixture is postponed', () => {
    const state = withOptions({ type: 'FixtureUpdated', data: { periodId: 5, fixtureId: fixture.fixtureId, kickoff: null, status: 'POSTPONED' } });
    expect(optionView(state, '5-ARS')).toMatchObject({ status: 'postponed', lockAt: null });
    expect(optionView(state, '5-CHE')!.status).toBe('postponed');
  });
});

describe('period lifecycle', () => {
  it('activates and deactivates, deciding nothing when already so', () => {
    expect(decideSetActive(5, given(scheduled), true).map((e) => e.type)).toEqual(['PeriodActivated']);
    expect(decideSetActive(5, given(scheduled, activated), true)).toEqual([]);
    expect(decideSetActive(5, given(scheduled, activated), false).map((e) => e.type)).toEqual(['PeriodDeactivated']);
  });

  it('completes only an active period that is not completed', () => {
    const after = new Date('2025-09-23T12:00:00Z');
    expect(decideCompletePeriod(5, given(scheduled, activated), after)).toEqual([
      { type: 'PeriodCompleted', data: { periodId: 5, manual: true, completedAt: after.toISOString() } },
    ]);
    expect(codeOf(() => decideCompletePeriod(5, given(scheduled), after))).toBe('PERIOD_NOT_ACTIVE');
    const completed = given(scheduled, activated, ...decideCompletePeriod(5, given(scheduled, activated), after));
    expect(codeOf(() => decideCompletePeriod(5, completed, after))).toBe('PERIOD_ALREADY_COMPLETED');
  });

  it('refuses to complete before the matchweek started or with results missing, listing them, unless forced', () => {
    const early = (() => {
      try {
        decideCompletePeriod(5, withOptions(), now);
      } catch (error) {
        return error as DomainError;
      }
      throw new Error('completed');
    })();
    expect(early.code).toBe('PERIOD_NOT_READY');
    expect(early.details).toMatchObject({ notStarted: true, optionsWithoutResult: [{ id: '5-ARS', name: 'Arsenal FC' }, { id: '5-CHE', name: 'Chelsea FC' }, { id: '5-LIV', name: 'Liverpool FC' }] });
    const after = new Date('2025-09-23T12:00:00Z');
    const one = decideRecordResultInPeriod(5, withOptions(), { optionId: '5-ARS', outcome: 'win', source: 'admin' }, defaultRules);
    const missing = (() => {
      try {
        decideCompletePeriod(5, withOptions(...one), after);
      } catch (error) {
        return error as DomainError;
      }
      throw new Error('completed');
    })();
    expect(missing.details).toMatchObject({ notStarted: false, optionsWithoutResult: [{ id: '5-CHE' }, { id: '5-LIV' }] });
    expect(missing.message).toContain('2 options have no result: Chelsea FC, Liverpool FC');
    expect(decideCompletePeriod(5, withOptions(...one), now, true).map((e) => e.type)).toEqual(['PeriodCompleted']);
  });

  it('reopens only a manually completed period, applying the results held meanwhile', () => {
    const completed: PeriodEvent = { type: 'PeriodCompleted', data: { periodId: 5, manual: true, completedAt: now.toISOString() } };
    const state = withOptions(completed);
    const held = decideRecordResultInPeriod(5, state, { optionId: '5-ARS', outcome: 'win', source: 'admin' }, defaultRules);
    expect(held.map((e) => e.type)).toEqual(['ResultHeldPending']);
    const reopened = decideReopenPeriod(5, withOptions(completed, ...held), defaultRules);
    expect(reopened.map((e) => e.type)).toEqual(['PeriodReopened', 'ResultRecorded']);
    const auto: PeriodEvent = { type: 'PeriodCompleted', data: { periodId: 5, manual: false, completedAt: now.toISOString() } };
    expect(codeOf(() => decideReopenPeriod(5, withOptions(auto), defaultRules))).toBe('PERIOD_NOT_REOPENABLE');
    expect(codeOf(() => decideReopenPeriod(5, withOptions(), defaultRules))).toBe('PERIOD_NOT_REOPENABLE');
  });
});

describe('results of a period', () => {
  it('records a result for an option of the period and refuses unknown options', () => {
    const events = decideRecordResultInPeriod(5, withOptions(), { optionId: '5-CHE', outcome: 'draw', points: 1, source: 'admin' }, defaultRules);
    expect(events).toEqual([
      { type: 'ResultRecorded', data: { periodId: 5, optionId: '5-CHE', outcome: 'draw', points: 1, source: 'admin' } },
    ]);
    expect(codeOf(() => decideRecordResultInPeriod(5, withOptions(), { optionId: '5-XXX', outcome: 'win', source: 'admin' }, defaultRules))).toBe(
      'OPTION_NOT_FOUND',
    );
    expect(codeOf(() => decideRecordResultInPeriod(5, withOptions(), { optionId: '5-ARS', outcome: 'win', points: 1, source: 'admin' }, defaultRules))).toBe(
      'RESULT_POINTS_MISMATCH',
    );
  });

  it('refuses an admin result before the kickoff unless forced; the option then counts as having a result', () => {
    const guard = { now, force: false };
    expect(codeOf(() => decideRecordResultInPeriod(5, withOptions(), { optionId: '5-ARS', outcome: 'win', source: 'admin' }, defaultRules, guard))).toBe(
      'RESULT_BEFORE_KICKOFF',
    );
    const after = { now: new Date('2025-09-20T16:00:00Z'), force: false };
    expect(decideRecordResultInPeriod(5, withOptions(), { optionId: '5-ARS', outcome: 'win', source: 'admin' }, defaultRules, after)).toHaveLength(1);
    const forced = decideRecordResultInPeriod(5, withOptions(), { optionId: '5-ARS', outcome: 'win', source: 'admin' }, defaultRules, { now, force: true });
    expect(forced.map((e) => e.type)).toEqual(['ResultRecorded']);
    expect(optionView(withOptions(...forced), '5-ARS')).toMatchObject({ hasResult: true });
    expect(optionView(withOptions(), '5-ARS')).toMatchObject({ hasResult: false });
  });

  it('deletes a result, and nothing is left of a removed option', () => {
    const recorded = decideRecordResultInPeriod(5, withOptions(), { optionId: '5-ARS', outcome: 'win', source: 'admin' }, defaultRules);
    expect(decideDeleteResultInPeriod(5, withOptions(...recorded), '5-ARS', defaultRules).map((e) => e.type)).toEqual(['ResultDeleted']);
    const replaced = withOptions(...recorded, ...decideReplaceWithEpl(5, withOptions(...recorded), teams));
    expect(replaced.results.results.has('5-ARS')).toBe(false);
  });

  it('finds the period of an option from its id', () => {
    expect(periodOfOption('12-ARS')).toBe(12);
    expect(periodOfOption('7-c3')).toBe(7);
    expect(periodOfOption('ARS')).toBeNull();
    expect(periodOfOption('1-; DROP TABLE')).toBeNull();
  });
});
