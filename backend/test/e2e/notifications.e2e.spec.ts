import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NotificationSettings, NotificationsOverview, Option } from '@treble/contracts';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { Database } from '../../src/platform/database/database.js';
import { ProjectionEngine } from '../../src/projections/projection-engine.js';
import { NotificationsService } from '../../src/notifications/notifications.service.js';
import {
  registerAdmin,
  registerPlayer,
  restartableTestApp,
  type RestartableTestApp,
  type SignedIn,
  type TestApp,
} from '../support/app.js';
import { databaseTargets } from '../support/databases.js';
import { startMailbox, type Mailbox, type ReceivedMail } from '../support/mailbox.js';

const start = new Date('2025-08-10T12:00:00Z');
const hours = (count: number) => count * 3_600_000;

interface FixtureMatch {
  round: string;
  team1: string;
  team2: string;
  score: { ft: [number, number] };
}
const fixtures = (
  JSON.parse(fs.readFileSync(path.resolve('data/seasons/2025-26/fixtures.openfootball.json'), 'utf8')) as {
    matches: FixtureMatch[];
  }
).matches;

/** The real result of a team's match in a matchweek, from the bundled season fixture. */
function outcomeOf(matchweek: number, team: string): 'win' | 'draw' | 'loss' {
  const match = fixtures.find(
    (m) => m.round === `Matchday ${matchweek}` && (m.team1 === team || m.team2 === team),
  )!;
  const [home, away] = match.score.ft;
  const mine = match.team1 === team ? home - away : away - home;
  return mine > 0 ? 'win' : mine === 0 ? 'draw' : 'loss';
}

/** What went to one address, leaving out the welcome every new account gets. */
const to = (mailbox: Mailbox, email: string) =>
  mailbox.mails.filter(
    (mail: ReceivedMail) => mail.to.includes(email) && !/Subject: Welcome to the pool/.test(mail.body),
  );

describe.each(databaseTargets)('reminders and results digests on $name', (target) => {
  let pool: RestartableTestApp;
  let app: TestApp;
  let mailbox: Mailbox;
  let admin: SignedIn;
  let ann: SignedIn;
  let bob: SignedIn;
  let cleo: SignedIn;
  let dan: SignedIn;
  let deadline: Date;
  const env = () => ({
    POOL_NOW: start.toISOString(),
    SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
    PUBLIC_URL: 'https://pool.treble.example',
    NOTIFICATIONS_CHECK_SECONDS: '3600',
  });
  const service = () => app.app.get(NotificationsService);

  beforeAll(async () => {
    mailbox = await startMailbox();
    pool = await restartableTestApp(target, env());
    app = await pool.start();
    admin = await registerAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
    ann = await registerPlayer(app, admin, { firstName: 'Ann', lastName: 'Able' });
    bob = await registerPlayer(app, admin, { firstName: 'Bob', lastName: 'Baker' });
    cleo = await registerPlayer(app, admin, { firstName: 'Cleo', lastName: 'Gone' });
    dan = await registerPlayer(app, admin, { firstName: 'Dan', lastName: 'Dawdle' });
    expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
    expect((await admin.request('POST', '/api/admin/setup/options', {})).status).toBe(200);
    const options = (await ann.request('GET', '/api/periods/1/options')).body as Option[];
    deadline = new Date(Math.min(...options.map((option) => Date.parse(option.lockAt!))));
    // Ann picks 3 in matchweek 2 and none in 1; Bob all 3 in 1; Dan 1 in 1; Cleo is deactivated.
    for (const optionId of ['1-ARS', '1-MUN', '1-WOL'])
      expect((await bob.request('POST', '/api/choices', { periodId: 1, optionId })).status).toBe(201);
    expect((await dan.request('POST', '/api/choices', { periodId: 1, optionId: '1-AVL' })).status).toBe(201);
    for (const optionId of ['2-LIV', '2-MCI', '2-ARS'])
      expect((await ann.request('POST', '/api/choices', { periodId: 2, optionId })).status).toBe(201);
    expect(
      (await admin.request('PATCH', `/api/admin/users/${cleo.user.id}/active`, { active: false })).status,
    ).toBe(200);
    expect(
      (await ann.request('PUT', '/api/notifications/time-zone', { timeZone: 'America/New_York' })).status,
    ).toBe(204);
    // A time zone already set is kept.
    expect(
      (await ann.request('PUT', '/api/notifications/time-zone', { timeZone: 'Asia/Tokyo' })).status,
    ).toBe(204);
    expect(
      ((await ann.request('GET', '/api/notifications/settings')).body as NotificationSettings).timeZone,
    ).toBe('America/New_York');
  });
  afterAll(async () => {
    await app?.close();
    await pool?.dispose();
    await mailbox?.close();
  });

  it('sends nothing before the 24 h slot; then reminds each active player short of picks once, even when two runs race', async () => {
    app.clock!.set(new Date(deadline.getTime() - hours(24) - 60_000));
    expect(await service().decideDueReminders(app.clock!.now())).toEqual([]);

    app.clock!.set(new Date(deadline.getTime() - hours(24) + 60_000));
    const now = app.clock!.now();
    // Two instances finding the same reminder due at the same moment: one append wins.
    const second = await restartableSecond();
    await Promise.all([service().runOnce(now), second.runOnce(now)]);
    await second.close();

    expect(to(mailbox, admin.user.email)).toHaveLength(1);
    expect(to(mailbox, ann.user.email)).toHaveLength(1);
    expect(to(mailbox, dan.user.email)).toHaveLength(1);
    expect(to(mailbox, bob.user.email)).toHaveLength(0);
    expect(to(mailbox, cleo.user.email)).toHaveLength(0);

    const annMail = to(mailbox, ann.user.email)[0]!.body;
    expect(annMail).toContain('Subject: Matchweek 1: 0 of 3 picks made');
    expect(annMail).toContain('you have made 0 of your 3 picks for Matchweek 1. 3 still open.');
    // 19:00 UTC is 15:00 in New York.
    expect(annMail).toContain('First deadline: Fri 15 Aug, 15:00 (America/New_York).');
    expect(annMail).toContain(
      '- Liverpool FC v AFC Bournemouth (locks Fri 15 Aug, 15:00 (America/New_York))',
    );
    expect(annMail).toContain('https://pool.treble.example/predictions');
    expect(annMail).toMatch(/Content-Type: text\/html/);
    const danMail = to(mailbox, dan.user.email)[0]!.body;
    expect(danMail).toContain('you have made 1 of your 3 picks');
    expect(danMail).toContain('Your picks: Aston Villa FC.');
    expect(danMail).toContain('(UTC)');

    const stream = await app.app.get<EventStore>(EVENT_STORE).readStream('notifications-period-1');
    expect(
      stream.map((event) => [
        event.type,
        (event.data as { slotHours: number }).slotHours,
        (event.data as { userIds: string[] }).userIds.length,
      ]),
    ).toEqual([['ReminderDecided', 24, 3]]);
  });

  /** The same browser session against the restarted app (it listens on a new port). */
  function rebind(signedIn: SignedIn): SignedIn {
    const client = app.client();
    for (const [name, value] of signedIn.cookies) client.cookies.set(name, value);
    return Object.assign(client, { user: signedIn.user, password: signedIn.password });
  }

  async function restartableSecond(): Promise<{ runOnce(now: Date): Promise<void>; close(): Promise<void> }> {
    // On a Postgres server a second instance of the app shares the database; the embedded database
    // is for one process only, so there the same instance runs the check twice at once.
    if (target.name === 'Postgres server') {
      const other = await pool.start();
      return {
        runOnce: (now) => other.app.get(NotificationsService).runOnce(now),
        close: () => other.close(),
      };
    }
    return { runOnce: (now) => service().runOnce(now), close: async () => {} };
  }

  it('a restart at the moment of sending does not send the 2 h reminder again', async () => {
    app.clock!.set(new Date(deadline.getTime() - hours(2) + 60_000));
    const decided = await service().decideDueReminders(app.clock!.now());
    expect(decided.map((batch) => [batch.slotHours, batch.userIds.length])).toEqual([[2, 3]]);
    // The instance dies before it sends; a new one starts at the same moment.
    const sentBefore = mailbox.mails.length;
    await app.close();
    app = await pool.start({ POOL_NOW: new Date(deadline.getTime() - hours(2) + 60_000).toISOString() });
    [admin, ann, bob, cleo, dan] = [rebind(admin), rebind(ann), rebind(bob), rebind(cleo), rebind(dan)];
    await service().runOnce(app.clock!.now());
    expect(mailbox.mails.length).toBe(sentBefore);
    expect(await service().decideDueReminders(app.clock!.now())).toEqual([]);
  });

  it('the unsubscribe link in a reminder turns those e-mails off without signing in', async () => {
    // Unfold the folded header lines before reading them.
    const mail = to(mailbox, ann.user.email)[0]!.body.replace(/\r?\n[ \t]+/g, ' ');
    const link = /https:\/\/pool\.treble\.example(\/api\/notifications\/unsubscribe\?token=[^\s"<>]+)/.exec(
      mail,
    )![1]!;
    expect(mail).toContain(
      'List-Unsubscribe: <https://pool.treble.example/api/notifications/unsubscribe?token=',
    );
    const page = await app.request('GET', link.replace(/&amp;/g, '&'));
    expect(page.status).toBe(200);
    expect(page.text).toContain('You will get no more reminder e-mails from this pool.');
    const settings = (await ann.request('GET', '/api/notifications/settings')).body as NotificationSettings;
    expect(settings).toEqual({
      timeZone: 'America/New_York',
      reminder: { email: false, push: true },
      results: { email: true, push: true },
      announcement: { email: true, push: true },
    });
    const forged = await app.request('GET', link.replace(/.{4}$/, 'AAAA'));
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('after a matchweek completes each player gets points, rank movement and survivor status; admins a summary', async () => {
    // Matchweek 1 with the real results of the season fixture (Chelsea drew 0-0 with Palace, ...).
    const options = (await admin.request('GET', '/api/periods/1/options')).body as Option[];
    for (const option of options) {
      if (option.id === '1-EVE') continue; // one result is left out: the summary must notice
      expect(
        (
          await admin.request('POST', '/api/results', {
            optionId: option.id,
            outcome: outcomeOf(1, option.name),
            force: true,
          })
        ).status,
      ).toBe(201);
    }
    app.clock!.set(new Date('2025-08-19T09:00:00Z'));
    expect((await admin.request('POST', '/api/periods/1/complete', { force: true })).status).toBe(200);
    await service().runOnce(app.clock!.now());
    await service().runOnce(app.clock!.now());

    const digestOf = (email: string) =>
      to(mailbox, email).filter((mail) => /Subject: Matchweek 1 results/.test(mail.body));
    expect(digestOf(bob.user.email)).toHaveLength(1);
    const bobDigest = digestOf(bob.user.email)[0]!.body;
    // Arsenal won at United (1-0), Wolves lost to City (0-4): 3 points.
    expect(bobDigest).toContain('Matchweek 1 is complete: you scored 3 points with 3 picks.');
    expect(bobDigest).toMatch(/Overall: rank 1 \(new\), 3 points/);
    expect(bobDigest).toContain('Survivor: rank 1 (new), 3 points; still in, 1 strike');
    const danDigest = digestOf(dan.user.email)[0]!.body;
    // Aston Villa 0-0 Newcastle: 1 point.
    expect(danDigest).toContain('you scored 1 points with 1 picks.');
    expect(digestOf(cleo.user.email)).toHaveLength(0);

    const summary = to(mailbox, admin.user.email).filter((mail) =>
      /Subject: Matchweek 1 admin summary/.test(mail.body),
    );
    expect(summary).toHaveLength(1);
    expect(summary[0]!.body).toContain('- 1 option without a result');
    expect(summary[0]!.body).toContain('- 2 players did not pick: Ada Admin, Ann Able');

    // Matchweek 2 moves the ranks: Ann's 3 picks against Bob's none.
    for (const optionId of ['2-LIV', '2-MCI', '2-ARS']) {
      expect(
        (
          await admin.request('POST', '/api/results', {
            optionId,
            outcome: outcomeOf(
              2,
              ((await admin.request('GET', '/api/periods/2/options')).body as Option[]).find(
                (o) => o.id === optionId,
              )!.name,
            ),
            force: true,
          })
        ).status,
      ).toBe(201);
    }
    app.clock!.set(new Date('2025-08-26T09:00:00Z'));
    expect((await admin.request('POST', '/api/periods/2/complete', { force: true })).status).toBe(200);
    await service().runOnce(app.clock!.now());
    const week2 = (email: string) =>
      to(mailbox, email).filter((mail) => /Subject: Matchweek 2 results/.test(mail.body))[0]!.body;
    expect(week2(bob.user.email)).toContain('Matchweek 2 is complete: you scored 0 points with 0 picks.');
    // Liverpool beat Newcastle, Spurs beat City, Arsenal beat Leeds: Ann 6, Bob 3, Dan 1.
    expect(week2(ann.user.email)).toContain('Matchweek 2 is complete: you scored 6 points with 3 picks.');
    // Ann's picks made her an entrant from the start: 0 points and a strike in matchweek 1.
    expect(week2(ann.user.email)).toContain('Overall: rank 1 (up 2 from 3), 6 points');
    expect(week2(ann.user.email)).toContain('Survivor: rank 1 (up 2 from 3), 6 points; still in, 1 strike');
    expect(week2(bob.user.email)).toContain('Overall: rank 2 (down 1 from 1), 3 points');
    expect(week2(bob.user.email)).toContain(
      'Survivor: rank 2 (down 1 from 1), 3 points; still in, 2 strikes',
    );
    expect(week2(dan.user.email)).toContain('Overall: rank 3 (down 1 from 2), 1 points');
  });

  it('the Email Alerts overview lists what went out, and a one-off message reaches players who have not picked', async () => {
    const overview = (await admin.request('GET', '/api/admin/notifications')).body as NotificationsOverview;
    expect(overview.emailConfigured).toBe(true);
    expect(overview.reminderHours).toEqual([24, 2]);
    expect(
      overview.log.some(
        (entry) =>
          entry.recipient === ann.user.email && entry.kind === 'reminder' && entry.status === 'delivered',
      ),
    ).toBe(true);
    expect(overview.upcoming[0]).toMatchObject({ kind: 'reminder', periodId: 3, slotHours: 24 });

    const preview = await admin.request('GET', '/api/admin/notifications/preview?kind=results&periodId=1');
    expect(preview.body).toMatchObject({ subject: 'Matchweek 1 results: you scored 0' });

    // (Two weeks on, the players' sessions have expired: they sign in again.)
    for (const player of [ann, bob, dan]) {
      expect(
        (
          await player.request('POST', '/api/auth/login', {
            email: player.user.email,
            password: player.password,
          })
        ).status,
      ).toBe(200);
    }
    // Dan turned off messages from the host; Bob wants them by push only, and no browser of his is subscribed.
    const choose = async (player: SignedIn, announcement: { email: boolean; push: boolean }) => {
      const current = (await player.request('GET', '/api/notifications/settings'))
        .body as NotificationSettings;
      const saved = await player.request('PUT', '/api/notifications/settings', { ...current, announcement });
      expect(saved.body).toEqual({ ...current, announcement });
    };
    await choose(dan, { email: false, push: false });
    await choose(bob, { email: false, push: true });
    const before = mailbox.mails.length;
    const sent = await admin.request('POST', '/api/admin/notifications/broadcast', {
      audience: 'not-picked',
      subject: 'Picks please',
      message: 'Matchweek 3 is open.',
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      recipients: 2,
      delivered: 2,
      failed: 0,
      skipped: { turnedOff: 1, unreachable: 1 },
    });
    expect(
      mailbox.mails
        .slice(before)
        .flatMap((mail) => mail.to)
        .sort(),
    ).toEqual([admin.user.email, ann.user.email].sort());
    // Its unsubscribe link turns off only messages from the host, by e-mail.
    const annMail = mailbox.mails
      .slice(before)
      .find((mail) => mail.to.includes(ann.user.email))!
      .body.replace(/\r?\n[ \t]+/g, ' ');
    expect(annMail).toContain('Stop these e-mails (messages from the pool host)');
    const link = /https:\/\/pool\.treble\.example(\/api\/notifications\/unsubscribe\?token=[^\s"<>]+)/.exec(
      annMail,
    )![1]!;
    expect((await app.request('GET', link.replace(/&amp;/g, '&'))).text).toContain(
      'e-mailed messages from the pool host',
    );
    expect(
      ((await ann.request('GET', '/api/notifications/settings')).body as NotificationSettings).announcement,
    ).toEqual({ email: false, push: true });
    // A client that predates the choice leaves it out: it is kept.
    const { announcement: _kept, ...older } = (await dan.request('GET', '/api/notifications/settings'))
      .body as NotificationSettings;
    expect(
      ((await dan.request('PUT', '/api/notifications/settings', older)).body as NotificationSettings)
        .announcement,
    ).toEqual({ email: false, push: false });
    expect(
      (
        await dan.request('PUT', '/api/notifications/settings', {
          ...older,
          announcement: { email: 'yes', push: true },
        })
      ).body,
    ).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });

    await choose(dan, { email: true, push: true });
    await choose(bob, { email: true, push: true });
    const everyone = mailbox.mails.length;
    expect(
      (
        await admin.request('POST', '/api/admin/notifications/broadcast', {
          audience: 'not-picked',
          subject: 'Picks please',
          message: 'Still open.',
        })
      ).body,
    ).toEqual({
      recipients: 3,
      delivered: 3,
      failed: 0,
      // Ann now wants them by push only, and has no subscribed browser.
      skipped: { turnedOff: 0, unreachable: 1 },
    });
    expect(
      mailbox.mails
        .slice(everyone)
        .flatMap((mail) => mail.to)
        .sort(),
    ).toEqual([admin.user.email, bob.user.email, dan.user.email].sort());
    expect(
      (
        await ann.request('POST', '/api/admin/notifications/broadcast', {
          audience: 'all',
          subject: 'x',
          message: 'y',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await admin.request('POST', '/api/admin/notifications/broadcast', {
          audience: 'everyone',
          subject: 'x',
          message: 'y',
        })
      ).status,
    ).toBe(400);
  });
  it("reads a pool's periods once for its checks while the periods and options tables stand still", async () => {
    const database = app.app.get(Database);
    const query = database.query.bind(database);
    let reads = 0;
    database.query = (text: string, params?: unknown[]) => {
      if (text.includes('FROM periods p LEFT JOIN options o')) reads++;
      return query(text, params);
    };
    try {
      await service().runOnce(app.clock!.now());
      const first = reads;
      await service().runOnce(app.clock!.now());
      // The log moves on with a pick: the periods and options tables do not.
      expect((await dan.request('POST', '/api/choices', { periodId: 5, optionId: '5-ARS' })).status).toBe(
        201,
      );
      await app.app.get(ProjectionEngine).waitFor(await app.app.get<EventStore>(EVENT_STORE).headPosition());
      await service().runOnce(app.clock!.now());
      expect(reads).toBe(first);
      // A period changes: the next check reads the pool's periods again, once.
      expect((await admin.request('PATCH', '/api/periods/38', { isActive: false })).status).toBe(200);
      await service().runOnce(app.clock!.now());
      await service().runOnce(app.clock!.now());
      expect(reads).toBe(first + 1);
    } finally {
      database.query = query;
    }
  });
});
