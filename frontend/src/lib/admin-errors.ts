import { ErrorCodes, type ErrorCode } from '@treble/contracts';
import { toast } from 'sonner';
import { ApiError } from '../api/http';
import { errorMessage } from './errors';

/** What an admin reads for the refusals the season admin calls can meet (docs/rules.md, Screens: codes are not shown). */
const humanMessages: Partial<Record<ErrorCode, string>> = {
  [ErrorCodes.PERIOD_NOT_FOUND]: 'This period no longer exists. Reload the page to see the current list.',
  [ErrorCodes.PERIOD_NOT_ACTIVE]: 'Only an active period can be completed. Activate it first.',
  [ErrorCodes.PERIOD_ALREADY_COMPLETED]: 'This period is already completed.',
  [ErrorCodes.PERIOD_NOT_REOPENABLE]: 'Only a manually completed period can be reopened.',
  [ErrorCodes.FORBIDDEN_ADMIN_ONLY]: 'Only admins can do this. Your admin rights may have been removed.',
  [ErrorCodes.CONCURRENCY_CONFLICT]: 'Someone else changed this at the same moment. Please try again.',
  [ErrorCodes.SEASON_DATA_INVALID]: 'The season data could not be read, so nothing was created.',
  [ErrorCodes.RATE_LIMITED]: 'Too many requests. Wait a moment and try again.',
};

/** The message for a failed admin call: a human sentence for known codes, else the server's own message. */
export function adminErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const known = error.code ? humanMessages[error.code] : undefined;
    if (known) return known;
    // An internal error's detail says nothing useful to an admin.
    if (error.status >= 500 || !error.detail) return fallback;
    return error.detail;
  }
  return error instanceof Error ? errorMessage(error) : fallback;
}

/**
 * docs/rules.md, Screens: a destructive "Error" toast. A lost session is announced by the query client's
 * global handler (the "Unauthorized" toast and the redirect), so it is not repeated here.
 */
export function toastAdminError(error: unknown, fallback: string): void {
  if (error instanceof ApiError && error.code === ErrorCodes.UNAUTHENTICATED) return;
  toast.error('Error', { description: adminErrorMessage(error, fallback) });
}
