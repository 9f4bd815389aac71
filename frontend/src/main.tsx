import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, type ReactNode } from 'react';
import { authUserQueryOptions } from './api/auth';
import { createRoot } from 'react-dom/client';
import { OfflineNotice } from './pwa/offline-notice';
import { registerServiceWorker } from './pwa/register-service-worker';
import { createQueryClient } from './query-client';
import { ConnectionBanner } from './realtime/connection-banner';
import { RealtimeProvider } from './realtime/realtime-provider';
import { getSocket } from './realtime/socket';
import { createAppRouter } from './router';
import './styles.css';

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });
const socket = getSocket();

/** Live updates for signed-in users only: the server refuses sockets without a session. */
function LiveUpdates({ children }: { children: ReactNode }) {
  const { data: user } = useQuery(authUserQueryOptions());
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
