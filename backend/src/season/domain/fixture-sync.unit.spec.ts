import { describe, expect, it } from '@jest/globals';
import { defaultRules } from '@treble/contracts';
import { decideRecordResultInPeriod, eplOptionsFor } from './period-admin.js';
import { decideAutoCompletePeriod, decideSyncFixture, fixtureHasResult, isCalledOff } from './fixture-sync.js';
import { evolvePeriod, initialPeriodState, type PeriodEvent, type PeriodState } from './period.js';
import type { Fixture, Team } from './season-schedule.js';

const team = (code: string): Team => ({ code, name: `${code} FC`, shortName: code });
const teams = ['ARS', 'CHE', 'LIV', 'EVE'].map(team);
const fixture = (home: string, away: string, kickoff: string | null, status: Fixture['status'] = 'SCHEDULED'): Fixture => ({
  fixtureId: `2025-26-${home}-${away}`,
  matchweek: 5,
  home: team(home),
  away: team(away),
  kickoff,
  status,
});

function given(...extra: PeriodEvent[]): PeriodState {
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
      fixtures: [fixture('ARS', 'CHE', '2025-09-20T11:30:00.000Z'), fixture('LIV', 'EVE', '2025-09-21T15:30:00.000Z')],
    },
  };
  let state = [scheduled, { type: 'PeriodActivated', data: { periodId: 5 } } as PeriodEvent].reduce(evolvePeriod, initialPeriodState());
  state = evolvePeriod(state, { type: 'OptionsAdded', data: { periodId: 5, options: eplOptionsFor(5, state, teams) } });
  return extra.reduce(evolvePeriod, state);
}

function results(state: PeriodState, scores: Record<string, readonly [string, string]>): PeriodState {
  let current = state;
  for (const [option, [outcome, source]] of Object.entries(scores)) {
    const events = decideRecordResultInPeriod(5, current, { optionId: option, outcome, source: source as 'admin' | 'provider' }, defaultRules);
    current = events.reduce(evolvePeriod, current);
  }
  return current;
}

const now = new Date('2025-09-22T09:00:00Z');
const bothFinished = new Set(['2025-26-ARS-CHE', '2025-26-LIV-EVE']);
const allResults = { '5-ARS': ['win', 'provider'], '5-CHE': ['loss', 'provider'], '5-LIV': ['draw', 'provider'], '5-EVE': ['draw', 'admin'] } as const;

describe('decideSyncFixture', () => {
  it('records a moved kickoff, and then nothing when it comes again', () => {
    const update = { fixtureId: '2025-26-ARS-CHE', kickoff: '2025-09-21T19:00:00Z', status: 'SCHEDULED' as const };
    const events = decideSyncFixture(given(), update);
    expect(events).toEqual([
      { type: 'FixtureUpdated', data: { periodId: 5, fixtureId: '2025-26-ARS-CHE', kickoff: '2025-09-21T19:00:00.000Z', status: 'SCHEDULED' } },
      // The matchweek now starts with LIV v EVE (Sunday 15:30) and ends two hours after the moved match.
      { type: 'PeriodWindowMoved', data: { periodId: 5, startDate: '2025-09-21T15:30:00.000Z', endDate: '2025-09-21T21:00:00.000Z' } },
    ]);
    const moved = given(...events);
    expect(moved).toMatchObject({ startDate: '2025-09-21T15:30:00.000Z', endDate: '2025-09-21T21:00:00.000Z' });
    expect(moved.options.get('5-ARS')?.fixture?.kickoff).toBe('2025-09-21T19:00:00.000Z');
    expect(moved.options.get('5-CHE')?.fixture?.kickoff).toBe('2025-09-21T19:00:00.000Z');
    expect(decideSyncFixture(moved, update)).toEqual([]);
  });

  it('treats the same instant written differently as unchanged', () => {
    expect(decideSyncFixture(given(), { fixtureId: '2025-26-ARS-CHE', kickoff: '2025-09-20T12:30:00+01:00', status: 'SCHEDULED' })).toEqual([]);
  });

  it('records a postponement without a date, and the window shrinks to the matches still going ahead', () => {
    const events = decideSyncFixture(given(), { fixtureId: '2025-26-LIV-EVE', kickoff: null, status: 'POSTPONED' });
    expect(events.map((event) => event.type)).toEqual(['FixtureUpdated', 'PeriodWindowMoved']);
    const state = given(...events);
    expect(state.options.get('5-LIV')?.fixture).toMatchObject({ kickoff: null, status: 'POSTPONED' });
    expect(state).toMatchObject({ startDate: '2025-09-20T11:30:00.000Z', endDate: '2025-09-20T13:30:00.000Z' });
  });

  it('stretches the window to a rescheduled match weeks later: it stays in its own matchweek', () => {
    const postponed = given(...decideSyncFixture(given(), { fixtureId: '2025-26-LIV-EVE', kickoff: null, status: 'POSTPONED' }));
    const events = decideSyncFixture(postponed, { fixtureId: '2025-26-LIV-EVE', kickoff: '2025-10-29T19:30:00Z', status: 'SCHEDULED' });
    expect(events[1]).toEqual({
      type: 'PeriodWindowMoved',
      data: { periodId: 5, startDate: '2025-09-20T11:30:00.000Z', endDate: '2025-10-29T21:30:00.000Z' },
    });
  });

  it('keeps the window when an off match changes status, and when every fixture is off', () => {
    const postponed = given(...decideSyncFixture(given(), { fixtureId: '2025-26-LIV-EVE', kickoff: null, status: 'POSTPONED' }));
    const cancelled = decideSyncFixture(postponed, { fixtureId: '2025-26-LIV-EVE', kickoff: null, status: 'CANCELLED' });
    expect(cancelled.map((event) => event.type)).toEqual(['FixtureUpdated']);
    const oneOff = given(...decideSyncFixture(given(), { fixtureId: '2025-26-LIV-EVE', kickoff: null, status: 'POSTPONED' }));
    const bothOff = decideSyncFixture(oneOff, { fixtureId: '2025-26-ARS-CHE', kickoff: null, status: 'CANCELLED' });
    expect(bothOff.map((event) => event.type)).toEqual(['FixtureUpdated']);
  });

  it('moves the lock of custom options with the period start', () => {
    const custom = { optionId: '5-c1', periodId: 5, teamKey: 'wildcard', name: 'Wildcard', shortName: null, description: null, sortOrder: 21, fixture: null };
    const state = given({ type: 'OptionsAdded', data: { periodId: 5, options: [custom] } });
    const moved = given(
      { type: 'OptionsAdded', data: { periodId: 5, options: [custom] } },
      ...decideSyncFixture(state, { fixtureId: '2025-26-ARS-CHE', kickoff: '2025-09-21T19:00:00Z', status: 'SCHEDULED' }),
    );
    expect(moved.startDate).toBe('2025-09-21T15:30:00.000Z');
  });

  it('never moves a fixture into another period: one that is not in this period decides nothing', () => {
    expect(decideSyncFixture(given(), { fixtureId: '2025-26-ARS-LIV', kickoff: '2025-09-21T19:00:00Z', status: 'SCHEDULED' })).toEqual([]);
    expect(decideSyncFixture(initialPeriodState(), { fixtureId: '2025-26-ARS-CHE', kickoff: null, status: 'POSTPONED' })).toEqual([]);
  });

  it('knows a called-off fixture from one that was already off', () => {
    expect(isCalledOff('SCHEDULED', 'POSTPONED')).toBe(true);
    expect(isCalledOff('SCHEDULED', 'CANCELLED')).toBe(true);
    expect(isCalledOff('POSTPONED', 'CANCELLED')).toBe(false);
    expect(isCalledOff('POSTPONED', 'SCHEDULED')).toBe(false);
  });
});

describe('decideAutoCompletePeriod', () => {
  it('completes the period (not manually) when every fixture finished with results on both options', () => {
    const state = results(given(), allResults);
    expect(decideAutoCompletePeriod(state, bothFinished, now)).toEqual([
      { type: 'PeriodCompleted', data: { periodId: 5, manual: false, completedAt: '2025-09-22T09:00:00.000Z' } },
    ]);
  });

  it('waits while a fixture is not reported finished, or one option has no result', () => {
    const state = results(given(), allResults);
    expect(decideAutoCompletePeriod(state, new Set(['2025-26-ARS-CHE']), now)).toEqual([]);
    const { '5-EVE': _left, ...threeResults } = allResults;
    const partial = results(given(), threeResults);
    expect(fixtureHasResult(partial, partial.fixtures.get('2025-26-LIV-EVE')!)).toBe(false);
    expect(decideAutoCompletePeriod(partial, bothFinished, now)).toEqual([]);
  });

  it('never completes a period with a postponed or cancelled fixture', () => {
    for (const status of ['POSTPONED', 'CANCELLED'] as const) {
      const off: PeriodEvent = { type: 'FixtureUpdated', data: { periodId: 5, fixtureId: '2025-26-LIV-EVE', kickoff: null, status } };
      const state = results(given(off), allResults);
      expect(decideAutoCompletePeriod(state, bothFinished, now)).toEqual([]);
    }
  });

  it('leaves completed and inactive periods alone', () => {
    const state = results(given(), allResults);
    const completed = evolvePeriod(state, { type: 'PeriodCompleted', data: { periodId: 5, manual: true, completedAt: now.toISOString() } });
    expect(decideAutoCompletePeriod(completed, bothFinished, now)).toEqual([]);
    const inactive = evolvePeriod(state, { type: 'PeriodDeactivated', data: { periodId: 5 } });
    expect(decideAutoCompletePeriod(inactive, bothFinished, now)).toEqual([]);
  });
});
