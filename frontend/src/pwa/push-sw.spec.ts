import { describe, expect, test } from '@jest/globals';
import { runServiceWorkerScript } from '../../test/service-worker-script';

/*
 * The Web Push handler of the service worker (public/push-sw.js, loaded by public/sw.js), run as
 * the browser runs it: the plain script against a `self` that records what it shows and opens.
 */
interface Shown {
  title: string;
  options: { body: string; tag?: string; data: { url: string } };
}

interface FakeWindow {
  url: string;
  navigated: string[];
  focused: number;
  navigate(url: string): Promise<FakeWindow>;
  focus(): Promise<FakeWindow>;
}

function fakeWindow(url: string): FakeWindow {
  const window: FakeWindow = {
    url,
    navigated: [],
    focused: 0,
    navigate: (to) => {
      window.navigated.push(to);
      return Promise.resolve(window);
    },
    focus: () => {
      window.focused += 1;
      return Promise.resolve(window);
    },
  };
  return window;
}

/** A service worker global: listeners, notifications shown, windows open and opened. */
function fakeWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, Array<(event: unknown) => void>>();
  const shown: Shown[] = [];
  const opened: string[] = [];
  const imported: string[] = [];
  const matchAllOptions: unknown[] = [];
  const self = {
    location: { origin: 'https://pool.example' },
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    registration: {
      showNotification: (title: string, options: Shown['options']) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
    clients: {
      matchAll: (options: unknown) => {
        matchAllOptions.push(options);
        return Promise.resolve(windows);
      },
      openWindow: (url: string) => {
        opened.push(url);
        return Promise.resolve(null);
      },
      claim: () => Promise.resolve(),
    },
    skipWaiting: () => Promise.resolve(),
    imported,
  };
  const run = (name: string) => runServiceWorkerScript(name, self);
  /** Dispatches an event to every listener and waits for what they handed to waitUntil. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const pending: Promise<unknown>[] = [];
    const handlers = listeners.get(type) ?? [];
    for (const handler of handlers)
      handler({ ...event, waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
    await Promise.all(pending);
    return handlers.length;
  };
  return { self, run, dispatch, shown, opened, imported, matchAllOptions };
}

const pushData = (payload: unknown) => ({
  json: (): unknown => (typeof payload === 'string' ? (JSON.parse(payload) as unknown) : payload),
  text: () => (typeof payload === 'string' ? payload : JSON.stringify(payload)),
});

function notification(url?: string) {
  const closed = { count: 0 };
  return {
    closed,
    value: { data: url === undefined ? undefined : { url }, close: () => (closed.count += 1) },
  };
}

describe('the push service worker', () => {
  test('the app service worker loads the push handler, so a push reaches it', async () => {
    const worker = fakeWorker();
    worker.run('sw.js');
    expect(worker.imported).toEqual(['/push-sw.js']);
    expect(
      await worker.dispatch('push', {
        data: pushData({
          title: 'Matchweek 12: 1 of 3 picks made',
          body: 'Two still open.',
          url: '/predictions',
          kind: 'reminder',
        }),
      }),
    ).toBe(1);
    expect(worker.shown).toEqual([
      {
        title: 'Matchweek 12: 1 of 3 picks made',
        options: { body: 'Two still open.', tag: 'treble-reminder', data: { url: '/predictions' } },
      },
    ]);
  });

  test('a push that is not JSON shows its text under the pool name; an empty one still shows', async () => {
    const worker = fakeWorker();
    worker.run('push-sw.js');
    await worker.dispatch('push', { data: pushData('Picks close tonight') });
    await worker.dispatch('push', { data: null });
    expect(worker.shown).toEqual([
      { title: 'Treble', options: { body: 'Picks close tonight', tag: undefined, data: { url: '/' } } },
      { title: 'Treble', options: { body: '', tag: undefined, data: { url: '/' } } },
    ]);
  });

  test('a click closes the notification and takes an open window of the app to its page', async () => {
    const app = fakeWindow('https://pool.example/dashboard');
    const other = fakeWindow('https://elsewhere.example/');
    const worker = fakeWorker([other, app]);
    worker.run('push-sw.js');
    const clicked = notification('/leaderboards');
    await worker.dispatch('notificationclick', { notification: clicked.value });
    expect(clicked.closed.count).toBe(1);
    expect(worker.matchAllOptions).toEqual([{ type: 'window', includeUncontrolled: true }]);
    expect(app.navigated).toEqual(['https://pool.example/leaderboards']);
    expect(app.focused).toBe(1);
    expect(other.navigated).toEqual([]);
    expect(worker.opened).toEqual([]);
  });

  test('with no window of the app open, a click opens one on the page (or the home page)', async () => {
    const worker = fakeWorker([fakeWindow('https://elsewhere.example/')]);
    worker.run('push-sw.js');
    await worker.dispatch('notificationclick', { notification: notification('/predictions').value });
    await worker.dispatch('notificationclick', { notification: notification().value });
    expect(worker.opened).toEqual(['https://pool.example/predictions', 'https://pool.example/']);
  });
});
