export interface RankableRow {
  userId: string;
  displayName: string;
  points: number;
  wins: number;
}

export type Ranked<T> = T & { rank: number };

/** Ascending order, with < and > rather than subtraction (so a number may be -Infinity). */
const ascending = <V extends number | string>(x: V, y: V) => (x < y ? -1 : x > y ? 1 : 0);

/**
 * Display-name order for rows of equal rank: case-insensitive, then exact, then user id so the order
 * is total. In SQL: `ORDER BY lower(display_name), display_name COLLATE "C", user_id COLLATE "C"`.
 */
export function compareByName(a: RankableRow, b: RankableRow): number {
  return (
    ascending(a.displayName.toLowerCase(), b.displayName.toLowerCase()) ||
    ascending(a.displayName, b.displayName) ||
    ascending(a.userId, b.userId)
  );
}

/**
 * Ranks by `tier` (lower first; every row 0 unless given), then points, then winning picks. Rows equal
 * on all three share a rank and the next rank skips (1, 2, 2, 4); equal rows are listed by name.
 */
export function rankRows<T extends RankableRow>(
  rows: readonly T[],
  tier: (row: T) => number = () => 0,
): Ranked<T>[] {
  const sameRank = (a: T, b: T) => tier(a) === tier(b) && a.points === b.points && a.wins === b.wins;
  const sorted = [...rows].sort(
    (a, b) =>
      ascending(tier(a), tier(b)) ||
      ascending(b.points, a.points) ||
      ascending(b.wins, a.wins) ||
      compareByName(a, b),
  );
  const ranked: Ranked<T>[] = [];
  sorted.forEach((row, index) => {
    const previous = ranked[index - 1];
    const rank = previous !== undefined && sameRank(previous, row) ? previous.rank : index + 1;
    ranked.push({ ...row, rank });
  });
  return ranked;
}
