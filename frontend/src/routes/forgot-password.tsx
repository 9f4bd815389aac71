import { createFileRoute } from '@tanstack/react-router';
import { registrationOptionsQueryOptions } from '../api/auth';
import { ForgotPasswordPage } from '../features/auth/password-reset-pages';
import { requireSignedOut } from '../features/auth/route-guards';

export const Route = createFileRoute('/forgot-password')({
  beforeLoad: requireSignedOut,
  // Whether the pool sends e-mail decides what the page offers.
  loader: ({ context }) => context.queryClient.ensureQueryData(registrationOptionsQueryOptions(undefined)),
  component: ForgotPasswordPage,
});
