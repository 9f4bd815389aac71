import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { CatchBoundary } from '@tanstack/react-router';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { LoadError } from './load-error';

/**
 * A part of a page that loads on demand (a tab the route did not load): it suspends into `pending`
 * and a failed first load shows here with a Retry, leaving the rest of the page as it is. What the
 * route loads needs none of this: its pending and error components cover it.
 */
export function QueryBoundary({
  title,
  pending,
  resetKey,
  children,
  error: ShowError = LoadError,
}: {
  /** The heading of the error, e.g. "Could not load the leaderboard". */
  title: string;
  pending: ReactNode;
  /** A new key (another tab, another selection) clears a shown error. */
  resetKey?: unknown;
  children: ReactNode;
  /** How the failure shows (a page's LoadError unless a part draws its own). */
  error?: ComponentType<{ title: string; error: unknown; onRetry: () => void }>;
}) {
  return (
    <QueryErrorResetBoundary>
      {({ reset: allowRefetch }) => (
        <CatchBoundary
          getResetKey={() => resetKey}
          errorComponent={({ error, reset }) => (
            <ShowError
              title={title}
              error={error}
              onRetry={() => {
                allowRefetch();
                reset();
              }}
            />
          )}
        >
          <Suspense fallback={pending}>{children}</Suspense>
        </CatchBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}
