import type { RequestUser } from '../../platform/http/command-context.js';

/**
 * Rows naming players as `viewer` may see them: admins and the player themselves see the e-mail
 * address; everyone else (other players, anonymous visitors) gets null, and only the display name,
 * which masks an address (`a…@example.com`) when the player has no name.
 */
export function withEmailsFor<Row extends { userId: string; email: string | null }>(
  viewer: RequestUser | null,
  rows: readonly Row[],
): Row[] {
  if (viewer?.isAdmin === true) return [...rows];
  return rows.map((row) => (row.userId === viewer?.id || row.email === null ? row : { ...row, email: null }));
}
