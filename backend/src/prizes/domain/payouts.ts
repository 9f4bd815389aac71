import { type Currency, type Money, moneyList, toCents } from './money.js';
import { type Competition, competitions, parsePosition, type PrizeDraft } from './prize.js';

/** A standings row as the standings produce it: listed in rank order, ties sharing a rank. */
export interface RankedEntry {
  userId: string;
  rank: number;
}

export type CompetitionStandings = Partial<Record<Competition, readonly RankedEntry[]>>;

export interface Payout {
  competition: Competition;
  userId: string;
  rank: number;
  /** The prize positions whose prizes this player's tie group shares, e.g. [2, 3]. */
  positions: number[];
  /** Players in the tie group, this one included. */
  sharedBy: number;
  amounts: Money[];
}

/**
 * Who would win what if the season ended now. A group of players tied on rank occupies as many
 * positions as it has players (two tied for 2nd occupy 2nd and 3rd) and shares the sum of those
 * positions' active prizes equally. Amounts split in cents; leftover cents go one each to the first
 * players of the group in listing order (display name), so the shares add up to the prizes exactly.
 */
export function payouts(prizes: readonly PrizeDraft[], standings: CompetitionStandings): Payout[] {
  const result: Payout[] = [];
  for (const competition of competitions) {
    const pool = new Map<number, Map<Currency, number>>();
    for (const prize of prizes) {
      const place = parsePosition(prize.position);
      const cents = toCents(prize.amount);
      if (!prize.isActive || prize.competition !== competition || place === null || cents === null) continue;
      const atPlace = pool.get(place) ?? new Map<Currency, number>();
      atPlace.set(prize.currency, (atPlace.get(prize.currency) ?? 0) + cents);
      pool.set(place, atPlace);
    }
    if (pool.size === 0) continue;

    // Stable sort keeps the listing order inside a rank.
    const rows = [...(standings[competition] ?? [])].sort((a, b) => a.rank - b.rank);
    for (let start = 0; start < rows.length;) {
      let end = start;
      while (end < rows.length && rows[end]!.rank === rows[start]!.rank) end += 1;
      const group = rows.slice(start, end);
      // Positions come from places in the list, not from the rank numbers, so they are right even if
      // the ranks given were dense (1, 2, 2, 3).
      const positions = group.map((_, index) => start + index + 1);
      start = end;

      const shared = new Map<Currency, number>();
      for (const position of positions) {
        for (const [currency, cents] of pool.get(position) ?? []) {
          shared.set(currency, (shared.get(currency) ?? 0) + cents);
        }
      }
      if (shared.size === 0) continue;

      group.forEach((entry, index) => {
        const share = new Map<Currency, number>();
        for (const [currency, cents] of shared) {
          const base = Math.floor(cents / group.length);
          share.set(currency, base + (index < cents % group.length ? 1 : 0));
        }
        result.push({
          competition,
          userId: entry.userId,
          rank: entry.rank,
          positions,
          sharedBy: group.length,
          amounts: moneyList(share),
        });
      });
    }
  }
  return result;
}
