import { useSyncExternalStore } from 'react';
import { isServerUnreachable, subscribeServerReachable } from './network-status';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  const unsubscribe = subscribeServerReachable(onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    unsubscribe();
  };
}

/**
 * A clear notice while the device is offline or the server cannot be reached (the app shell still
 * opens from the service worker, the pool's data does not).
 */
export function OfflineNotice() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine && !isServerUnreachable(),
    () => true,
  );
  if (online) return null;
  return (
    <div className="offline-notice" role="status" data-testid="offline-notice">
      <strong>You are offline.</strong> Treble will load your pool again once you are back online.
    </div>
  );
}
