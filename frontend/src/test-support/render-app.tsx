import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { DEFAULT_POOL_ADDRESS, queryKeys, type PoolSummary, type User } from '@treble/contracts';
import { currentPool } from '../api/current-pool';
import { poolsQueryOptions } from '../api/pools';
import { createQueryClient } from '../query-client';
import { createAppRouter } from '../router';

const defaultPool = { address: DEFAULT_POOL_ADDRESS, name: 'Treble pool', isDefault: true };

/**
 * Renders the whole app (real route tree and query defaults) at `path` in memory. `user` signs
 * someone in (or, with null, nobody) without a request; left out, the app asks GET /api/auth/user.
 * `pools` are the signed-in user's pools (by default, on the default pool's pages: that pool alone).
 */
export function renderApp(
  path: string | string[],
  options: { queryClient?: QueryClient; user?: User | null; pools?: PoolSummary[] } = {},
) {
  const entries = Array.isArray(path) ? path : [path];
  const queryClient = options.queryClient ?? createQueryClient({ onSignedOut: () => {} });
  if (options.user !== undefined) queryClient.setQueryData(queryKeys.authUser(), options.user);
  // A signed-in user is a member of the install's default pool unless `pools` says otherwise.
  const pools =
    options.pools ??
    (options.user && currentPool() === DEFAULT_POOL_ADDRESS
      ? [{ ...defaultPool, role: options.user.isAdmin ? 'admin' : 'player' } as const]
      : null);
  if (pools !== null) queryClient.setQueryData(poolsQueryOptions().queryKey, pools);
  const history = createMemoryHistory({ initialEntries: entries, initialIndex: entries.length - 1 });
  const router = createAppRouter({ queryClient, history });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, history };
}
