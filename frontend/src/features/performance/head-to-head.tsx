import { useQuery } from '@tanstack/react-query';
import { maxComparedPeriods, type CompareEntry, type TrendEntry } from '@treble/contracts';
import { useState } from 'react';
import { authUserQueryOptions } from '../../api/auth';
import { performanceCompareQueryOptions } from '../../api/performance';
import { leaderboardQueryOptions } from '../../api/standings';
import { LoadError } from '../../components/load-error';
import { CardsSkeleton } from './cards-skeleton';
import { pointsLabel } from '../../lib/words';

/**
 * The Head-to-Head tab: the player against another, period by period. The opponent and the periods
 * are chosen on the page, so these load on demand with their own skeleton and error.
 */
export function HeadToHead({ selected, trends }: { selected: number[]; trends: TrendEntry[] }) {
  const { data: me } = useQuery(authUserQueryOptions());
  const board = useQuery(leaderboardQueryOptions('overall'));
  const [opponentId, setOpponentId] = useState('');
  // The selected periods, or else the player's most recent scored ones.
  const periodIds =
    selected.length > 0 ? selected : trends.slice(-maxComparedPeriods).map((entry) => entry.periodId);
  const opponents = (board.data ?? []).filter((row) => row.userId !== me?.id);
  const opponent = opponents.find((row) => row.userId === opponentId) ?? null;
  const ready = opponent !== null && periodIds.length > 0;
  const mine = useQuery({ ...performanceCompareQueryOptions(periodIds), enabled: ready });
  const theirs = useQuery({ ...performanceCompareQueryOptions(periodIds, opponentId), enabled: ready });

  if (board.isLoadingError) {
    return (
      <LoadError
        title="Could not load the players"
        error={board.error}
        onRetry={() => void board.refetch()}
      />
    );
  }
  if (board.isPending) return <CardsSkeleton />;

  return (
    <div>
      <h2>Head-to-Head</h2>
      {opponents.length === 0 ? (
        <p className="empty-state">No other players on the leaderboard yet.</p>
      ) : (
        <div className="field">
          <label className="field__label" htmlFor="opponent">
            Compare with
          </label>
          <select
            id="opponent"
            className="select"
            value={opponentId}
            onChange={(event) => setOpponentId(event.target.value)}
          >
            <option value="">Choose a player…</option>
            {opponents.map((row) => (
              <option key={row.userId} value={row.userId}>
                #{row.rank} {row.displayName} ({pointsLabel(row.totalPoints)})
              </option>
            ))}
          </select>
        </div>
      )}
      {opponent && periodIds.length === 0 && <p className="empty-state">Select Periods to Compare</p>}
      {ready && (
        <>
          <p className="muted">
            {selected.length > 0
              ? 'Your selected periods.'
              : 'Your most recent scored periods; select periods above to choose others.'}{' '}
            Another player's picks show once they have locked.
          </p>
          {mine.isLoadingError || theirs.isLoadingError ? (
            <LoadError
              title="Could not load the head-to-head"
              error={mine.error ?? theirs.error}
              onRetry={() => {
                void mine.refetch();
                void theirs.refetch();
              }}
            />
          ) : !mine.data || !theirs.data ? (
            <CardsSkeleton />
          ) : (
            <HeadToHeadTable mine={mine.data} theirs={theirs.data} opponentName={opponent.displayName} />
          )}
        </>
      )}
    </div>
  );
}

function HeadToHeadTable({
  mine,
  theirs,
  opponentName,
}: {
  mine: CompareEntry[];
  theirs: CompareEntry[];
  opponentName: string;
}) {
  const byPeriod = new Map(theirs.map((entry) => [entry.periodId, entry]));
  let wins = 0;
  let losses = 0;
  let draws = 0;
  const rows = mine.map((entry) => {
    const other = byPeriod.get(entry.periodId);
    const theirPoints = other?.totalPoints ?? 0;
    const outcome =
      entry.totalPoints > theirPoints ? 'You' : entry.totalPoints < theirPoints ? opponentName : 'Level';
    if (outcome === 'You') wins += 1;
    else if (outcome === 'Level') draws += 1;
    else losses += 1;
    return { entry, other, theirPoints, outcome };
  });
  const myTotal = mine.reduce((sum, entry) => sum + entry.totalPoints, 0);
  const theirTotal = theirs.reduce((sum, entry) => sum + entry.totalPoints, 0);
  return (
    <>
      <p data-testid="head-to-head-summary">
        <strong>
          You {myTotal} – {theirTotal} {opponentName}
        </strong>{' '}
        <span className="muted">
          (periods won {wins}, lost {losses}, level {draws})
        </span>
      </p>
      <div className="table-scroll">
        <table className="data-table card-table">
          <caption className="visually-hidden">Head-to-head with {opponentName}, period by period</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">You</th>
              <th scope="col">{opponentName}</th>
              <th scope="col">Ahead</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ entry, other, theirPoints, outcome }) => (
              <tr key={entry.periodId} data-testid="head-to-head-row">
                <th scope="row">{entry.periodName}</th>
                <td data-label="You">
                  {pointsLabel(entry.totalPoints)}
                  <PickNames entry={entry} />
                </td>
                <td data-label={opponentName}>
                  {pointsLabel(theirPoints)}
                  {other && <PickNames entry={other} />}
                </td>
                <td data-label="Ahead">{outcome}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function PickNames({ entry }: { entry: CompareEntry }) {
  if (entry.choices.length === 0) return null;
  return (
    <span className="muted pick-names">
      {entry.choices.map((choice) => `${choice.optionName} (${choice.result ?? 'pending'})`).join(', ')}
    </span>
  );
}
