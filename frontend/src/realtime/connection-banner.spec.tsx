import { describe, expect, jest, test } from '@jest/globals';
import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ConnectionBanner } from './connection-banner';
import { RealtimeProvider } from './realtime-provider';
import type { TrebleSocket } from './socket';

type Handler = (...args: unknown[]) => void;

/** The parts of a Socket.IO client the provider uses; the test plays server and network. */
class FakeSocket {
  connected = false;
  active = false;
  connectCalls = 0;
  private readonly handlers = new Map<string, Set<Handler>>();

  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)?.add(handler);
    return this;
  }

  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }

  connect() {
    this.connectCalls += 1;
    this.active = true;
    return this;
  }

  disconnect() {
    this.active = false;
    this.connected = false;
    return this;
  }

  private fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }

  serverAccepts() {
    this.connected = true;
    this.fire('connect');
  }

  networkDrops() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }

  serverCloses() {
    this.connected = false;
    this.active = false;
    this.fire('disconnect', 'io server disconnect');
  }
}

function setup(onReload: () => void = () => {}) {
  const socket = new FakeSocket();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  let fetches = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey: ['leaderboards', 'overall'],
    queryFn: async () => ++fetches,
    staleTime: Infinity,
  });
  const unsubscribe = observer.subscribe(() => {});
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider socket={socket as unknown as TrebleSocket} queryClient={queryClient}>
        <ConnectionBanner onReload={onReload} />
        <p>page</p>
      </RealtimeProvider>
    </QueryClientProvider>,
  );
  const flush = () => act(async () => {});
  return { socket, view, flush, fetches: () => fetches, unsubscribe };
}

describe('ConnectionBanner', () => {
  test('nothing while connecting or live; a status while reconnecting; gone and caught up once back', async () => {
    const { socket, flush, fetches, unsubscribe } = setup();
    await flush();
    expect(screen.queryByRole('status')).toBeNull();
    act(() => socket.serverAccepts());
    await flush();
    expect(screen.queryByRole('status')).toBeNull();
    // Connected: what is on screen was read before it and is read again.
    expect(fetches()).toBe(2);

    act(() => socket.networkDrops());
    expect(screen.getByRole('status').textContent).toContain('Connection lost.');
    expect(screen.getByRole('status').textContent).toContain('Reconnecting');

    act(() => socket.serverAccepts());
    await flush();
    expect(screen.queryByRole('status')).toBeNull();
    // What is on screen was refetched: the notices sent during the gap are not missed.
    expect(fetches()).toBe(3);
    unsubscribe();
  });

  test('an alert with Reload once the connection has given up', () => {
    const onReload = jest.fn();
    const { socket, unsubscribe } = setup(onReload);
    act(() => socket.serverAccepts());
    act(() => socket.serverCloses());
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('You are offline.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  test('the browser going offline shows the banner at once; coming back online refetches and hides it', async () => {
    const { socket, flush, fetches, unsubscribe } = setup();
    act(() => socket.serverAccepts());
    await flush();
    expect(fetches()).toBe(1);

    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    screen.getByRole('status');

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await flush();
    expect(screen.queryByRole('status')).toBeNull();
    expect(fetches()).toBe(2);
    unsubscribe();
  });

  test('online after Socket.IO gave up connects again', () => {
    const { socket, unsubscribe } = setup();
    act(() => socket.serverAccepts());
    act(() => socket.serverCloses());
    expect(socket.connectCalls).toBe(1);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(socket.connectCalls).toBe(2);
    unsubscribe();
  });
});
