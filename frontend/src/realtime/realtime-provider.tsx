import type { QueryClient } from '@tanstack/react-query';
import type { MatchFinishedNotice, ReadModelChangedNotice, ResultRecordedNotice } from '@treble/contracts';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { applyReadModelChanged } from './apply-read-model-changed';
import type { TrebleSocket } from './socket';
import { pointsLabel } from '../lib/words';

/**
 * - connecting: never connected yet;
 * - live: connected, notices arrive;
 * - reconnecting: the connection dropped and Socket.IO is retrying;
 * - offline: disconnected for good (the server closed the socket, or the client did).
 */
export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'offline';

const ConnectionStateContext = createContext<ConnectionState>('connecting');

export function useConnectionState(): ConnectionState {
  return useContext(ConnectionStateContext);
}

interface RealtimeProviderProps {
  /** null while the socket's code is still loading (it loads after the page's first render). */
  socket: TrebleSocket | null;
  queryClient: QueryClient;
  /** Connect only while true: the server accepts signed-in sockets only. */
  enabled?: boolean;
  /** The signed-in user: a result they recorded themselves is not announced to them again. */
  userId?: string | null;
  children: ReactNode;
}

/** The performance mark of the last notice applied (DevTools' timeline; the browser journeys). */
const NOTICE_APPLIED_MARK = 'treble:read-model-changed';

function markNoticeApplied(position: string): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  performance.clearMarks(NOTICE_APPLIED_MARK);
  performance.mark(NOTICE_APPLIED_MARK, { detail: { position } });
}

/**
 * Connects the socket, turns `read-model-changed` notices into precise query invalidations and
 * publishes the connection state. Notices sent while there was no connection are lost, so on every
 * connect, the first one too, it invalidates all active queries: what is on screen refetches and
 * catches up.
 */
export function RealtimeProvider({
  socket,
  queryClient,
  enabled = true,
  userId = null,
  children,
}: RealtimeProviderProps) {
  const [state, setState] = useState<ConnectionState>(socket?.connected ? 'live' : 'connecting');
  // Survives effect re-runs (React StrictMode mounts effects twice) so a reconnect is told apart
  // from the first connection.
  const hasConnected = useRef(socket?.connected ?? false);
  /** The matches the "finished" toast on screen tells of. */
  const finished = useRef<MatchFinishedNotice[]>([]);

  useEffect(() => {
    if (socket === null) return;
    if (!enabled) {
      // Signed out: the session is gone, so is the connection.
      if (socket.active || socket.connected) socket.disconnect();
      return;
    }
    const onConnect = () => {
      // Notices sent before this socket joined its rooms are not heard: what is on screen was read
      // before (the page comes first, the socket once it is shown) and is read again.
      void queryClient.invalidateQueries({ type: 'active' });
      hasConnected.current = true;
      setState('live');
    };
    const onDisconnect = () => {
      // `active` stays true while the manager will retry on its own.
      setState(socket.active ? 'reconnecting' : 'offline');
    };
    const onConnectError = () => {
      if (!socket.active) setState('offline');
      else setState(hasConnected.current ? 'reconnecting' : 'connecting');
    };
    const onReadModelChanged = (notice: ReadModelChangedNotice) => {
      void applyReadModelChanged(queryClient, notice);
      markNoticeApplied(notice.position);
      // A result's toast comes with the keys of the tables it changed: they are read again as it shows.
      for (const match of notice.news?.matchesFinished ?? []) onMatchFinished(match);
      for (const result of notice.news?.resultsRecorded ?? []) onResultRecorded(result);
    };
    // The browser knows at once when the network goes; the socket only after its ping timeout.
    const onBrowserOffline = () => setState((current) => (current === 'live' ? 'reconnecting' : current));
    const onBrowserOnline = () => {
      if (socket.connected) {
        // The socket survived the gap, but notices sent during it may be lost: catch up.
        setState('live');
        void queryClient.invalidateQueries({ type: 'active' });
      } else if (!socket.active) {
        // Socket.IO had given up: try again now that there is a network.
        socket.connect();
      }
    };
    const onResultRecorded = (notice: ResultRecordedNotice) => {
      if (notice.actorId === userId) return;
      toast('Result recorded', { id: `result-${notice.optionId}`, description: resultText(notice) });
    };
    const onMatchFinished = (notice: MatchFinishedNotice) => {
      // One toast for the matches finished while it shows (a Saturday's 3 pm games, a season's
      // played matches at its import): a repeated notice replaces its match, a new one joins it.
      const others = finished.current.filter((match) => matchScore(match) !== matchScore(notice));
      finished.current = [...others, notice];
      const forget = () => (finished.current = []);
      toast(finishedTitle(finished.current), {
        id: 'matches-finished',
        description: finishedText(finished.current),
        onDismiss: forget,
        onAutoClose: forget,
      });
    };

    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);
    socket.on('read-model-changed', onReadModelChanged);
    window.addEventListener('offline', onBrowserOffline);
    window.addEventListener('online', onBrowserOnline);
    if (socket.connected) {
      hasConnected.current = true;
      setState('live');
    } else if (!socket.active) {
      socket.connect();
    }

    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      socket.off('read-model-changed', onReadModelChanged);
      window.removeEventListener('offline', onBrowserOffline);
      window.removeEventListener('online', onBrowserOnline);
    };
  }, [socket, queryClient, enabled, userId]);

  return <ConnectionStateContext.Provider value={state}>{children}</ConnectionStateContext.Provider>;
}

const outcomeWords = { win: 'Win', draw: 'Draw', loss: 'Loss' } as const;

/** e.g. "Arsenal FC: Win, 3 pts (Period 3)". */
export function resultText(notice: ResultRecordedNotice): string {
  return `${notice.teamName}: ${outcomeWords[notice.outcome]}, ${pointsLabel(notice.points)} (Matchweek ${notice.periodId})`;
}

/** e.g. "Arsenal 2 - 1 Chelsea (Matchweek 3)". */
export function matchScore(notice: MatchFinishedNotice): string {
  return `${notice.homeTeam} ${notice.homeScore} - ${notice.awayScore} ${notice.awayTeam} (Matchweek ${notice.matchweek})`;
}

function finishedTitle(matches: readonly MatchFinishedNotice[]): string {
  return matches.length === 1 ? 'Match finished' : `${matches.length} matches finished`;
}

/** The latest three scores, and how many more. */
function finishedText(matches: readonly MatchFinishedNotice[]): string {
  const latest = matches.slice(-3).reverse().map(matchScore);
  const more = matches.length - latest.length;
  return [...latest, ...(more > 0 ? [`and ${more} more`] : [])].join('; ');
}
