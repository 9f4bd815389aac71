import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createQueryClient } from '../query-client';
import { createAppRouter } from '../router';

/** Renders the whole app (real route tree and query defaults) at `path` in memory. */
export function renderApp(path: string | string[], options: { queryClient?: QueryClient } = {}) {
  const entries = Array.isArray(path) ? path : [path];
  const queryClient = options.queryClient ?? createQueryClient();
  const history = createMemoryHistory({ initialEntries: entries, initialIndex: entries.length - 1 });
  const router = createAppRouter({ queryClient, history });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, history };
}
