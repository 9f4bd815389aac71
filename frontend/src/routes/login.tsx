import { createFileRoute } from '@tanstack/react-router';
import { isLoginNotice, LoginPage, type LoginNotice } from '../features/auth/login-page';
import { requireSignedOut, safeRedirect } from '../features/auth/route-guards';

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string; notice?: LoginNotice } => {
    const redirect = safeRedirect(search.redirect);
    const notice = isLoginNotice(search.notice) ? search.notice : undefined;
    return { ...(redirect ? { redirect } : {}), ...(notice ? { notice } : {}) };
  },
  beforeLoad: requireSignedOut,
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect, notice } = Route.useSearch();
  return <LoginPage redirectTo={redirect} notice={notice} />;
}
