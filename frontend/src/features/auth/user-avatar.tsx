import { userInitials, type User } from '@treble/contracts';
import { useState } from 'react';

/** The user's picture, or their initials when there is none (or it fails to load). Decorative: the name is always next to it. */
export function UserAvatar({
  user,
  size = 'small',
}: {
  user: Pick<User, 'firstName' | 'lastName' | 'email' | 'profileImageUrl'>;
  size?: 'small' | 'large';
}) {
  const [broken, setBroken] = useState(false);
  const className = `avatar avatar--${size}`;
  if (user.profileImageUrl && !broken) {
    return (
      <img
        className={className}
        src={user.profileImageUrl}
        alt=""
        onError={() => setBroken(true)}
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span className={className} aria-hidden="true" data-testid="avatar-initials">
      {userInitials(user)}
    </span>
  );
}
