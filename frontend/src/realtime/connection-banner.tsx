import { useConnectionState } from './realtime-provider';
import './connection-banner.css';

/**
 * Says plainly when live updates have stopped. While Socket.IO retries, a polite status; once it
 * has given up, an alert with a way back. When the connection returns the banner goes away and
 * the RealtimeProvider refetches what is on screen, so nothing missed stays stale.
 */
export function ConnectionBanner({ onReload = () => window.location.reload() }: { onReload?: () => void }) {
  const state = useConnectionState();
  if (state === 'reconnecting') {
    return (
      <div className="connection-banner connection-banner--reconnecting" role="status">
        <strong>Connection lost.</strong> Reconnecting… Live updates are paused; this page catches up as soon
        as the connection returns.
      </div>
    );
  }
  if (state === 'offline') {
    return (
      <div className="connection-banner connection-banner--offline" role="alert">
        <strong>You are offline.</strong> Live updates have stopped.{' '}
        <button type="button" className="connection-banner__action" onClick={onReload}>
          Reload
        </button>
      </div>
    );
  }
  return null;
}
