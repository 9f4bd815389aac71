import { toast } from 'sonner';

/** docs/rules.md, Screens: the sign-in page opens 500 ms after the toast. */
export const loginRedirectDelayMs = 500;

/**
 * A change refused because the session ended (401 UNAUTHENTICATED): the spec's toast, then the
 * sign-in page.
 */
export function announceSignedOut(
  navigate: (url: string) => void = (url) => window.location.assign(url),
): void {
  toast.error('Unauthorized', { description: 'You are logged out. Logging in again...' });
  setTimeout(() => navigate('/api/login'), loginRedirectDelayMs);
}
