import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../features/auth/profile-page';
import { requireUser } from '../features/auth/route-guards';

export const Route = createFileRoute('/profile')({
  beforeLoad: requireUser,
  component: ProfilePage,
});
