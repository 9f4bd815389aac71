import { isLocked } from './decide-picks.js';

/**
 * Other players' picks on an option stay hidden until the option locks (so nobody copies a pick
 * before kickoff): at kickoff, or earlier when it has a result (which locks it for new picks too);
 * a player always sees their own picks.
 */
export function isPickVisibleTo(
  viewerId: string,
  pick: { userId: string },
  option: { lockAt: Date | null; hasResult: boolean },
  now: Date,
): boolean {
  if (pick.userId === viewerId) return true;
  return option.hasResult || isLocked(option, now);
}
