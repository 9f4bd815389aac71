import { isLocked } from './decide-picks.js';

/**
 * Other players' picks on an option stay hidden until the option locks (so nobody copies a pick
 * before kickoff); a player always sees their own picks.
 */
export function isPickVisibleTo(
  viewerId: string,
  pick: { userId: string },
  option: { lockAt: Date | null },
  now: Date,
): boolean {
  if (pick.userId === viewerId) return true;
  return isLocked(option, now);
}
