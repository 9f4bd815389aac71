import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { errorMessage } from '../lib/errors';

/** A route's error state: the message and a Retry that re-runs the loader. */
export function RouteError({ error, title }: ErrorComponentProps & { title: string }) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);
  return (
    <section className="page">
      <div className="error-state" role="alert">
        <h2>{title}</h2>
        <p className="error-state__message">{errorMessage(error)}</p>
      </div>
      <button type="button" className="button button--primary" onClick={() => void router.invalidate()}>
        Retry
      </button>
    </section>
  );
}
