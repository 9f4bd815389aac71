import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../../../test/support/decider-spec.js';
import { parseMatch } from './football-data-format.js';
import { fixtureUpdateOf, matchdayStatus, resultsOf, seasonStartYear } from './match-plan.js';
import { FULL_SYNC_EVERY_MS, LIVE_POLL_MS, nextPollDelay, planPoll, type BoardFixture } from './polling.js';
import type { ProviderMatch } from './provider-match.js';
import { backoffMs, readRateLimitHeaders, RequestWindow, waitSecondsFromMessage } from './rate-limit.js';
import { replayMatches } from './replay.js';
import {
  decideAutostart,
  decideStartScheduler,
  decideStopScheduler,
  evolveScheduler,
  initialSchedulerState,
  type SchedulerEvent,
  type SchedulerState,
} from './scheduler-state.js';

const minutes = (n: number) => n * 60_000;
const at = (iso: string) => new Date(iso);

function match(overrides: Partial<ProviderMatch> = {}): ProviderMatch {
  return {
    id: 1,
    matchday: 7,
    kickoff: '2025-10-04T14:00:00.000Z',
    status: 'TIMED',
    homeTeam: { name: 'Arsenal FC', shortName: 'Arsenal', tla: 'ARS' },
    awayTeam: { name: 'Chelsea FC', shortName: 'Chelsea', tla: 'CHE' },
    homeScore: null,
    awayScore: null,
    lastUpdated: null,
    ...overrides,
  };
}

describe('what a provider match means for the pool', () => {
  const fixture = { fixtureId: '2025-26-ARS-CHE', kickoff: '2025-10-04T14:00:00.000Z' };

  it('takes a confirmed kickoff, keeps a known one over a placeholder, and drops the date of a called-off match', () => {
    expect(fixtureUpdateOf(match({ kickoff: '2025-10-05T16:30:00.000Z' }), fixture)).toEqual({
      ...fixture,
      kickoff: '2025-10-05T16:30:00.000Z',
      status: 'SCHEDULED',
    });
    expect(
      fixtureUpdateOf(match({ status: 'SCHEDULED', kickoff: '2025-10-04T00:00:00.000Z' }), fixture),
    ).toEqual({ ...fixture, status: 'SCHEDULED' });
    expect(fixtureUpdateOf(match({ status: 'POSTPONED' }), fixture)).toEqual({
      ...fixture,
      kickoff: null,
      status: 'POSTPONED',
    });
    expect(fixtureUpdateOf(match({ status: 'SUSPENDED' }), fixture)).toMatchObject({ status: 'POSTPONED' });
    expect(fixtureUpdateOf(match({ status: 'CANCELLED' }), fixture)).toMatchObject({
      kickoff: null,
      status: 'CANCELLED',
    });
    expect(fixtureUpdateOf(match({ status: 'FINISHED', homeScore: 1, awayScore: 0 }), fixture)).toMatchObject(
      { status: 'SCHEDULED' },
    );
  });

  it('gives both sides their outcome once final, and none while live', () => {
    expect(resultsOf(match({ status: 'IN_PLAY', homeScore: 2, awayScore: 0 }), 'f')).toEqual([]);
    expect(
      resultsOf(match({ status: 'FINISHED', homeScore: 0, awayScore: 3 }), 'f').map((r) => [
        r.teamCode,
        r.outcome,
      ]),
    ).toEqual([
      ['ARS', 'loss'],
      ['CHE', 'win'],
    ]);
    expect(
      resultsOf(match({ status: 'AWARDED', homeScore: 1, awayScore: 1 }), 'f').map((r) => r.outcome),
    ).toEqual(['draw', 'draw']);
  });

  it('summarises a matchday: complete only when every match is finished', () => {
    const round = [
      match({ status: 'FINISHED', homeScore: 1, awayScore: 0 }),
      match({ id: 2, status: 'PAUSED', homeScore: 0, awayScore: 0 }),
    ];
    expect(matchdayStatus(7, round)).toMatchObject({
      isComplete: false,
      finishedMatches: 1,
      totalMatches: 2,
    });
    expect(matchdayStatus(7, round).matches.map((m) => m.status)).toEqual(['FINISHED', 'IN_PLAY']);
    expect(matchdayStatus(7, [round[0]!]).isComplete).toBe(true);
    expect(matchdayStatus(8, round)).toMatchObject({ isComplete: false, totalMatches: 0 });
  });

  it('reads the season parameter as the starting year', () => {
    expect(seasonStartYear('2025-26')).toBe(2025);
    expect(() => seasonStartYear('next')).toThrow();
  });

  it('reads the ids and scores of a v4 match strictly', () => {
    const raw = {
      id: 5,
      utcDate: '2025-10-04T14:00:00Z',
      status: 'FINISHED',
      matchday: 7,
      homeTeam: { name: 'Arsenal FC', tla: 'ARS' },
      awayTeam: { name: 'Chelsea FC', tla: 'CHE' },
      score: { winner: 'HOME_TEAM', duration: 'REGULAR', fullTime: { home: 2, away: 1 } },
    };
    expect(parseMatch(raw)).toMatchObject({
      ok: true,
      match: { homeScore: 2, awayScore: 1, homeTeam: { shortName: null } },
    });
    expect(parseMatch({ ...raw, score: { fullTime: { home: '2', away: 1 } } })).toMatchObject({ ok: false });
    expect(parseMatch({ ...raw, score: { fullTime: { homeTeam: 2, awayTeam: 1 } } })).toMatchObject({
      ok: false,
    });
    expect(parseMatch({ ...raw, utcDate: 'tomorrow' })).toMatchObject({ ok: false });
    expect(parseMatch({ ...raw, status: 'LIVE' })).toMatchObject({ ok: false });
    expect(parseMatch({ ...raw, awayTeam: raw.homeTeam })).toMatchObject({ ok: false });
  });
});

describe('the request budget', () => {
  it('reads the counters under every name the API has used', () => {
    const headers = (values: Record<string, string>) => (name: string) => values[name.toLowerCase()] ?? null;
    expect(
      readRateLimitHeaders(headers({ 'x-requests-available-minute': '9', 'x-requestcounter-reset': '60' })),
    ).toEqual({ available: 9, resetSeconds: 60 });
    expect(readRateLimitHeaders(headers({ 'x-requestsavailable': '0' }))).toEqual({
      available: 0,
      resetSeconds: null,
    });
    expect(readRateLimitHeaders(headers({}))).toEqual({ available: null, resetSeconds: null });
  });

  it('reads the wait out of a 429 message', () => {
    expect(waitSecondsFromMessage('You reached your request limit. Wait 57 seconds.')).toBe(57);
    expect(waitSecondsFromMessage('Something else')).toBeNull();
  });

  it('backs off exponentially up to a ceiling', () => {
    expect([1, 2, 3, 4, 5].map((retry) => backoffMs(retry, 500, 3_000))).toEqual([
      500, 1_000, 2_000, 3_000, 3_000,
    ]);
  });

  it('holds requests back when the provider says none are left', () => {
    const window = new RequestWindow(10, 60_000);
    window.record(0);
    window.observe({ available: 0, resetSeconds: 20 }, 1_000);
    expect(window.waitMs(1_000)).toBe(20_000);
    expect(window.waitMs(21_000)).toBe(0);
  });
});

describe('when to poll', () => {
  const now = at('2025-10-04T15:00:00Z');
  const fixture = (overrides: Partial<BoardFixture>): BoardFixture => ({
    periodId: 7,
    fixtureId: 'f',
    kickoff: '2025-10-04T14:00:00.000Z',
    status: 'SCHEDULED',
    settled: false,
    ...overrides,
  });

  it('sweeps the whole season first and then every six hours', () => {
    expect(planPoll([], now, null)).toEqual({ fullSync: true, matchdays: [] });
    expect(planPoll([], now, new Date(now.getTime() - FULL_SYNC_EVERY_MS + 1)).fullSync).toBe(false);
    expect(planPoll([], now, new Date(now.getTime() - FULL_SYNC_EVERY_MS)).fullSync).toBe(true);
  });

  it('asks for rounds being played before rounds coming up, and none that are settled, stale or far off', () => {
    const board = [
      fixture({ periodId: 8, kickoff: '2025-10-05T14:00:00.000Z' }),
      fixture({ periodId: 7 }),
      fixture({ periodId: 6, settled: true }),
      fixture({ periodId: 5, kickoff: '2025-09-20T14:00:00.000Z' }),
      fixture({ periodId: 9, kickoff: '2025-10-18T14:00:00.000Z' }),
      fixture({ periodId: 10, status: 'POSTPONED' }),
    ];
    expect(planPoll(board, now, now).matchdays).toEqual([7, 8]);
  });

  it('polls every minute while a match is live or due to finish, else at the regular interval or at the next kickoff', () => {
    const regular = minutes(15);
    expect(nextPollDelay([fixture({})], now, regular, false)).toBe(LIVE_POLL_MS);
    expect(nextPollDelay([fixture({ settled: true })], now, regular, false)).toBe(regular);
    expect(nextPollDelay([fixture({ kickoff: '2025-10-04T11:00:00.000Z' })], now, regular, false)).toBe(
      regular,
    );
    expect(nextPollDelay([fixture({ kickoff: '2025-10-04T11:00:00.000Z' })], now, regular, true)).toBe(
      LIVE_POLL_MS,
    );
    expect(nextPollDelay([fixture({ kickoff: '2025-10-04T15:05:00.000Z' })], now, regular, false)).toBe(
      minutes(5),
    );
    expect(nextPollDelay([], now, regular, false)).toBe(regular);
  });
});

describe('the scheduler switch', () => {
  /** The switch's deciders take the acting user besides the state: the command is the call. */
  type Decision = (state: SchedulerState) => readonly SchedulerEvent[];
  const spec = deciderSpec<Decision, SchedulerState, SchedulerEvent>({
    initialState: initialSchedulerState,
    evolve: evolveScheduler,
    decide: (decision, state) => decision(state),
  });
  const started = (actor: string): SchedulerEvent => ({ type: 'ResultsSchedulerStarted', data: { actor } });
  const stopped = (actor: string): SchedulerEvent => ({ type: 'ResultsSchedulerStopped', data: { actor } });

  it('starts a scheduler that is not running, once', () => {
    const running = spec
      .given([])
      .when((state) => decideStartScheduler(state, 'admin-1'))
      .then([started('admin-1')]);
    expect(running).toEqual({ running: true, everSwitched: true });
    spec
      .given([started('admin-1')])
      .when((state) => decideStartScheduler(state, 'admin-2'))
      .thenNothing();
    spec
      .given([started('admin-1'), stopped('admin-1')])
      .when((state) => decideStartScheduler(state, 'admin-2'))
      .then([started('admin-2')]);
  });

  it('stops a running scheduler, once', () => {
    const after = spec
      .given([started('admin-1')])
      .when((state) => decideStopScheduler(state, 'admin-2'))
      .then([stopped('admin-2')]);
    expect(after).toEqual({ running: false, everSwitched: true });
    spec
      .given([started('admin-1'), stopped('admin-2')])
      .when((state) => decideStopScheduler(state, 'admin-2'))
      .thenNothing();
    spec
      .given([])
      .when((state) => decideStopScheduler(state, 'admin-2'))
      .thenNothing();
  });

  it('starts itself only on a pool that never switched it', () => {
    expect(spec.given([]).state).toEqual({ running: false, everSwitched: false });
    spec
      .given([])
      .when((state) => decideAutostart(state, 'system'))
      .then([started('system')]);
    spec
      .given([started('admin-1'), stopped('admin-1')])
      .when((state) => decideAutostart(state, 'system'))
      .thenNothing();
    spec
      .given([started('admin-1')])
      .when((state) => decideAutostart(state, 'system'))
      .thenNothing();
  });
});

describe('the season replay', () => {
  const teams = [
    { id: 64, name: 'Liverpool FC', shortName: 'Liverpool', tla: 'LIV' },
    { id: 1044, name: 'AFC Bournemouth', shortName: 'Bournemouth', tla: 'BOU' },
  ];
  const season = {
    matches: [
      {
        round: 'Matchday 1',
        date: '2025-08-15',
        time: '20:00',
        team1: 'Liverpool FC',
        team2: 'AFC Bournemouth',
        score: { ht: [1, 0], ft: [4, 2] },
      },
      {
        round: 'Matchday 2',
        date: '2025-08-23',
        time: '15:00',
        team1: 'AFC Bournemouth',
        team2: 'Liverpool FC',
        score: {},
      },
    ],
  };
  const at19 = (time: string) =>
    replayMatches(season, teams, at(`2025-08-15T${time}Z`)).map((raw) => parseMatch(raw));

  it('releases a match as it is played on the pool clock, in the v4 shape', () => {
    const state = (time: string) => {
      const parsed = at19(time)[0]!;
      if (!parsed.ok) throw new Error(parsed.skipped.reason);
      return [parsed.match.status, parsed.match.homeScore, parsed.match.awayScore];
    };
    expect(state('18:59:00')).toEqual(['TIMED', null, null]);
    expect(state('19:10:00')).toEqual(['IN_PLAY', null, null]);
    expect(state('19:50:00')).toEqual(['PAUSED', 1, 0]);
    expect(state('20:30:00')).toEqual(['IN_PLAY', 1, 0]);
    expect(state('20:52:00')).toEqual(['FINISHED', 4, 2]);
  });

  it('never invents a result the data does not have', () => {
    const later = replayMatches(season, teams, at('2025-09-30T00:00:00Z')).map((raw) => parseMatch(raw));
    expect(later[1]).toMatchObject({ ok: true, match: { status: 'TIMED', homeScore: null } });
  });
});
