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

/**
 * Crown for first, medals for second and third, the number otherwise. `medals` false (nothing to
 * rank yet: every row tied at 0) shows the plain number.
 */
export function RankMark({ rank, medals = true }: { rank: number; medals?: boolean }) {
  const marks: Record<number, { symbol: string; label: string }> = {
    1: { symbol: '👑', label: 'Rank 1' },
    2: { symbol: '🥈', label: 'Rank 2' },
    3: { symbol: '🥉', label: 'Rank 3' },
  };
  const mark = medals ? marks[rank] : undefined;
  if (!mark) return <span className="rank">#{rank}</span>;
  return (
    <span className="rank rank--medal" role="img" aria-label={mark.label} data-rank={rank}>
      {mark.symbol}
    </span>
  );
}
