import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/auth/password-reset-pages';

// Not limited to signed-out visitors: a link handed over may be opened in a browser still signed in.
export const Route = createFileRoute('/reset-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token} />;
}
