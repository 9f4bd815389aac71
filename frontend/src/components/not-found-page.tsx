import { useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router';

/** The catch-all page (docs/rules.md, Screens); its texts are fixed by the spec. */
export function NotFoundPage() {
  const router = useRouter();
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();

  const goBack = () => {
    // Landing here from outside the app leaves nothing to go back to inside it: go home instead.
    if (canGoBack) router.history.back();
    else void navigate({ to: '/' });
  };

  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code">404</p>
      <h1 id="not-found-title">Page Not Found</h1>
      <p>The page you're looking for doesn't exist or has been moved.</p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={() => void navigate({ to: '/' })}>
          Go to Home
        </button>
        <button type="button" className="button" onClick={goBack}>
          Go Back
        </button>
      </div>
    </section>
  );
}
