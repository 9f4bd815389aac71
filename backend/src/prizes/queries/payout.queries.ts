import type { LeaderboardEntry, LeaderboardKind, Payout } from '@treble/contracts';
import { type LeaderboardQueries } from '../../standings/index.js';
import { payouts } from '../domain/payouts.js';
import { competitions, parsePosition, type PrizeDraft } from '../domain/prize.js';

/**
 * Who would win what if the season ended now: the active prizes (as the prizes store lists them)
 * over the current Overall, Survivor and Last 10 standings, tied players sharing the tied positions'
 * prizes (prizes/domain `payouts`). Only the rows that can reach a paid place are read.
 */
export class PayoutQueries {
  constructor(private readonly leaderboards: LeaderboardQueries) {}

  async payouts(prizes: readonly PrizeDraft[]): Promise<Payout[]> {
    const standings: Partial<Record<LeaderboardKind, LeaderboardEntry[]>> = {};
    for (const competition of competitions) {
      const places = prizes
        .filter((prize) => prize.isActive && prize.competition === competition)
        .map((prize) => parsePosition(prize.position))
        .filter((place): place is number => place !== null);
      if (places.length === 0) continue;
      standings[competition] = await this.leaderboards.top(competition, Math.max(...places));
    }
    return payouts(prizes, standings).map((payout) => {
      const entry = standings[payout.competition]!.find((row) => row.userId === payout.userId)!;
      return {
        competition: payout.competition,
        userId: payout.userId,
        firstName: entry.firstName,
        lastName: entry.lastName,
        email: entry.email,
        profileImageUrl: entry.profileImageUrl,
        displayName: entry.displayName,
        rank: payout.rank,
        positions: payout.positions,
        sharedBy: payout.sharedBy,
        amounts: payout.amounts.map((money) => ({ currency: money.currency, amount: money.amount })),
      };
    });
  }
}
