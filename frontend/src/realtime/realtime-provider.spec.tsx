import { describe, expect, test } from '@jest/globals';
import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { MatchFinishedNotice, ReadModelChangedNotice, ResultRecordedNotice } from '@treble/contracts';
import { Toaster } from 'sonner';
import { LiveIndicator } from './live-indicator';
import { RealtimeProvider } from './realtime-provider';
import type { TrebleSocket } from './socket';

type Handler = (...args: unknown[]) => void;

/** Just enough of a Socket.IO client socket; the test plays the server and the network. */
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

  disconnectCalls = 0;

  disconnect() {
    this.disconnectCalls += 1;
    this.active = false;
    this.connected = false;
    return this;
  }

  listenerCount(): number {
    let count = 0;
    for (const set of this.handlers.values()) count += set.size;
    return count;
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

  push(notice: ReadModelChangedNotice) {
    this.fire('read-model-changed', notice);
  }

  /** News rides a notice of the keys it changed (here none). */
  matchFinished(notice: MatchFinishedNotice) {
    this.push({ readModels: [], queryKeys: [], position: '1', news: { matchesFinished: [notice] } });
  }

  resultRecorded(notice: ResultRecordedNotice) {
    this.push({ readModels: [], queryKeys: [], position: '1', news: { resultsRecorded: [notice] } });
  }
}

function setup() {
  const socket = new FakeSocket();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  let fetches = 0;
  // One query on screen (observed), one merely cached.
  const observer = new QueryObserver(queryClient, {
    queryKey: ['periods'],
    queryFn: async () => ++fetches,
    staleTime: Infinity,
  });
  const unsubscribe = observer.subscribe(() => {});
  queryClient.setQueryData(['epl-schedule'], []);

  const view = render(
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider socket={socket as unknown as TrebleSocket} queryClient={queryClient}>
        <LiveIndicator />
      </RealtimeProvider>
    </QueryClientProvider>,
  );
  const label = () => screen.getByRole('status').textContent;
  const flush = () => act(async () => {});
  return { socket, queryClient, view, label, flush, fetches: () => fetches, unsubscribe };
}

describe('RealtimeProvider and LiveIndicator', () => {
  test('connects once mounted and shows the connection state as it changes', async () => {
    const { socket, label, unsubscribe } = setup();
    expect(socket.connectCalls).toBe(1);
    expect(label()).toBe('Connecting…');

    act(() => socket.serverAccepts());
    expect(label()).toBe('Live');

    act(() => socket.networkDrops());
    expect(label()).toBe('Reconnecting…');

    act(() => socket.serverAccepts());
    expect(label()).toBe('Live');

    act(() => socket.serverCloses());
    expect(label()).toBe('Offline');
    unsubscribe();
  });

  test('while the socket is still loading it says Connecting…, then connects once it is there', () => {
    const queryClient = new QueryClient();
    const socket = new FakeSocket();
    const page = (loaded: FakeSocket | null) => (
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider socket={loaded as unknown as TrebleSocket | null} queryClient={queryClient}>
          <LiveIndicator />
        </RealtimeProvider>
      </QueryClientProvider>
    );
    const view = render(page(null));
    expect(screen.getByRole('status').textContent).toBe('Connecting…');
    view.rerender(page(socket));
    expect(socket.connectCalls).toBe(1);
    act(() => socket.serverAccepts());
    expect(screen.getByRole('status').textContent).toBe('Live');
  });

  test('every connect, the first one too, refetches the queries on screen (notices before it are not heard)', async () => {
    const { socket, queryClient, flush, fetches, unsubscribe } = setup();
    await flush();
    expect(fetches()).toBe(1);

    act(() => socket.serverAccepts());
    await flush();
    expect(fetches()).toBe(2);

    act(() => socket.networkDrops());
    await flush();
    expect(fetches()).toBe(2);
    act(() => socket.serverAccepts());
    await flush();
    expect(fetches()).toBe(3);
    // Off-screen data is left to refetch when it is next used.
    expect(queryClient.getQueryState(['epl-schedule'])?.isInvalidated).toBe(false);
    unsubscribe();
  });

  test('a read-model-changed notice invalidates exactly its keys', async () => {
    const { socket, queryClient, flush, fetches, unsubscribe } = setup();
    act(() => socket.serverAccepts());
    await flush();

    act(() => socket.push({ readModels: ['schedule'], queryKeys: [['epl-schedule']], position: '10' }));
    await flush();
    expect(queryClient.getQueryState(['epl-schedule'])?.isInvalidated).toBe(true);
    expect(fetches()).toBe(1);

    act(() => socket.push({ readModels: ['periods'], queryKeys: [['periods']], position: '11' }));
    await flush();
    expect(fetches()).toBe(2);
    unsubscribe();
  });

  test('unmounting removes its listeners', () => {
    const { socket, view, unsubscribe } = setup();
    expect(socket.listenerCount()).toBe(4);
    view.unmount();
    expect(socket.listenerCount()).toBe(0);
    unsubscribe();
  });

  test('connects only while enabled (signed in), and disconnects when signed out', () => {
    const socket = new FakeSocket();
    const queryClient = new QueryClient();
    const tree = (enabled: boolean) => (
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider
          socket={socket as unknown as TrebleSocket}
          queryClient={queryClient}
          enabled={enabled}
        >
          <LiveIndicator />
        </RealtimeProvider>
      </QueryClientProvider>
    );
    const view = render(tree(false));
    expect(socket.connectCalls).toBe(0);

    view.rerender(tree(true));
    expect(socket.connectCalls).toBe(1);
    act(() => socket.serverAccepts());

    view.rerender(tree(false));
    expect(socket.disconnectCalls).toBe(1);
    expect(socket.listenerCount()).toBe(0);
    view.unmount();
  });

  /** The provider on a connected fake socket, with the app's toaster. */
  function withToaster() {
    const socket = new FakeSocket();
    const queryClient = new QueryClient();
    const view = render(
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider socket={socket as unknown as TrebleSocket} queryClient={queryClient}>
          <Toaster />
        </RealtimeProvider>
      </QueryClientProvider>,
    );
    act(() => socket.serverAccepts());
    return { socket, view };
  }

  test('a finished match shows one "Match finished" toast with the score', async () => {
    const { socket, view } = withToaster();
    const notice = { matchweek: 3, homeTeam: 'Arsenal', awayTeam: 'Chelsea', homeScore: 2, awayScore: 1 };
    act(() => socket.matchFinished(notice));
    act(() => socket.matchFinished(notice));

    await screen.findByText('Arsenal 2 - 1 Chelsea (Matchweek 3)');
    expect(screen.getAllByText('Match finished')).toHaveLength(1);
    view.unmount();
  });

  test('matches finished while the toast shows join it: one toast, the latest three scores and how many more', async () => {
    const { socket, view } = withToaster();
    const teams = ['Arsenal', 'Brentford', 'Burnley', 'Everton', 'Fulham'];
    for (const [index, homeTeam] of teams.entries()) {
      act(() =>
        socket.matchFinished({ matchweek: 1, homeTeam, awayTeam: 'Leeds', homeScore: index, awayScore: 0 }),
      );
    }

    await screen.findByText('5 matches finished');
    expect(
      screen.getByText(
        'Fulham 4 - 0 Leeds (Matchweek 1); Everton 3 - 0 Leeds (Matchweek 1); Burnley 2 - 0 Leeds (Matchweek 1); and 2 more',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Match finished')).toBeNull();
    view.unmount();
  });

  test("an admin's result shows one toast to others, none to the admin who recorded it", async () => {
    const socket = new FakeSocket();
    const queryClient = new QueryClient();
    const notice: ResultRecordedNotice = {
      periodId: 4,
      optionId: '4-ARS',
      teamName: 'Arsenal FC',
      outcome: 'win',
      points: 3,
      actorId: 'admin-1',
    };
    const view = render(
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider
          socket={socket as unknown as TrebleSocket}
          queryClient={queryClient}
          userId="admin-1"
        >
          <Toaster />
        </RealtimeProvider>
      </QueryClientProvider>,
    );
    act(() => socket.serverAccepts());
    act(() => socket.resultRecorded(notice));
    await act(async () => {});
    expect(screen.queryByText('Result recorded')).toBeNull();
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider
          socket={socket as unknown as TrebleSocket}
          queryClient={queryClient}
          userId="player-2"
        >
          <Toaster />
        </RealtimeProvider>
      </QueryClientProvider>,
    );
    act(() => socket.resultRecorded(notice));
    act(() => socket.resultRecorded(notice));
    await screen.findByText('Arsenal FC: Win, 3 pts (Matchweek 4)');
    expect(screen.getAllByText('Result recorded')).toHaveLength(1);
    view.unmount();
  });
});
