import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  MatchdayStatus,
  MatchFinishedNotice,
  Period,
  ResultsUpdateSummary,
  ServerToClientEvents,
} from '@treble/contracts';
import { DataSource } from 'typeorm';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { replayMatches } from '../../src/live-results/domain/replay.js';
import { loadReplaySource } from '../../src/live-results/provider/replay.provider.js';
import type { PicksEvent } from '../../src/picks/domain/picks.events.js';
import { evolvePicks, initialPicksState } from '../../src/picks/domain/picks.state.js';
import { RealtimeGateway } from '../../src/realtime/realtime.gateway.js';
import { PeriodStreams } from '../../src/season/period-streams.js';
import { registerAdmin, registerPlayer, startTestApp, type SignedIn, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';
import { readCaptured, startFakeFootballData, type FakeFootballData } from '../support/fake-football-data.js';
import { eventually, onNews } from '../support/waiting.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- v4 match objects are JSON the tests edit */
type V4Match = Record<string, any>;

const key = (match: V4Match): string => `${match.homeTeam.tla}-${match.awayTeam.tla}`;

function finished(match: V4Match, home: number, away: number): V4Match {
  const winner = home > away ? 'HOME_TEAM' : home < away ? 'AWAY_TEAM' : 'DRAW';
  return {
    ...match,
    status: 'FINISHED',
    score: { winner, duration: 'REGULAR', fullTime: { home, away }, halfTime: { home: null, away: null } },
  };
}

/** The real results of matchweek 28 (openfootball). */
const scores28: Record<string, [number, number]> = {
  'WOL-AVL': [2, 0],
  'BOU-SUN': [1, 1],
  'BUR-BRE': [3, 4],
  'LIV-WHU': [5, 2],
  'NEW-EVE': [2, 3],
  'LEE-MCI': [0, 1],
  'BHA-NOT': [2, 1],
  'FUL-TOT': [2, 1],
  'MUN-CRY': [2, 1],
  'ARS-CHE': [2, 1],
};

/** Matchweek 29 as football-data would report it once played (built from the bundled season). */
function matchweek29(): V4Match[] {
  const source = loadReplaySource('2025-26');
  return (replayMatches(source.fixtures, source.teams, new Date('2026-06-01T00:00:00Z')) as V4Match[]).filter(
    (m) => m.matchday === 29,
  );
}

/**
 * The picks read view (`choices`) belongs to another context. Where it is not in the app yet,
 * the test stands in for it with a table it fills itself; where it is, the view fills itself.
 */
async function picksView(app: TestApp): Promise<(userId: string, optionId: string) => Promise<void>> {
  const dataSource = app.app.get(DataSource);
  const [row] = await dataSource.query<{ present: boolean }[]>(
    `SELECT to_regclass('choices') IS NOT NULL AS present`,
  );
  if (row?.present) return async () => undefined;
  await dataSource.query(
    `CREATE TABLE choices (user_id text NOT NULL, option_id text NOT NULL, status text NOT NULL DEFAULT 'active')`,
  );
  return async (userId, optionId) => {
    await dataSource.query('INSERT INTO choices (user_id, option_id) VALUES ($1, $2)', [userId, optionId]);
  };
}

describe.each(databaseTargets)('live results from football-data.org on $name', (target) => {
  let app: TestApp;
  let fake: FakeFootballData;
  let admin: SignedIn;
  let mirrorPick: (userId: string, optionId: string) => Promise<void>;
  const round28 = new Map<string, V4Match>();

  const serve = () => {
    fake.matches = [...round28.values(), ...matchweek29()];
  };
  const update = async (matchday: number) => {
    const response = await admin.request('POST', `/api/epl-results/update/${matchday}`);
    expect(response.status).toBe(200);
    return response.body as ResultsUpdateSummary;
  };
  const period = (id: number) => app.app.get(PeriodStreams).load(id);
  const picksOf = async (userId: string) => {
    const events = await app.app.get<EventStore>(EVENT_STORE).readStream(`picks-${userId}`);
    return {
      events,
      state: events.reduce(
        (state, event) => evolvePicks(state, event as unknown as PicksEvent),
        initialPicksState(),
      ),
    };
  };

  beforeAll(async () => {
    fake = await startFakeFootballData();
    app = await startTestApp(target, {
      POOL_NOW: '2026-02-25T12:00:00Z',
      FOOTBALL_DATA_API_KEY: 'test-key',
      FOOTBALL_DATA_URL: fake.url,
      RESULTS_SCHEDULER_AUTOSTART: 'false',
      // The tests ask far more often than the free plan's 10 a minute (the client's own tests cover the budget).
      FOOTBALL_DATA_REQUESTS_PER_MINUTE: '600',
    });
    admin = await registerAdmin(app);
    expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
    for (const id of [28, 29])
      expect((await admin.request('POST', `/api/periods/${id}/epl-options`, {})).status).toBe(200);
    mirrorPick = await picksView(app);
    for (const match of readCaptured('example-pl-2025-26-matchday-28.json').matches)
      round28.set(key(match), match);
    serve();
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  it('shows a matchday as the provider reports it, and refuses a matchday outside the season', async () => {
    const response = await admin.request('GET', '/api/epl-results/status?matchday=28');
    expect(response.status).toBe(200);
    const status = response.body as MatchdayStatus;
    expect(status).toMatchObject({ matchday: 28, isComplete: false, finishedMatches: 0, totalMatches: 10 });
    expect(status.matches[0]).toEqual({
      homeTeam: 'Wolverhampton Wanderers FC',
      awayTeam: 'Aston Villa FC',
      homeScore: null,
      awayScore: null,
      status: 'SCHEDULED',
    });
    expect(fake.requests.at(-1)!.token).toBe('test-key');
    for (const bad of ['abc', '0', '39']) {
      const refused = await admin.request('GET', `/api/epl-results/status?matchday=${bad}`);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await admin.request('POST', '/api/epl-results/update/39')).status).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await app.request('GET', '/api/epl-results/scheduler/status')).status).toBe(401);
    const player = await registerPlayer(app, admin);
    const refused = await player.request('POST', '/api/epl-results/update/28');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN_ADMIN_ONLY' });
  });

  it('moves the lock time of both options when a kickoff moves, once', async () => {
    round28.set('ARS-CHE', { ...round28.get('ARS-CHE')!, utcDate: '2026-03-02T20:00:00Z' });
    serve();
    const summary = await update(28);
    expect(summary).toMatchObject({
      message: 'Successfully updated results for matchday 28',
      matches: 10,
      fixturesUpdated: 1,
      resultsRecorded: 0,
    });
    const rows: { id: string; lock_at: Date; kickoff: Date }[] = await app.app
      .get(DataSource)
      .query('SELECT id, lock_at, kickoff FROM options WHERE id = ANY($1) ORDER BY id', [
        ['28-ARS', '28-CHE', '28-WOL'],
      ]);
    expect(rows.map((row) => [row.id, row.lock_at.toISOString()])).toEqual([
      ['28-ARS', '2026-03-02T20:00:00.000Z'],
      ['28-CHE', '2026-03-02T20:00:00.000Z'],
      ['28-WOL', '2026-02-27T20:00:00.000Z'],
    ]);
    // The matchweek's window follows its last match: the period now ends two hours after it.
    const periods = (await admin.request('GET', '/api/periods')).body as Period[];
    expect(periods.find((period) => period.id === 28)).toMatchObject({
      startDate: '2026-02-27T20:00:00.000Z',
      endDate: '2026-03-02T22:00:00.000Z',
    });
    expect((await update(28)).fixturesUpdated).toBe(0);
  });

  it('voids the picks on both teams of a match postponed before kickoff, refunding their use', async () => {
    const first = await registerPlayer(app, admin);
    const second = await registerPlayer(app, admin);
    for (const [player, optionId] of [
      [first, '28-BOU'],
      [first, '28-LIV'],
      [second, '28-SUN'],
    ] as const) {
      const made = await player.request('POST', '/api/choices', { periodId: 28, optionId });
      expect(made.status).toBe(201);
      await mirrorPick(player.user.id, optionId);
    }
    expect((await picksOf(first.user.id)).state.usage.get('BOU')).toBe(1);

    round28.set('BOU-SUN', { ...round28.get('BOU-SUN')!, status: 'POSTPONED' });
    serve();
    const summary = await update(28);
    expect(summary).toMatchObject({ fixturesUpdated: 1, picksVoided: 2, failedMatches: 0 });

    const firstPicks = await picksOf(first.user.id);
    expect(firstPicks.events.filter((e) => e.type === 'ChoiceVoided').map((e) => e.data)).toEqual([
      expect.objectContaining({ optionId: '28-BOU', teamKey: 'BOU', reason: 'postponed' }),
    ]);
    expect(firstPicks.state.usage.get('BOU')).toBeUndefined();
    expect(firstPicks.state.usage.get('LIV')).toBe(1);
    expect((await picksOf(second.user.id)).state.usage.get('SUN')).toBeUndefined();

    const [option] = await app.app
      .get(DataSource)
      .query<{ fixture_status: string }[]>(`SELECT fixture_status FROM options WHERE id = '28-BOU'`);
    expect(option!.fixture_status).toBe('POSTPONED');
    const again = await first.request('POST', '/api/choices', { periodId: 28, optionId: '28-BOU' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'OPTION_UNAVAILABLE' });

    expect(await update(28)).toMatchObject({ fixturesUpdated: 0, picksVoided: 0 });
  });

  it('records both options of every finished match, and never auto-completes a period with a postponed match', async () => {
    for (const [pair, [home, away]] of Object.entries(scores28)) {
      if (pair !== 'BOU-SUN') round28.set(pair, finished(round28.get(pair)!, home, away));
    }
    serve();
    const summary = await update(28);
    expect(summary).toMatchObject({
      finishedMatches: 9,
      resultsRecorded: 18,
      resultsHeldPending: 0,
      periodsCompleted: [],
    });
    const state = await period(28);
    expect(state.results.results.get('28-WOL')).toMatchObject({
      outcome: 'win',
      points: 3,
      source: 'provider',
      homeScore: 2,
      awayScore: 0,
    });
    expect(state.results.results.get('28-AVL')).toMatchObject({
      outcome: 'loss',
      points: 0,
      source: 'provider',
    });
    expect(state.results.results.get('28-EVE')).toMatchObject({ outcome: 'win' });
    expect(state.results.results.has('28-BOU')).toBe(false);
    expect(state.isCompleted).toBe(false);
    const periods = (await admin.request('GET', '/api/periods')).body as Period[];
    expect(periods.find((p) => p.id === 28)).toMatchObject({ isCompleted: false, isActive: true });

    const status = (await admin.request('GET', '/api/epl-results/status?matchday=28')).body as MatchdayStatus;
    expect(status).toMatchObject({ isComplete: false, finishedMatches: 9, totalMatches: 10 });
    expect(status.matches.find((m) => m.homeTeam === 'AFC Bournemouth')).toMatchObject({
      status: 'POSTPONED',
      homeScore: null,
    });
  });

  it('records nothing new when the same finished matches come again', async () => {
    const store = app.app.get<EventStore>(EVENT_STORE);
    const before = (await store.readStream('period-28')).length;
    const summary = await update(28);
    expect(summary).toMatchObject({
      finishedMatches: 9,
      resultsRecorded: 0,
      fixturesUpdated: 0,
      picksVoided: 0,
    });
    expect((await store.readStream('period-28')).length).toBe(before);
  });

  it('replaces a provider result when the provider corrects the score', async () => {
    round28.set('ARS-CHE', finished(round28.get('ARS-CHE')!, 2, 2));
    serve();
    expect(await update(28)).toMatchObject({ resultsRecorded: 2 });
    const state = await period(28);
    expect(state.results.results.get('28-ARS')).toMatchObject({
      outcome: 'draw',
      points: 1,
      source: 'provider',
      homeScore: 2,
      awayScore: 2,
    });
    expect(state.results.results.get('28-CHE')).toMatchObject({ outcome: 'draw', points: 1 });
  });

  it('never overwrites a result an admin set', async () => {
    const saved = await admin.request('POST', '/api/results', {
      force: true,
      optionId: '28-LIV',
      outcome: 'loss',
      points: 0,
    });
    expect(saved.status).toBeLessThan(300);
    round28.set('LIV-WHU', finished(round28.get('LIV-WHU')!, 5, 3));
    serve();
    expect(await update(28)).toMatchObject({ resultsRecorded: 1 });
    const state = await period(28);
    expect(state.results.results.get('28-LIV')).toMatchObject({ outcome: 'loss', source: 'admin' });
    expect(state.results.results.get('28-WHU')).toMatchObject({
      outcome: 'loss',
      source: 'provider',
      homeScore: 5,
      awayScore: 3,
    });
  });

  it('auto-completes a period once every fixture has finished with a result, and pushes each finished match', async () => {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(app.baseUrl, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: admin.cookieHeader()! },
    });
    const notices: MatchFinishedNotice[] = [];
    // Matchweek 29's news and the sentinel's (0); the test before's may still be on its way.
    onNews(socket, (news) =>
      notices.push(...news.matchesFinished.filter((notice) => notice.matchweek !== 28)),
    );
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    try {
      const summary = await update(29);
      expect(summary).toMatchObject({
        matches: 10,
        finishedMatches: 10,
        resultsRecorded: 20,
        periodsCompleted: [29],
      });
      const periods = (await admin.request('GET', '/api/periods')).body as Period[];
      expect(periods.find((p) => p.id === 29)).toMatchObject({
        isCompleted: true,
        isManuallyCompleted: false,
      });
      const completed = (await app.app.get<EventStore>(EVENT_STORE).readStream('period-29')).filter(
        (e) => e.type === 'PeriodCompleted',
      );
      expect(completed).toHaveLength(1);
      expect(completed[0]!.data).toMatchObject({ periodId: 29, manual: false });
      expect(completed[0]!.metadata).toMatchObject({ source: 'system', actor: admin.user.id });

      await eventually('ten match-finished notices', () => notices.length >= 10);
      expect(notices).toHaveLength(10);
      expect(notices).toContainEqual({
        matchweek: 29,
        homeTeam: 'AFC Bournemouth',
        awayTeam: 'Brentford FC',
        homeScore: 0,
        awayScore: 0,
      });
      expect(notices).toContainEqual({
        matchweek: 29,
        homeTeam: 'Aston Villa FC',
        awayTeam: 'Chelsea FC',
        homeScore: 1,
        awayScore: 4,
      });

      // Nothing new, nothing pushed. An update hands its news over before it answers, and the
      // pool's notices keep their order: news handed over after the answer comes after any the
      // update's.
      expect(await update(29)).toMatchObject({ resultsRecorded: 0, periodsCompleted: [] });
      const sentinel = {
        matchweek: 0,
        homeTeam: 'after',
        awayTeam: 'the update',
        homeScore: 0,
        awayScore: 0,
      };
      app.app.get(RealtimeGateway).matchFinished(sentinel, 0n);
      await eventually('the notice sent after the update', () => notices.length > 10);
      expect(notices.slice(10)).toEqual([sentinel]);
    } finally {
      socket.close();
    }
  });

  it('holds a corrected result for a completed period as pending', async () => {
    const corrected = matchweek29().map((match) =>
      key(match) === 'TOT-CRY' ? finished(match, 2, 3) : match,
    );
    fake.matches = [...round28.values(), ...corrected];
    expect(await update(29)).toMatchObject({ resultsRecorded: 0, resultsHeldPending: 2 });
    const state = await period(29);
    expect(state.results.results.get('29-TOT')).toMatchObject({ homeScore: 1, awayScore: 3 });
    expect(state.results.pending.get('29-TOT')).toMatchObject({
      outcome: 'loss',
      homeScore: 2,
      awayScore: 3,
      source: 'provider',
    });
    serve();
  });

  it('updates every finished match of the season in one request', async () => {
    const response = await admin.request('POST', '/api/epl-results/update-all');
    expect(response.status).toBe(200);
    expect(Object.fromEntries(fake.requests.at(-1)!.query)).toEqual({
      season: '2025',
      status: 'FINISHED,AWARDED',
    });
    expect(response.body).toMatchObject({ finishedMatches: 19, resultsRecorded: 0, failedMatches: 0 });
  });

  it('answers with a stable code when the provider refuses or fails', async () => {
    fake.faults = [
      {
        kind: 'status',
        status: 403,
        body: {
          message:
            'The resource you are looking for is restricted and apparently not within your permissions. Please check your subscription.',
          errorCode: 403,
        },
      },
    ];
    const refused = await admin.request('POST', '/api/epl-results/update/28');
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ code: 'RESULTS_PROVIDER_REJECTED' });
    expect((refused.body as { message: string }).message).toMatch(/restricted/);
    expect(fake.faults).toEqual([]);
  });
});
