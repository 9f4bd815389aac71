import { maskEmail } from '@treble/contracts';

export interface NamedUser {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/**
 * Full name, else the masked e-mail (`a…@example.com`: other players never see an address), else
 * "Unknown User" (docs/rules.md, Screens).
 */
export function displayName(user: NamedUser | null | undefined): string {
  const fullName = [user?.firstName, user?.lastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
  if (fullName !== '') return fullName;
  const email = user?.email?.trim() ?? '';
  return email !== '' ? maskEmail(email) : 'Unknown User';
}
