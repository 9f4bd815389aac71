import { errorMessage } from '../lib/errors';

/** What `RefreshNotice` needs of a query result (`useSuspenseQuery` and `useQuery` both give it). */
export interface Refreshable {
  isRefetchError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/**
 * A background refetch failed while the page shows data loaded before: the page keeps what it shows
 * (a failed refresh never blanks it) and this says so, with a Retry. The first load's failure is the
 * route's `errorComponent`, not this.
 */
export function RefreshNotice({ queries }: { queries: readonly Refreshable[] }) {
  const failed = queries.filter((query) => query.isRefetchError);
  const first = failed[0];
  if (!first) return null;
  return (
    <p className="notice notice--warning refresh-notice" role="status" data-testid="refresh-notice">
      <span>Could not refresh ({errorMessage(first.error)}); showing what was loaded before.</span>{' '}
      <button
        type="button"
        className="button"
        onClick={() => {
          for (const query of failed) void query.refetch();
        }}
      >
        Retry
      </button>
    </p>
  );
}
