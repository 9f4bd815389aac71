import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MatchdayStatus, SchedulerStatus } from '@treble/contracts';
import { ResultsScheduler } from '../../src/live-results/results-scheduler.js';
import { ResultsDigests } from '../../src/notifications/results-digest.js';
import { registerAdmin, startTestApp, type SignedIn, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';
import { readCaptured, startFakeFootballData, type FakeFootballData } from '../support/fake-football-data.js';

const start = new Date('2025-08-10T12:00:00Z');
const minutes = (count: number) => count * 60_000;
const refusal = {
  kind: 'status' as const,
  status: 403,
  body: {
    message: 'The resource you are looking for is restricted. Please check your subscription.',
    errorCode: 403,
  },
};

/** Admins see provider trouble: the last poll on the Live Results card, unreadable matches, and the digest. */
describe.each(databaseTargets)('provider trouble on $name', (target) => {
  let app: TestApp;
  let fake: FakeFootballData;
  let admin: SignedIn;
  let brokenId: number;

  beforeAll(async () => {
    fake = await startFakeFootballData();
    const matches = readCaptured('example-pl-2025-26-matchday-28.json').matches;
    delete matches[3]!.score;
    brokenId = matches[3]!.id as number;
    fake.matches = matches;
    app = await startTestApp(target, {
      POOL_NOW: start.toISOString(),
      FOOTBALL_DATA_API_KEY: 'test-key',
      FOOTBALL_DATA_URL: fake.url,
      FOOTBALL_DATA_REQUESTS_PER_MINUTE: '600',
      RESULTS_SCHEDULER_AUTOSTART: 'false',
      NOTIFICATIONS_CHECK_SECONDS: '3600',
    });
    admin = await registerAdmin(app);
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  it('lists the matches of a matchday the provider sent that could not be read', async () => {
    const status = (await admin.request('GET', '/api/epl-results/status?matchday=28')).body as MatchdayStatus;
    expect(status.totalMatches).toBe(9);
    expect(status.unreadable).toEqual([{ id: brokenId, reason: 'score.fullTime is missing' }]);
  });

  it("shows failed polls on the scheduler status, and repeated failures in the admins' digest", async () => {
    const scheduler = app.app.get(ResultsScheduler);
    fake.faults = [refusal, refusal, refusal];
    for (let poll = 0; poll < 3; poll++) {
      app.clock!.set(new Date(start.getTime() + minutes(20 * (poll + 1))));
      // Starting polls at once, on the scheduler's own timer; runOnce waits for that poll (or makes
      // it, when the timer has not fired yet), so each step of the clock is one poll.
      if (poll === 0)
        expect((await admin.request('POST', '/api/epl-results/scheduler/start')).status).toBe(200);
      await scheduler.runOnce();
    }
    const failing = (await admin.request('GET', '/api/epl-results/scheduler/status')).body as SchedulerStatus;
    expect(failing).toMatchObject({
      isRunning: true,
      lastPoll: {
        at: new Date(start.getTime() + minutes(60)).toISOString(),
        ok: false,
        consecutiveFailures: 3,
        failingSince: new Date(start.getTime() + minutes(20)).toISOString(),
      },
    });
    expect(failing.lastPoll!.error).toContain('restricted');

    // The admins' digest of the next completed matchweek says so.
    expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
    expect((await admin.request('POST', '/api/periods/1/complete', { force: true })).status).toBe(200);
    const digest = await app.app.get(ResultsDigests).build(1, app.clock!.now());
    expect(digest.forAdmins.text).toContain(
      '- the results provider failed its last 3 polls (since 2025-08-10 12:20 UTC): ',
    );
    expect(digest.forAdmins.text).toContain('restricted');

    // A good poll clears it, and counts what it could not read.
    app.clock!.set(new Date(start.getTime() + minutes(80)));
    await scheduler.runOnce();
    const healthy = (await admin.request('GET', '/api/epl-results/scheduler/status')).body as SchedulerStatus;
    expect(healthy.lastPoll).toMatchObject({
      ok: true,
      error: null,
      consecutiveFailures: 0,
      failingSince: null,
    });
    expect((await app.app.get(ResultsDigests).build(1, app.clock!.now())).forAdmins.text).not.toContain(
      'results provider',
    );
  });
});
