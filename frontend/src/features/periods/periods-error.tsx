import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { errorMessage } from '../../lib/errors';
import { PeriodsHeader } from './periods-header';

/** The period management route's error state: the server's message and a Retry that loads again. */
export function PeriodsError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();

  // Lets a query that failed while rendering fetch again once the route re-renders.
  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  return (
    <section className="page" aria-labelledby="periods-title">
      <PeriodsHeader />
      <div className="error-state" role="alert">
        <h2>Could not load the periods</h2>
        <p className="error-state__message">{errorMessage(error)}</p>
      </div>
      {/* Re-runs the loader, which fetches again because the failed query holds no data. */}
      <button type="button" className="button button--primary" onClick={() => void router.invalidate()}>
        Retry
      </button>
    </section>
  );
}
