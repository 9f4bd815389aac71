import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { BroadcastResult, NotificationsOverview } from '@treble/contracts';
import { Database } from '../../src/platform/database/database.js';
import { registerAdmin, registerPlayer, startTestApp, type SignedIn, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';
import { startPushService, type PushService } from '../support/push-service.js';
import { within } from '../support/waiting.js';

const keys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

/**
 * Web Push as an attacker would use it: endpoints aimed at the server's own network, endpoints
 * by the thousand, endpoints that never answer or redirect, and other players' endpoints.
 */
describe.each(databaseTargets)('Web Push endpoints on $name', (target) => {
  let app: TestApp;
  let push: PushService;
  let admin: SignedIn;

  const subscribe = (player: SignedIn, endpoint: string) =>
    player.request('POST', '/api/notifications/push/subscriptions', { endpoint, keys });
  const broadcast = async (subject: string) => {
    const sent = await admin.request('POST', '/api/admin/notifications/broadcast', {
      audience: 'all',
      subject,
      message: 'x',
    });
    expect(sent.status).toBe(200);
    return sent.body as BroadcastResult;
  };
  const endpointsOf = async (player: SignedIn) =>
    (
      await app.app
        .get(Database)
        .query<{ endpoint: string }>(
          'SELECT endpoint FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at, seq',
          [player.user.id],
        )
    ).rows.map((row) => row.endpoint);
  const pushLog = async (subject: string) =>
    ((await admin.request('GET', '/api/admin/notifications')).body as NotificationsOverview).log.filter(
      (entry) => entry.channel === 'push' && entry.subject === subject,
    );

  beforeAll(async () => {
    push = await startPushService();
    app = await startTestApp(target, {
      POOL_NOW: '2025-08-10T12:00:00Z',
      NOTIFICATIONS_CHECK_SECONDS: '3600',
      PUSH_TEST_SERVICE_URL: push.url,
    });
    admin = await registerAdmin(app);
  });
  afterAll(async () => {
    await app?.close();
    await push?.close();
  });
  // Each test starts with no subscriptions (nothing real is ever sent to) and nothing hanging.
  afterEach(async () => {
    push.releaseHanging();
    await app.app.get(Database).query('DELETE FROM push_subscriptions');
  });

  it("takes only https endpoints on the browsers' push services, and refuses the server's own network", async () => {
    const ann = await registerPlayer(app, admin);
    const refused = [
      'http://127.0.0.1:5432/',
      'http://localhost/x',
      'http://[::1]/x',
      'https://0x7f000001/x',
      'https://2130706433/x',
      'https://10.0.0.1/x',
      'http://169.254.169.254/latest/meta-data/',
      'https://[fd00::1]/x',
      `${app.baseUrl}/api/admin/notifications/broadcast`,
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com.attacker.example/fcm/send/x',
      'https://push.services.mozilla.com.attacker.example/x',
      'https://attacker.example/fcm.googleapis.com/x',
      // The tests' stand-in push service, but with a password in it.
      `http://user:pw@${push.url.slice('http://'.length)}/push/x`,
    ];
    for (const endpoint of refused) {
      const answer = await subscribe(ann, endpoint);
      expect({ endpoint, status: answer.status, body: answer.body }).toEqual({
        endpoint,
        status: 400,
        body: expect.objectContaining({
          code: 'PUSH_ENDPOINT_REFUSED',
          message: expect.stringMatching(/^This push subscription cannot be used: .+/),
        }),
      });
    }
    expect(await endpointsOf(ann)).toEqual([]);

    // What Chrome, Firefox, Edge and Safari hand out is taken (and forgotten after the test: no real sends here).
    const browsers = [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b-test',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABtest',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAtest',
      'https://web.push.apple.com/QGtest',
    ];
    for (const endpoint of browsers) expect((await subscribe(ann, endpoint)).status).toBe(204);
    expect(await endpointsOf(ann)).toEqual(browsers);
  });

  it("refuses another player's endpoint (it stays theirs), and forgets only the caller's own", async () => {
    const ann = await registerPlayer(app, admin);
    const bob = await registerPlayer(app, admin);
    const endpoint = `${push.url}/push/ann-phone`;
    expect((await subscribe(ann, endpoint)).status).toBe(204);
    expect((await subscribe(bob, endpoint)).body).toMatchObject({
      statusCode: 409,
      code: 'PUSH_ENDPOINT_TAKEN',
      message: expect.any(String),
    });
    // The same player again: nothing changes.
    expect((await subscribe(ann, endpoint)).status).toBe(204);
    expect(await endpointsOf(ann)).toEqual([endpoint]);
    expect(await endpointsOf(bob)).toEqual([]);

    const forget = (player: SignedIn, which: string) =>
      player.request('DELETE', '/api/notifications/push/subscriptions', { endpoint: which });
    expect((await forget(bob, endpoint)).body).toMatchObject({
      statusCode: 404,
      code: 'PUSH_SUBSCRIPTION_NOT_FOUND',
      message: expect.any(String),
    });
    expect((await forget(ann, `${push.url}/push/never-registered`)).body).toMatchObject({
      statusCode: 404,
      code: 'PUSH_SUBSCRIPTION_NOT_FOUND',
    });
    expect(await endpointsOf(ann)).toEqual([endpoint]);
    expect((await forget(ann, endpoint)).status).toBe(204);
    expect((await forget(ann, endpoint)).status).toBe(404);
  });

  it('answers 400 for a time zone that is not one, and keeps a real one', async () => {
    const ann = await registerPlayer(app, admin);
    expect(
      (await ann.request('PUT', '/api/notifications/time-zone', { timeZone: 'Mars/Olympus' })).body,
    ).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('time zone'),
    });
    expect((await ann.request('GET', '/api/notifications/settings')).body).toMatchObject({ timeZone: null });
    expect(
      (await ann.request('PUT', '/api/notifications/time-zone', { timeZone: 'Europe/Paris' })).status,
    ).toBe(204);
    expect((await ann.request('GET', '/api/notifications/settings')).body).toMatchObject({
      timeZone: 'Europe/Paris',
    });
  });

  it('keeps a player to their newest 10 browsers, even when 30 register at once', async () => {
    const ann = await registerPlayer(app, admin);
    const annEndpoints = Array.from({ length: 11 }, (_, i) => `${push.url}/push/ann-${i}`);
    for (const endpoint of annEndpoints) expect((await subscribe(ann, endpoint)).status).toBe(204);
    // The oldest went when the 11th came.
    expect(await endpointsOf(ann)).toEqual(annEndpoints.slice(1));

    const bob = await registerPlayer(app, admin);
    const answers = await Promise.all(
      Array.from({ length: 32 }, (_, i) => subscribe(bob, `${push.url}/push/bob-${i}`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 204));
    expect(await endpointsOf(bob)).toHaveLength(10);
  });

  it("sends to each player's browsers at once: endpoints that never answer hold up no one else", async () => {
    const cara = await registerPlayer(app, admin);
    const dan = await registerPlayer(app, admin);
    for (const device of ['a', 'b', 'c']) {
      expect((await subscribe(cara, `${push.url}/hang/cara-${device}`)).status).toBe(204);
    }
    expect((await subscribe(dan, `${push.url}/push/dan`)).status).toBe(204);

    const sent = broadcast('While Cara hangs');
    await within(
      "Dan's browser gets the message",
      push.until(() => push.sentTo('/push/dan') === 1),
    );
    // Cara's three push services were all asked, and none has been given up on yet.
    await within(
      'all three of Cara’s sends are out',
      push.until(() => push.hanging.length === 3),
    );
    expect(push.abandoned).toEqual([]);
    push.releaseHanging();
    expect((await sent).delivered).toBe(4);
  });

  it('follows no redirect: a push service answering 3xx has failed', async () => {
    const eve = await registerPlayer(app, admin);
    expect((await subscribe(eve, `${push.url}/redirect/eve`)).status).toBe(204);
    await broadcast('Redirected');
    expect(push.sentTo('/redirect/eve')).toBe(1);
    expect(push.sentTo('/push/followed')).toBe(0);
    expect((await pushLog('Redirected')).map((entry) => entry.error)).toEqual([
      'Push service answered 302, a redirect (not followed)',
    ]);
  });

  it('forgets a gone endpoint at once and drops one that fails 3 times in a row', async () => {
    const fred = await registerPlayer(app, admin);
    for (const path of ['/missing/fred', '/fail/fred', '/push/fred']) {
      expect((await subscribe(fred, `${push.url}${path}`)).status).toBe(204);
    }
    await broadcast('First');
    expect((await pushLog('First')).map((entry) => entry.error).sort()).toEqual([
      'Push service answered 500',
      'Subscription gone (404)',
      null,
    ]);
    expect(await endpointsOf(fred)).toEqual([`${push.url}/fail/fred`, `${push.url}/push/fred`]);

    await broadcast('Second');
    await broadcast('Third');
    expect((await pushLog('Third')).map((entry) => entry.error).sort()).toEqual([
      'Push service answered 500; dropped after 3 failures in a row',
      null,
    ]);
    expect(await endpointsOf(fred)).toEqual([`${push.url}/push/fred`]);
    await broadcast('Fourth');
    expect([push.sentTo('/missing/fred'), push.sentTo('/fail/fred'), push.sentTo('/push/fred')]).toEqual([
      1, 3, 4,
    ]);
  });

  it('never sends to an endpoint stored before endpoints were checked, and forgets it', async () => {
    const internal: string[] = [];
    const service = http.createServer((request, response) => {
      internal.push(`${request.method} ${request.url}`);
      response.writeHead(201).end();
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    try {
      const fay = await registerPlayer(app, admin);
      const endpoint = `http://127.0.0.1:${(service.address() as AddressInfo).port}/internal`;
      await app.app
        .get(Database)
        .query(
          'INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, now())',
          [endpoint, fay.user.id, keys.p256dh, keys.auth],
        );
      const sent = await broadcast('Old subscription');
      expect(internal).toEqual([]);
      expect(sent.failed).toBe(1);
      expect(await endpointsOf(fay)).toEqual([]);
      expect((await pushLog('Old subscription')).map((entry) => entry.error)).toEqual([
        'Endpoint refused: A push endpoint must use https.',
      ]);
    } finally {
      await new Promise<void>((resolve) => service.close(() => resolve()));
    }
  });
});
