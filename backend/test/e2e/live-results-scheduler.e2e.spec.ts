import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MatchdayStatus, Period, ResultsUpdateSummary, SchedulerStatus } from '@treble/contracts';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { ResultsScheduler } from '../../src/live-results/results-scheduler.js';
import { PeriodStreams } from '../../src/season/period-streams.js';
import {
  registerAdmin,
  restartableTestApp,
  startTestApp,
  type SignedIn,
  type TestApp,
  type TestClient,
} from '../support/app.js';
import { databaseTargets } from '../support/databases.js';

async function signIn(app: TestApp, account: SignedIn): Promise<TestClient> {
  const client = app.client();
  const response = await client.request('POST', '/api/auth/login', {
    email: account.user.email,
    password: account.password,
  });
  expect(response.status).toBe(200);
  return client;
}

describe.each(databaseTargets)('the results scheduler on $name', (target) => {
  it('keeps its running state across restarts, recorded with the acting admin', async () => {
    const pool = await restartableTestApp(target, {
      RESULTS_PROVIDER: 'replay',
      POOL_NOW: '2025-07-01T12:00:00Z',
      RESULTS_SCHEDULER_AUTOSTART: 'false',
    });
    let app = await pool.start();
    try {
      const admin: SignedIn = await registerAdmin(app);
      const initial = await admin.request('GET', '/api/epl-results/scheduler/status');
      expect(initial.body).toEqual({ isRunning: false, nextUpdate: null, providerConfigured: true });

      const started = await admin.request('POST', '/api/epl-results/scheduler/start');
      expect(started.status).toBe(200);
      expect(started.body).toMatchObject({
        message: 'Scheduler started',
        isRunning: true,
        providerConfigured: true,
      });
      expect(Date.parse((started.body as SchedulerStatus).nextUpdate!)).not.toBeNaN();
      // Starting twice decides nothing new.
      expect((await admin.request('POST', '/api/epl-results/scheduler/start')).body).toMatchObject({
        isRunning: true,
      });
      const events = await app.app.get<EventStore>(EVENT_STORE).readStream('scheduler');
      expect(events.map((e) => e.type)).toEqual(['ResultsSchedulerStarted']);
      expect(events[0]!.data).toEqual({ actor: admin.user.id });
      expect(events[0]!.metadata).toMatchObject({ actor: admin.user.id, source: 'admin' });

      await app.app.get(ResultsScheduler).runOnce();
      const polled = (await admin.request('GET', '/api/epl-results/scheduler/status'))
        .body as SchedulerStatus;
      expect(polled.isRunning).toBe(true);
      // The pool's clock is pinned before the season: nothing is live, so the next poll is the regular 15 minutes away.
      expect(polled.nextUpdate).toBe('2025-07-01T12:15:00.000Z');

      await app.close();
      app = await pool.start();
      let client = await signIn(app, admin);
      expect((await client.request('GET', '/api/epl-results/scheduler/status')).body).toMatchObject({
        isRunning: true,
      });

      const stopped = await client.request('POST', '/api/epl-results/scheduler/stop');
      expect(stopped.body).toEqual({
        message: 'Scheduler stopped',
        isRunning: false,
        nextUpdate: null,
        providerConfigured: true,
      });

      // Stopped stays stopped, even where autostart is on: autostart only acts on a pool's first start.
      await app.close();
      app = await pool.start({ RESULTS_SCHEDULER_AUTOSTART: 'true' });
      client = await signIn(app, admin);
      expect((await client.request('GET', '/api/epl-results/scheduler/status')).body).toMatchObject({
        isRunning: false,
        nextUpdate: null,
      });
      const history = await app.app.get<EventStore>(EVENT_STORE).readStream('scheduler');
      expect(history.map((e) => e.type)).toEqual(['ResultsSchedulerStarted', 'ResultsSchedulerStopped']);
    } finally {
      await app.close();
      await pool.dispose();
    }
  });

  it('starts itself on a new pool when autostart is on', async () => {
    const app = await startTestApp(target, { RESULTS_PROVIDER: 'replay', POOL_NOW: '2025-07-01T12:00:00Z' });
    try {
      const admin = await registerAdmin(app);
      expect((await admin.request('GET', '/api/epl-results/scheduler/status')).body).toMatchObject({
        isRunning: true,
      });
      const [event] = await app.app.get<EventStore>(EVENT_STORE).readStream('scheduler');
      expect(event).toMatchObject({ type: 'ResultsSchedulerStarted', data: { actor: 'system' } });
    } finally {
      await app.close();
    }
  });

  it('is off, and says why, without a provider', async () => {
    const app = await startTestApp(target, { POOL_NOW: '2025-07-01T12:00:00Z' });
    try {
      const admin = await registerAdmin(app);
      expect((await admin.request('GET', '/api/epl-results/scheduler/status')).body).toEqual({
        isRunning: false,
        nextUpdate: null,
        providerConfigured: false,
      });
      for (const [method, path] of [
        ['POST', '/api/epl-results/scheduler/start'],
        ['POST', '/api/epl-results/update/1'],
        ['POST', '/api/epl-results/update-all'],
        ['GET', '/api/epl-results/status?matchday=1'],
      ] as const) {
        const response = await admin.request(method, path);
        expect(response.status).toBe(503);
        expect(response.body).toMatchObject({ code: 'RESULTS_PROVIDER_NOT_CONFIGURED' });
        expect((response.body as { message: string }).message).toMatch(/FOOTBALL_DATA_API_KEY/);
      }
      expect(await app.app.get<EventStore>(EVENT_STORE).readStream('scheduler')).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe.each(databaseTargets)('the season replay on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;

  const status = async (matchday: number) =>
    (await admin.request('GET', `/api/epl-results/status?matchday=${matchday}`)).body as MatchdayStatus;
  const opener = (s: MatchdayStatus) => s.matches.find((m) => m.homeTeam === 'Liverpool FC')!;

  beforeAll(async () => {
    // An hour before the season's first kickoff (Liverpool v Bournemouth, Fri 15 Aug 2025 20:00 BST).
    app = await startTestApp(target, {
      RESULTS_PROVIDER: 'replay',
      POOL_NOW: '2025-08-15T18:00:00Z',
      RESULTS_SCHEDULER_AUTOSTART: 'false',
    });
    admin = await registerAdmin(app);
    expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
    expect((await admin.request('POST', '/api/periods/1/epl-options', {})).status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('plays matches out at their real times on the pool clock', async () => {
    const before = await status(1);
    expect(before).toMatchObject({ totalMatches: 10, finishedMatches: 0, isComplete: false });
    expect(before.matches.every((m) => m.status === 'SCHEDULED')).toBe(true);

    app.clock!.set(new Date('2025-08-15T19:30:00Z'));
    expect(opener(await status(1))).toEqual({
      homeTeam: 'Liverpool FC',
      awayTeam: 'AFC Bournemouth',
      homeScore: null,
      awayScore: null,
      status: 'IN_PLAY',
    });

    app.clock!.set(new Date('2025-08-15T21:00:00Z'));
    const after = await status(1);
    expect(opener(after)).toMatchObject({ homeScore: 4, awayScore: 2, status: 'FINISHED' });
    expect(after.finishedMatches).toBe(1);
  });

  it('records results through the same path as the live API', async () => {
    const response = await admin.request('POST', '/api/epl-results/update/1');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      message: 'Successfully updated results for matchday 1',
      finishedMatches: 1,
      resultsRecorded: 2,
    });
    const state = await app.app.get(PeriodStreams).load(1);
    expect(state.results.results.get('1-LIV')).toMatchObject({
      outcome: 'win',
      source: 'provider',
      homeScore: 4,
      awayScore: 2,
    });
    expect(state.results.results.get('1-BOU')).toMatchObject({ outcome: 'loss' });
  });

  it('lets the scheduler finish the matchweek and complete the period once every match is played', async () => {
    app.clock!.set(new Date('2025-08-19T00:00:00Z'));
    expect((await admin.request('POST', '/api/epl-results/scheduler/start')).status).toBe(200);
    await app.app.get(ResultsScheduler).runOnce();

    const state = await app.app.get(PeriodStreams).load(1);
    expect(state.results.results.size).toBe(20);
    expect(state.isCompleted).toBe(true);
    expect(state.isManuallyCompleted).toBe(false);
    const periods = (await admin.request('GET', '/api/periods')).body as Period[];
    expect(periods.find((p) => p.id === 1)).toMatchObject({ isCompleted: true, isManuallyCompleted: false });
    const recorded = (await app.app.get<EventStore>(EVENT_STORE).readStream('period-1')).filter(
      (e) => e.type === 'ResultRecorded',
    );
    expect(recorded).toHaveLength(20);
    expect(recorded.at(-1)!.metadata).toMatchObject({ actor: 'replay', source: 'provider' });
    // Other periods have no options: their matches changed nothing.
    expect((await app.app.get(PeriodStreams).load(2)).results.results.size).toBe(0);
    const again = (await admin.request('POST', '/api/epl-results/update-all')).body as ResultsUpdateSummary;
    expect(again).toMatchObject({ resultsRecorded: 0, periodsCompleted: [] });
    expect(again.finishedMatches).toBe(10);
  });
});
