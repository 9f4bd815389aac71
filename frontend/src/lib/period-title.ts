import type { Period } from '@treble/contracts';

/**
 * What screens call a period: its own name ("Matchweek 12" for a Premier League season, or the name
 * an admin gave a custom period), else "Matchweek {id}". One helper, so every screen agrees.
 */
export function periodTitle(period: Pick<Period, 'id' | 'name'>): string {
  return period.name || `Matchweek ${period.id}`;
}

/** The title of the period with this id, looked up in `periods` when they are at hand. */
export function periodTitleOf(
  periodId: number,
  periods?: readonly Pick<Period, 'id' | 'name'>[] | null,
): string {
  const period = periods?.find((candidate) => candidate.id === periodId);
  return periodTitle(period ?? { id: periodId, name: '' });
}
