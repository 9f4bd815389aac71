import type { LeaderboardEntry } from '@treble/contracts';

/** Two initials from the names, else from the display name. */
export function initialsOf(entry: Pick<LeaderboardEntry, 'firstName' | 'lastName' | 'displayName'>): string {
  const first = entry.firstName?.trim()[0];
  const last = entry.lastName?.trim()[0];
  if (first || last) return `${first ?? ''}${last ?? ''}`.toUpperCase();
  return (entry.displayName.trim()[0] ?? '?').toUpperCase();
}

export function InitialsAvatar({
  entry,
}: {
  entry: Pick<LeaderboardEntry, 'firstName' | 'lastName' | 'displayName'>;
}) {
  return (
    <span className="avatar" aria-hidden="true">
      {initialsOf(entry)}
    </span>
  );
}

const medalSymbols: Record<number, string> = { 1: '👑', 2: '🥈', 3: '🥉' };

/**
 * The rank as text ("#1"), with a crown beside first and medals beside second and third. The
 * number is always there, so a device without an emoji font (which draws an empty box) still
 * shows it; the whole reads as "Rank 1". `medals` false (nothing to rank yet: every row tied at
 * 0) shows the plain number.
 */
export function RankMark({ rank, medals = true }: { rank: number; medals?: boolean }) {
  const symbol = medals ? medalSymbols[rank] : undefined;
  if (!symbol) return <span className="rank">#{rank}</span>;
  return (
    <span className="rank rank--medal" role="img" aria-label={`Rank ${rank}`} data-rank={rank}>
      <span className="rank__symbol" aria-hidden="true">
        {symbol}
      </span>
      #{rank}
    </span>
  );
}
