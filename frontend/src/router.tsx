import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFoundPage } from './components/not-found-page';
import { poolRewrite } from './api/current-pool';
import { routeTree } from './routeTree.gen';

export function createAppRouter({
  queryClient,
  history,
}: {
  queryClient: QueryClient;
  history?: RouterHistory;
}) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: 'intent',
    // TanStack Query owns caching: let every load and preload reach the loader, whose
    // ensureQueryData answers from the cache when it can.
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFoundPage,
    // A page whose data takes longer than a blink shows its skeleton (the default waits a whole
    // second, leaving an empty page under the header after sign-up); once shown, it stays long
    // enough not to flash (the default half second).
    defaultPendingMs: 200,
    scrollRestoration: true,
    // One route tree for every pool: `/p/{address}/…` is the pool's (docs/adr/015).
    rewrite: poolRewrite,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
