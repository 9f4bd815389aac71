import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { userDisplayName, type User } from '@treble/contracts';
import { toast } from 'sonner';
import { logoutMutationOptions } from '../../api/auth';
import { UserAvatar } from './user-avatar';

/**
 * The header's user menu: full name or e-mail, the label "Competitor" (the spec's, for everyone:
 * an admin's role shows on the Profile page and in the Admin link), an initials avatar and Logout.
 */
export function UserMenu({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useMutation(logoutMutationOptions(queryClient));
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => void navigate({ to: '/' }),
      onError: (error) => toast.error('Error', { description: error.message }),
    });
  const name = userDisplayName(user);
  return (
    <div className="user-menu">
      <Link to="/profile" className="user-menu__profile" aria-label={`Your profile: ${name}`}>
        <UserAvatar user={user} />
        <span className="user-menu__text">
          <span className="user-menu__name">{name}</span>
          <span className="user-menu__role">Competitor</span>
        </span>
      </Link>
      <button type="button" className="button button--header" onClick={signOut} disabled={logout.isPending}>
        Logout
      </button>
    </div>
  );
}
