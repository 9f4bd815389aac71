import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import type { NotificationSettings } from '@treble/contracts';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { renderApp } from '../../test-support/render-app';
import { aUser } from '../../test-support/users';

/*
 * Profile › "Get push notifications in this browser": asks for permission, registers the app's one
 * service worker, subscribes with the pool's VAPID key and hands the subscription to the server.
 * The browser's push APIs are stood in for; what they are called with is what is checked.
 */
let fake: FakeFetch;
let uninstall: () => void;
const settings: NotificationSettings = {
  timeZone: 'Europe/London',
  reminder: { email: true, push: true },
  results: { email: true, push: true },
  announcement: { email: true, push: true },
};
// A P-256 public key is 65 bytes; base64url without padding, as the server sends it.
const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const vapidKey = base64url(Uint8Array.from({ length: 65 }, (_, i) => (i * 7 + 4) % 256));

interface PushStandIn {
  permission: NotificationPermission;
  registered: Array<{ url: string; scope?: string }>;
  subscribed: Array<{ userVisibleOnly: boolean; applicationServerKey: Uint8Array }>;
}

function standInPush(permission: NotificationPermission): { push: PushStandIn; restore: () => void } {
  const push: PushStandIn = { permission, registered: [], subscribed: [] };
  const registration = {
    pushManager: {
      subscribe: (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
        push.subscribed.push(options);
        return Promise.resolve({
          toJSON: () => ({
            endpoint: 'https://push.example/send/browser-1',
            keys: { p256dh: 'BPkey', auth: 'authkey' },
          }),
        });
      },
    },
  };
  const previous = {
    serviceWorker: Object.getOwnPropertyDescriptor(navigator, 'serviceWorker'),
    PushManager: (window as unknown as { PushManager?: unknown }).PushManager,
    Notification: (window as unknown as { Notification?: unknown }).Notification,
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: (url: string, options?: { scope?: string }) => {
        push.registered.push({ url, scope: options?.scope });
        return Promise.resolve(registration);
      },
      ready: Promise.resolve(registration),
    },
  });
  Object.assign(window, {
    PushManager: function PushManager() {},
    Notification: { requestPermission: () => Promise.resolve(push.permission) },
  });
  return {
    push,
    restore: () => {
      if (previous.serviceWorker) Object.defineProperty(navigator, 'serviceWorker', previous.serviceWorker);
      else delete (navigator as unknown as { serviceWorker?: unknown }).serviceWorker;
      Object.assign(window, { PushManager: previous.PushManager, Notification: previous.Notification });
    },
  };
}

let restore: () => void = () => undefined;

beforeEach(() => {
  fake = createFakeFetch({
    'GET /api/notifications/settings': () => jsonResponse(200, settings),
    'GET /api/notifications/push/key': () => jsonResponse(200, { publicKey: vapidKey }),
    'POST /api/notifications/push/subscriptions': () => new Response(null, { status: 204 }),
  });
  uninstall = installGlobalFetch(fake);
});

afterEach(() => {
  uninstall();
  restore();
});

describe('Profile › push in this browser', () => {
  test('subscribes through the app service worker with the pool key and registers the subscription', async () => {
    const standIn = standInPush('granted');
    restore = standIn.restore;
    renderApp('/profile', { user: aUser() });
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Get push notifications in this browser' },
        { timeout: 5000 },
      ),
    );
    await screen.findByText('Push notifications are on for this browser.');
    expect(standIn.push.registered).toEqual([{ url: '/sw.js', scope: '/' }]);
    expect(standIn.push.subscribed).toHaveLength(1);
    expect(standIn.push.subscribed[0]!.userVisibleOnly).toBe(true);
    expect(base64url(standIn.push.subscribed[0]!.applicationServerKey)).toBe(vapidKey);
    const posted = fake.calls.filter(
      (call) => call.method === 'POST' && call.url === '/api/notifications/push/subscriptions',
    );
    expect(posted.map((call) => JSON.parse(call.body!) as unknown)).toEqual([
      { endpoint: 'https://push.example/send/browser-1', keys: { p256dh: 'BPkey', auth: 'authkey' } },
    ]);
  });

  test('says so when notifications are blocked, and subscribes nothing', async () => {
    const standIn = standInPush('denied');
    restore = standIn.restore;
    renderApp('/profile', { user: aUser() });
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Get push notifications in this browser' },
        { timeout: 5000 },
      ),
    );
    await screen.findByText('Notifications are blocked for this site in the browser settings.');
    expect(standIn.push.subscribed).toEqual([]);
    expect(fake.calls.some((call) => call.url === '/api/notifications/push/subscriptions')).toBe(false);
  });

  test('says so in a browser without push', async () => {
    renderApp('/profile', { user: aUser() });
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Get push notifications in this browser' },
        { timeout: 5000 },
      ),
    );
    await screen.findByText('This browser cannot receive push notifications.');
  });
});
