/**
 * Pool years. A pool plays one season at a time; the season context's `pool-seasons` stream
 * records each season it started (`SeasonStarted`). A season's own streams (its periods, the
 * players' picks, the reminders sent) carry the season's *scope* in their id, so the next season starts from empty streams: no picks, no usage,
 * no strikes. The pool's first season has the empty scope, so the streams of a pool that started
 * before pool years existed (`period-12`, `picks-{user}`) are its first season's, unchanged.
 */
export interface SeasonStartedData {
  season: string;
  /** The stream-id scope of the season's streams: '' for the pool's first season, else the season name. */
  scope: string;
  /** The season it follows, whose standings are kept as they stand; null for the pool's first season. */
  previous: string | null;
}

export const SEASON_STARTED = 'SeasonStarted';

export interface SeasonScope {
  season: string;
  scope: string;
}

/** `{prefix}-{id}` in the first season, `{prefix}-{scope}-{id}` after it. */
export function scopedStreamId(prefix: string, scope: string, id: string | number): string {
  return scope === '' ? `${prefix}-${id}` : `${prefix}-${scope}-${id}`;
}

export const seasonNamePattern = /^\d{4}-\d{2}$/;

/** `2026-27` is followed by `2027-28`. */
export function nextSeasonName(season: string): string {
  const start = Number(season.slice(0, 4)) + 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
