import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { queryKeys, type User } from '@treble/contracts';
import { createQueryClient } from '../query-client';
import { createAppRouter } from '../router';

/**
 * Renders the whole app (real route tree and query defaults) at `path` in memory. `user` signs
 * someone in (or, with null, nobody) without a request; left out, the app asks GET /api/auth/user.
 */
export function renderApp(
  path: string | string[],
  options: { queryClient?: QueryClient; user?: User | null } = {},
) {
  const entries = Array.isArray(path) ? path : [path];
  const queryClient = options.queryClient ?? createQueryClient({ onSignedOut: () => {} });
  if (options.user !== undefined) queryClient.setQueryData(queryKeys.authUser(), options.user);
  const history = createMemoryHistory({ initialEntries: entries, initialIndex: entries.length - 1 });
  const router = createAppRouter({ queryClient, history });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, history };
}
