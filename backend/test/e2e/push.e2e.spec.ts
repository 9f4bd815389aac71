import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { decrypt } from 'http_ece';
import type { NotificationsOverview, PushKey } from '@treble/contracts';
import { registerAdmin, registerPlayer, startTestApp, type SignedIn, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';

interface PushRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A push service in the test: it answers each POST as told and hands over what it received. */
async function startPushService() {
  const received: PushRequest[] = [];
  const waiting: Array<(request: PushRequest) => void> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const push = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) };
      received.push(push);
      response.statusCode = push.path.startsWith('/gone/') ? 410 : 201;
      response.end();
      waiting.splice(0).forEach((resolve) => resolve(push));
    });
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's push subscription: its own P-256 key pair and auth secret. */
function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    ecdh,
    auth,
    body: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } },
  };
}

describe.each(databaseTargets)('Web Push on $name', (target) => {
  let app: TestApp;
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  let admin: SignedIn;
  let ann: SignedIn;

  beforeAll(async () => {
    pushService = await startPushService();
    app = await startTestApp(target, {
      POOL_NOW: '2025-08-10T12:00:00Z',
      NOTIFICATIONS_CHECK_SECONDS: '3600',
      PUSH_TEST_SERVICE_URL: pushService.url,
    });
    admin = await registerAdmin(app);
    ann = await registerPlayer(app, admin, { firstName: 'Ann', lastName: 'Able' });
  });
  afterAll(async () => {
    await app?.close();
    await pushService?.close();
  });

  it('delivers an encrypted payload signed with the pool VAPID key, which the browser decrypts', async () => {
    const { publicKey } = (await ann.request('GET', '/api/notifications/push/key')).body as PushKey;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    // The key is made once and kept: the same after asking again.
    expect(((await admin.request('GET', '/api/notifications/push/key')).body as PushKey).publicKey).toBe(
      publicKey,
    );

    const browser = browserSubscription(`${pushService.url}/push/ann-laptop`);
    expect((await ann.request('POST', '/api/notifications/push/subscriptions', browser.body)).status).toBe(
      204,
    );
    const gone = browserSubscription(`${pushService.url}/gone/old-phone`);
    expect((await ann.request('POST', '/api/notifications/push/subscriptions', gone.body)).status).toBe(204);

    const sent = await admin.request('POST', '/api/admin/notifications/broadcast', {
      audience: 'all',
      subject: 'Matchweek 1 opens',
      message: 'Pick your three teams.',
    });
    // Ann's two browsers; the admin has no e-mail on this server and no subscribed browser.
    expect(sent.body).toEqual({
      recipients: 1,
      delivered: 1,
      failed: 1,
      skipped: { turnedOff: 0, unreachable: 1 },
    });

    const delivered = pushService.received.find((request) => request.path === '/push/ann-laptop')!;
    expect(delivered.headers['content-encoding']).toBe('aes128gcm');
    expect(delivered.headers.ttl).toBe('86400');
    expect(delivered.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
    );
    const payload = JSON.parse(
      decrypt(delivered.body, {
        version: 'aes128gcm',
        privateKey: browser.ecdh,
        authSecret: browser.auth,
      }).toString('utf8'),
    ) as unknown;
    expect(payload).toEqual({
      title: 'Matchweek 1 opens',
      body: 'Pick your three teams.',
      url: '/',
      kind: 'announcement',
    });

    // The subscription the push service called gone is forgotten: nothing goes there again.
    await admin.request('POST', '/api/admin/notifications/broadcast', {
      audience: 'all',
      subject: 'Again',
      message: 'Hello',
    });
    expect(pushService.received.filter((request) => request.path === '/gone/old-phone')).toHaveLength(1);
    expect(pushService.received.filter((request) => request.path === '/push/ann-laptop')).toHaveLength(2);

    const log = ((await admin.request('GET', '/api/admin/notifications')).body as NotificationsOverview).log;
    expect(
      log
        .filter((entry) => entry.channel === 'push')
        .map((entry) => [entry.subject, entry.status, entry.error]),
    ).toEqual([
      ['Again', 'delivered', null],
      ['Matchweek 1 opens', 'error', 'Subscription gone (410)'],
      ['Matchweek 1 opens', 'delivered', null],
    ]);
  });

  it("keeps a player's choices (a real time zone only) and sends nothing to a deactivated player", async () => {
    const before = pushService.received.length;
    expect(
      (
        await ann.request('PUT', '/api/notifications/settings', {
          timeZone: 'Europe/London',
          reminder: { email: true, push: false },
          results: { email: true, push: false },
        })
      ).status,
    ).toBe(200);
    expect((await ann.request('GET', '/api/notifications/settings')).body).toEqual({
      timeZone: 'Europe/London',
      reminder: { email: true, push: false },
      results: { email: true, push: false },
      announcement: { email: true, push: true },
    });
    // Messages from the host turned off on push: her browser gets none.
    expect(
      (
        await ann.request('PUT', '/api/notifications/settings', {
          timeZone: 'Europe/London',
          reminder: { email: true, push: false },
          results: { email: true, push: false },
          announcement: { email: true, push: false },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await admin.request('POST', '/api/admin/notifications/broadcast', {
          audience: 'all',
          subject: 'Not for Ann',
          message: 'x',
        })
      ).body,
    ).toEqual({
      recipients: 0,
      delivered: 0,
      failed: 0,
      skipped: { turnedOff: 0, unreachable: 2 },
    });
    expect(pushService.received.length).toBe(before);
    expect(
      (
        await ann.request('PUT', '/api/notifications/settings', {
          timeZone: 'Mars/Olympus',
          reminder: { email: true, push: false },
          results: { email: true, push: false },
        })
      ).body,
    ).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(
      (await admin.request('PATCH', `/api/admin/users/${ann.user.id}/active`, { active: false })).status,
    ).toBe(200);
    const sent = await admin.request('POST', '/api/admin/notifications/broadcast', {
      audience: 'all',
      subject: 'Only admins',
      message: 'x',
    });
    expect(sent.body).toEqual({
      recipients: 0,
      delivered: 0,
      failed: 0,
      skipped: { turnedOff: 0, unreachable: 1 },
    });
    expect(pushService.received.length).toBe(before);
  });
});
