import type { DomainEvent } from '../../shared/domain/event.js';
import type { SeasonSchedule } from './season-schedule.js';

/**
 * The season a pool plays, as it was imported: stream `season-{season}` holds its schedule (teams
 * and matchweeks) once, whatever the source (bundled data, football-data.org or an admin's file),
 * so the pool never depends on a file or an API answer that changes later.
 */
export function seasonStreamId(season: string): string {
  return `season-${season}`;
}

export type SeasonSource = 'bundled' | 'football-data' | 'file';

export type SeasonEvent = DomainEvent<
  'SeasonImported',
  { season: string; source: SeasonSource; schedule: SeasonSchedule }
>;

/** The first import records the season; importing it again decides nothing. */
export function decideImportSeason(
  existing: readonly SeasonEvent[],
  schedule: SeasonSchedule,
  source: SeasonSource,
): SeasonEvent[] {
  if (existing.some((event) => event.type === 'SeasonImported')) return [];
  return [{ type: 'SeasonImported', data: { season: schedule.season, source, schedule } }];
}

/** The season whose dates hold `now`, else the next to start, else the last one. */
export function defaultSeason<T extends { season: string; startDate: string; endDate: string }>(
  seasons: readonly T[],
  now: Date,
): T | null {
  const at = now.getTime();
  const sorted = [...seasons].sort((a, b) => a.startDate.localeCompare(b.startDate));
  return (
    sorted.find((s) => Date.parse(s.startDate) <= at && at <= Date.parse(s.endDate)) ??
    sorted.find((s) => Date.parse(s.startDate) > at) ??
    sorted[sorted.length - 1] ??
    null
  );
}
