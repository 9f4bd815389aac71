import { errorMessage } from '../lib/errors';

/** A failed first load: what went wrong, announced, and a Retry. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <>
      <div className="error-state" role="alert">
        <h2>{title}</h2>
        <p className="error-state__message">{errorMessage(error)}</p>
      </div>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Retry
      </button>
    </>
  );
}
