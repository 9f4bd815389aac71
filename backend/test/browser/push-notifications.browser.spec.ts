import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, registerInContext } from '../support/browser.js';
import { serverProcess, type ServerProcess } from '../support/server-process.js';

/** A push service of our own: records what the pool sends to each endpoint path. */
async function startPushService(): Promise<{ url: string; received: string[]; close(): Promise<void> }> {
  const received: string[] = [];
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received.push(`${request.method} ${request.url}`);
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Profile › "Get push notifications in this browser" in Chromium, and the app's real service worker
 * showing what the pool pushes. Headless Chromium has no push service, so only PushManager.subscribe
 * is stood in for (it answers a subscription to our own push service, with real keys); the
 * permission prompt, the service worker registration, the server's sending and the worker's
 * notification are the real ones.
 */
describe('journey: push notifications in this browser', () => {
  let server: ServerProcess;
  let browser: Browser;
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  let player: BrowserContext;

  beforeAll(async () => {
    pushService = await startPushService();
    server = await serverProcess({ PUSH_TEST_SERVICE_URL: pushService.url });
    await server.start();
    browser = await launchBrowser();
    player = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await registerInContext(player, server.baseUrl, {
      firstName: 'Pat',
      lastName: 'Host',
      email: 'pat@example.com',
    });
  });
  afterAll(async () => {
    await player?.close();
    await browser?.close();
    await server?.dispose();
    await pushService?.close();
  });

  it("subscribes from the Profile page, receives the pool's push, and the service worker shows it", async () => {
    const ecdh = createECDH('prime256v1');
    const subscription = {
      endpoint: `${pushService.url}/push/pat-phone`,
      keys: {
        p256dh: ecdh.generateKeys().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    };
    // Runs in the page (a string: the backend compiles without the DOM's types).
    await player.addInitScript(`
      PushManager.prototype.subscribe = function (options) {
        window.subscribedWith = {
          userVisibleOnly: options.userVisibleOnly,
          keyLength: new Uint8Array(options.applicationServerKey).length,
        };
        return Promise.resolve({ toJSON: () => (${JSON.stringify(subscription)}) });
      };
    `);
    await player.grantPermissions(['notifications'], { origin: server.baseUrl });
    const page = await player.newPage();
    await page.goto(`${server.baseUrl}/profile`);
    await page.getByRole('button', { name: 'Get push notifications in this browser' }).click();
    await page.getByText('Push notifications are on for this browser.').waitFor();
    // Subscribed with the pool's VAPID public key (an uncompressed P-256 point, 65 bytes).
    expect(await page.evaluate('window.subscribedWith')).toEqual({ userVisibleOnly: true, keyLength: 65 });

    // The pool now pushes to this browser.
    const sent = await player.request.post(`${server.baseUrl}/api/admin/notifications/broadcast`, {
      data: { audience: 'all', subject: 'Matchweek 12 opens', message: 'Pick your three teams.' },
    });
    expect(await sent.json()).toEqual({
      recipients: 1,
      delivered: 1,
      failed: 0,
      skipped: { turnedOff: 0, unreachable: 0 },
    });
    expect(pushService.received).toEqual(['POST /push/pat-phone']);

    // The app's service worker (sw.js, which loads push-sw.js) turns a push into a notification.
    const cdp = await player.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on(
        'ServiceWorker.workerRegistrationUpdated',
        ({
          registrations,
        }: {
          registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }>;
        }) => {
          const ours = registrations.find(
            (registration) => registration.scopeURL === `${server.baseUrl}/` && !registration.isDeleted,
          );
          if (ours) resolve(ours.registrationId);
        },
      );
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.baseUrl,
      registrationId: await registrationId,
      data: JSON.stringify({
        title: 'Matchweek 12: 0 of 3 picks made',
        body: 'Three still open.',
        url: '/predictions',
        kind: 'reminder',
      }),
    });
    await page.waitForFunction(
      'navigator.serviceWorker.ready.then((registration) => registration.getNotifications()).then((shown) => shown.length > 0)',
    );
    expect(
      await page.evaluate(
        'navigator.serviceWorker.ready.then((registration) => registration.getNotifications()).then((shown) => shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data })))',
      ),
    ).toEqual([
      {
        title: 'Matchweek 12: 0 of 3 picks made',
        body: 'Three still open.',
        tag: 'treble-reminder',
        data: { url: '/predictions' },
      },
    ]);
  });
});
