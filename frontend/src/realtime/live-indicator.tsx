import { useConnectionState, type ConnectionState } from './realtime-provider';

const labels: Record<ConnectionState, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
};

const descriptions: Record<ConnectionState, string> = {
  connecting: 'Connecting to live updates',
  live: 'Live updates are on: this page refreshes itself when results change',
  reconnecting: 'Connection lost; reconnecting to live updates',
  offline: 'Live updates are off; reload the page to reconnect',
};

/** A small dot-and-label showing whether live updates are flowing. */
export function LiveIndicator() {
  const state = useConnectionState();
  return (
    <span className="live-indicator" data-state={state} role="status" title={descriptions[state]}>
      <span className="live-indicator__dot" aria-hidden="true" />
      <span className="live-indicator__label">{labels[state]}</span>
    </span>
  );
}
