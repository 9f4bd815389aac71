import { createFileRoute } from '@tanstack/react-router';
import { registrationOptionsQueryOptions } from '../api/auth';
import { RegisterPage } from '../features/auth/register-page';
import { requireSignedOut } from '../features/auth/route-guards';

export const Route = createFileRoute('/register')({
  validateSearch: (search: Record<string, unknown>): { invite?: string } =>
    typeof search.invite === 'string' && search.invite !== '' ? { invite: search.invite } : {},
  beforeLoad: requireSignedOut,
  loaderDeps: ({ search }) => ({ invite: search.invite }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(registrationOptionsQueryOptions(deps.invite)),
  component: RegisterRoute,
});

function RegisterRoute() {
  const { invite } = Route.useSearch();
  return <RegisterPage invite={invite} />;
}
