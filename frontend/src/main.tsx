import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect, useState, type ReactNode } from 'react';
import { authUserQueryOptions } from './api/auth';
import { createRoot } from 'react-dom/client';
import { OfflineNotice } from './pwa/offline-notice';
import { registerServiceWorker } from './pwa/register-service-worker';
import { createQueryClient } from './query-client';
import { ConnectionBanner } from './realtime/connection-banner';
import { RealtimeProvider } from './realtime/realtime-provider';
import type { TrebleSocket } from './realtime/socket';
import { createAppRouter } from './router';
import './styles.css';

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });
/** Once the first page is on screen (its loaders' data in it) and the browser is idle (W7). */
const firstPageShown = new Promise<void>((resolve) => {
  const unsubscribe = router.subscribe('onRendered', () => {
    unsubscribe();
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2_000 });
    else setTimeout(resolve, 200);
  });
});
/**
 * Live updates for signed-in users only: the server refuses sockets without a session. The socket's
 * code (socket.io) loads once someone is signed in and the first page is shown: a first visit
 * downloads what the page it shows needs first (on connecting, that page reads its data again).
 */
function LiveUpdates({ children }: { children: ReactNode }) {
  const { data: user } = useQuery(authUserQueryOptions());
  const [socket, setSocket] = useState<TrebleSocket | null>(null);
  useEffect(() => {
    if (!user || socket !== null) return;
    let cancelled = false;
    void firstPageShown
      .then(() => import('./realtime/socket'))
      .then(({ getSocket }) => {
        if (!cancelled) setSocket(getSocket());
      });
    return () => {
      cancelled = true;
    };
  }, [user, socket]);
  return (
    <RealtimeProvider
      socket={socket}
      queryClient={queryClient}
      enabled={Boolean(user)}
      userId={user?.id ?? null}
    >
      {user && <ConnectionBanner />}
      {children}
    </RealtimeProvider>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <OfflineNotice />
      <LiveUpdates>
        <RouterProvider router={router} />
      </LiveUpdates>
    </QueryClientProvider>
  </StrictMode>,
);

registerServiceWorker();
