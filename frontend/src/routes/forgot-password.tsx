import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../features/auth/password-reset-pages';
import { requireSignedOut } from '../features/auth/route-guards';

export const Route = createFileRoute('/forgot-password')({
  beforeLoad: requireSignedOut,
  component: ForgotPasswordPage,
});
