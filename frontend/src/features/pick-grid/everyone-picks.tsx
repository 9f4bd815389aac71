import { useQuery } from '@tanstack/react-query';
import type { PickGridCell, PickGridRow } from '@treble/contracts';
import { useState } from 'react';
import { pickGridQueryOptions } from '../../api/picks';
import { errorMessage } from '../../lib/errors';
import { ClubBadge } from '../clubs/club-badge';
import './popularity.css';
import { plural } from '../../lib/words';

type SortKey = 'points' | 'name';

function outcomeText(cell: PickGridCell): string {
  if (cell.voided) return 'voided';
  if (cell.outcome === null) return 'no result yet';
  return `${cell.outcome}, ${plural(cell.points ?? 0, 'point')}`;
}

/**
 * Everyone's picks of a period, as the server gives them: only picks whose options have locked, so
 * nothing shows before the deadline. The viewer's row stays first whatever the sort.
 */
export function EveryonePicks({
  periodId,
  viewerId,
  onlyOptionId,
  heading = "Everyone's Picks",
  season,
}: {
  periodId: number;
  /** A past season of the pool (its picks as they ended); the current one when absent. */
  season?: string;
  viewerId: string | undefined;
  /** Only the players who picked this option (the "N picked" dialog of a pick card). */
  onlyOptionId?: string;
  heading?: string | null;
}) {
  // Picks lock at kickoff on the server's clock: look again every minute while some are still hidden.
  const grid = useQuery({
    ...pickGridQueryOptions(periodId, undefined, season),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && data.lockedOptions < data.totalOptions ? 60_000 : false;
    },
  });
  const [sort, setSort] = useState<SortKey>('points');
  const [descending, setDescending] = useState(true);

  if (grid.isPending) return <span className="skeleton skeleton--line" aria-hidden="true" />;
  if (grid.isLoadingError) return <p className="error-state__message">{errorMessage(grid.error)}</p>;
  const data = grid.data;
  if (!data) return null;
  let rows = data.rows;
  if (onlyOptionId) rows = rows.filter((row) => row.picks.some((pick) => pick.optionId === onlyOptionId));

  const compare = (a: PickGridRow, b: PickGridRow) => {
    const order = sort === 'points' ? a.points - b.points : a.displayName.localeCompare(b.displayName);
    return descending ? -order : order;
  };
  const viewer = rows.filter((row) => row.userId === viewerId);
  const others = rows.filter((row) => row.userId !== viewerId).sort(compare);
  const sorted = [...viewer, ...others];

  const sortButton = (key: SortKey, label: string) => (
    <button
      type="button"
      className="sort-button"
      onClick={() => {
        if (sort === key) setDescending(!descending);
        else {
          setSort(key);
          setDescending(key === 'points');
        }
      }}
    >
      {label}
      {sort === key ? (descending ? ' ▼' : ' ▲') : ''}
    </button>
  );
  const ariaSort = (key: SortKey) => (sort === key ? (descending ? 'descending' : 'ascending') : 'none');

  return (
    <div className="everyone-picks" data-testid="everyone-picks">
      {heading && <h2>{heading}</h2>}
      <p className="muted">
        {data.lockedOptions === 0
          ? 'Picks are shown once they lock at kickoff.'
          : data.lockedOptions < data.totalOptions
            ? `Picks on ${plural(data.lockedOptions, 'locked option')} of ${data.totalOptions}; the rest show at kickoff.`
            : 'Every option has locked.'}
      </p>
      {!onlyOptionId && <Popularity rows={data.rows} />}
      {sorted.length === 0 ? (
        <p className="empty-state">
          {data.lockedOptions === 0 ? 'Nothing to show before the lock.' : 'No picks here.'}
        </p>
      ) : (
        <table className="pick-grid">
          <thead>
            <tr>
              <th scope="col" aria-sort={ariaSort('name')}>
                {sortButton('name', 'Player')}
              </th>
              <th scope="col">Picks</th>
              <th scope="col" aria-sort={ariaSort('points')} className="pick-grid__points">
                {sortButton('points', 'Pts')}
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((row) => (
              <tr
                key={row.userId}
                className={row.userId === viewerId ? 'pick-grid__row--viewer' : undefined}
                data-testid="pick-grid-row"
              >
                <th scope="row" className="pick-grid__name">
                  {row.displayName}
                  {row.userId === viewerId && <span className="muted"> (you)</span>}
                </th>
                <td>
                  <ul className="pick-grid__picks">
                    {row.picks.map((pick) => (
                      <li
                        key={pick.optionId}
                        className={`pick-chip pick-chip--${pick.voided ? 'voided' : (pick.outcome ?? 'pending')}`}
                        title={`${pick.teamName}: ${outcomeText(pick)}`}
                      >
                        <ClubBadge teamKey={pick.teamKey} size="small" />
                        <span className="pick-chip__team">{pick.teamName}</span>
                        <span className="visually-hidden">: {outcomeText(pick)}</span>
                        {pick.points !== null && <span aria-hidden="true">+{pick.points}</span>}
                      </li>
                    ))}
                  </ul>
                </td>
                <td className="pick-grid__points">{row.points}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/**
 * How many of the pool picked each team, once its picks have locked (the grid holds no other), most
 * picked first, as a share of the players shown.
 */
function Popularity({ rows }: { rows: readonly PickGridRow[] }) {
  const teams = new Map<string, { teamKey: string; teamName: string; count: number }>();
  for (const row of rows)
    for (const pick of row.picks) {
      const team = teams.get(pick.optionId) ?? { teamKey: pick.teamKey, teamName: pick.teamName, count: 0 };
      team.count += 1;
      teams.set(pick.optionId, team);
    }
  if (teams.size === 0) return null;
  const ranked = [...teams.values()].sort(
    (a, b) => b.count - a.count || a.teamName.localeCompare(b.teamName),
  );
  return (
    <ol className="popularity" aria-label="Most picked" data-testid="popularity">
      {ranked.map((team) => {
        const share = Math.round((team.count / rows.length) * 100);
        return (
          <li key={team.teamKey} className="popularity__team">
            <ClubBadge teamKey={team.teamKey} size="small" />
            <span className="popularity__name">{team.teamName}</span>
            <span className="popularity__bar" aria-hidden="true">
              <span style={{ width: `${share}%` }} />
            </span>
            <span className="popularity__count">
              {team.count} <span className="muted">({share}%)</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
