import { useQuery } from '@tanstack/react-query';
import { poolSeasonsQueryOptions } from '../api/seasons';

/**
 * Pool years: chooses which season a page shows, the current one or a past one (`?season=`). Shown
 * only once the pool has played more than one season.
 */
export function SeasonSwitcher({
  season,
  onChange,
}: {
  season: string | undefined;
  onChange: (season: string | undefined) => void;
}) {
  const seasons = useQuery(poolSeasonsQueryOptions());
  const list = seasons.data?.seasons ?? [];
  if (list.length < 2) return null;
  const current = seasons.data?.current ?? null;
  return (
    <label className="season-switcher">
      <span className="season-switcher__label">Season</span>
      <select
        className="select"
        value={season ?? current ?? ''}
        onChange={(event) => onChange(event.target.value === current ? undefined : event.target.value)}
        data-testid="season-switcher"
      >
        {list.map((entry) => (
          <option key={entry.season} value={entry.season}>
            {entry.season.replace('-', '/')}
            {entry.isCurrent ? ' (current)' : ''}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The `season` search parameter of a page that has a season switcher: a name like 2025-26, else absent. */
export function validateSeasonSearch(search: Record<string, unknown>): { season?: string } {
  return typeof search.season === 'string' && /^\d{4}-\d{2}$/.test(search.season)
    ? { season: search.season }
    : {};
}
