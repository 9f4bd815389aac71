import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { authUserQueryOptions } from '../api/auth';
import { HomePage } from '../features/home/home-page';
import { LandingPage } from '../features/home/landing-page';

export const Route = createFileRoute('/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(authUserQueryOptions()),
  component: StartPage,
});

/** SPEC section 2: the dashboard when signed in, the landing page otherwise. */
function StartPage() {
  const { data: user } = useSuspenseQuery(authUserQueryOptions());
  return user ? <HomePage /> : <LandingPage />;
}
