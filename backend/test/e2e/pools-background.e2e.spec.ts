import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatedInvitation, NotificationsOverview, Option } from '@treble/contracts';
import { replayMatches } from '../../src/live-results/domain/replay.js';
import { loadReplaySource } from '../../src/live-results/provider/replay.provider.js';
import { ResultsScheduler } from '../../src/live-results/results-scheduler.js';
import { NotificationsService } from '../../src/notifications/notifications.service.js';
import { registerAdmin, registerPlayer, startTestApp, type SignedIn, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';
import { startFakeFootballData, type FakeFootballData } from '../support/fake-football-data.js';
import { startMailbox, type Mailbox } from '../support/mailbox.js';
import { eventually } from '../support/waiting.js';

const hours = (count: number) => count * 3_600_000;
/** Matchweek 1 of 2025-26 is over (its last match: Mon 18 Aug, 20:00 BST). */
const afterMatchweek1 = new Date('2025-08-19T09:00:00Z');

/** A mail's headers unfolded (a long subject is folded over lines) and its body, for one address. */
const mailsTo = (mailbox: Mailbox, email: string) =>
  mailbox.mails
    .filter((mail) => mail.to.includes(email) && !/Subject: Welcome to the pool/.test(mail.body))
    .map((mail) => mail.body.replace(/\r?\n[ \t]+/g, ' '));

/**
 * The background work of an install with several pools (docs/adr/015): one results poll per season
 * serves every pool whose switch is on, and a person due reminders in several pools gets one
 * message naming each, logged in each pool's own delivery log, which no other pool's admin reads.
 */
describe.each(databaseTargets)('the background work of every pool on $name', (target) => {
  let app: TestApp;
  let fake: FakeFootballData;
  let mailbox: Mailbox;
  let ada: SignedIn;
  let pia: SignedIn;
  const family = '/api/pools/family-2025';

  beforeAll(async () => {
    fake = await startFakeFootballData();
    mailbox = await startMailbox();
    app = await startTestApp(target, {
      POOL_NOW: '2025-08-10T12:00:00Z',
      POOL_NAME: 'Office pool',
      POOL_CREATION: 'anyone',
      FOOTBALL_DATA_API_KEY: 'test-key',
      FOOTBALL_DATA_URL: fake.url,
      FOOTBALL_DATA_REQUESTS_PER_MINUTE: '600',
      RESULTS_SCHEDULER_AUTOSTART: 'false',
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      PUBLIC_URL: 'https://pool.treble.example',
      NOTIFICATIONS_CHECK_SECONDS: '3600',
    });
    ada = await registerAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
    pia = await registerPlayer(app, ada, { firstName: 'Pia', lastName: 'Player' });
    expect(
      (await ada.request('POST', '/api/pools', { address: 'family-2025', name: 'Family pool' })).status,
    ).toBe(201);
    // Pia's own pool has imported no season yet: nothing to remind; the season an import would
    // choose now is polled for it, with the others playing it.
    expect(
      (await pia.request('POST', '/api/pools', { address: 'school-2025', name: 'School pool' })).status,
    ).toBe(201);
    for (const pool of ['/api', family]) {
      expect((await ada.request('POST', `${pool}/admin/setup/periods`, {})).status).toBe(200);
      expect((await ada.request('POST', `${pool}/admin/setup/options`, {})).status).toBe(200);
    }
    const { token } = (await ada.request('POST', `${family}/invites`, {})).body as CreatedInvitation;
    expect((await pia.request('POST', `/api/invitations/${token}/join`, {})).status).toBe(200);
    // Ada has picked in the office pool, not in the family pool; Pia in neither.
    for (const optionId of ['1-ARS', '1-MUN', '1-WOL'])
      expect((await ada.request('POST', '/api/choices', { periodId: 1, optionId })).status).toBe(201);
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await fake?.close();
    await mailbox?.close();
  });

  it('reminds a person short of picks in two pools with one message naming both', async () => {
    const options = (await pia.request('GET', '/api/periods/1/options')).body as Option[];
    const deadline = Math.min(...options.map((option) => Date.parse(option.lockAt!)));
    app.clock!.set(new Date(deadline - hours(24) + 60_000));
    await app.app.get(NotificationsService).runOnce(app.clock!.now());

    const piaMails = mailsTo(mailbox, pia.user.email);
    expect(piaMails).toHaveLength(1);
    expect(piaMails[0]).toContain('Subject: Picks to make in 2 pools: Office pool, Family pool');
    expect(piaMails[0]).toContain('== Office pool ==');
    expect(piaMails[0]).toContain('== Family pool ==');
    expect(piaMails[0]).toContain('https://pool.treble.example/predictions');
    expect(piaMails[0]).toContain('https://pool.treble.example/p/family-2025/predictions');
    // Ada is short in one pool only: that pool's reminder as a one-pool install sends it, linked into the pool.
    const adaMails = mailsTo(mailbox, ada.user.email);
    expect(adaMails).toHaveLength(1);
    expect(adaMails[0]).not.toContain('2 pools');
    expect(adaMails[0]).toContain('https://pool.treble.example/p/family-2025/predictions');

    // Each pool's log holds its own deliveries; an admin of another pool reads none of them.
    const logOf = async (client: SignedIn, pool: string) =>
      ((await client.request('GET', `${pool}/admin/notifications`)).body as NotificationsOverview).log
        .filter((entry) => entry.kind !== 'welcome')
        .map((entry) => [entry.userId, entry.kind, entry.periodId]);
    expect(await logOf(ada, '/api')).toEqual([[pia.user.id, 'reminder', 1]]);
    expect((await logOf(ada, family)).sort()).toEqual(
      [
        [pia.user.id, 'reminder', 1],
        [ada.user.id, 'reminder', 1],
      ].sort(),
    );
    expect(await logOf(pia, '/api/pools/school-2025')).toEqual([]);

    // Decided once in each pool: a second check sends nothing more.
    await app.app.get(NotificationsService).runOnce(app.clock!.now());
    expect(mailsTo(mailbox, pia.user.email)).toHaveLength(1);
  });

  it('polls the provider once for every pool of a season, and records the results in each', async () => {
    for (const pool of ['/api', family, '/api/pools/school-2025']) {
      const client = pool.endsWith('school-2025') ? pia : ada;
      expect((await client.request('POST', `${pool}/epl-results/scheduler/start`)).status).toBe(200);
    }
    // Starting a switch polls at once, on the scheduler's own timer: let that poll be done first.
    await app.app.get(ResultsScheduler).runOnce();
    const source = loadReplaySource('2025-26');
    fake.matches = replayMatches(source.fixtures, source.teams, afterMatchweek1) as Record<string, unknown>[];
    fake.requests.length = 0;
    app.clock!.set(afterMatchweek1);
    await app.app.get(ResultsScheduler).runOnce();

    // One full-season request for 2025-26, however many pools play it.
    expect(fake.requests.map((request) => [request.path, request.query.get('season')])).toEqual([
      [expect.stringMatching(/\/competitions\/PL\/matches$/), '2025'],
    ]);
    for (const [client, pool] of [
      [pia, '/api'],
      [pia, family],
    ] as const) {
      const results = await eventually(`results in ${pool}`, async () => {
        const options = (await client.request('GET', `${pool}/periods/1/options`)).body as Option[];
        return options.every((option) => option.result !== null) && options;
      });
      expect(results.find((option) => option.id === '1-LIV')?.result).toMatchObject({
        outcome: 'win',
        points: 3,
      });
    }

    // A pool's switch is its own: the family pool stopped takes no more results, the office pool still does.
    const stopped = await ada.request('POST', `${family}/epl-results/scheduler/stop`);
    expect(stopped.body).toMatchObject({ isRunning: false });
    expect((await ada.request('GET', '/api/epl-results/scheduler/status')).body).toMatchObject({
      isRunning: true,
    });
  });
});
