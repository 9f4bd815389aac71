import { useQuery } from '@tanstack/react-query';
import { maxComparedPeriods, type CompareEntry } from '@treble/contracts';
import { performanceCompareQueryOptions } from '../../api/performance';
import { LoadError } from '../../components/load-error';
import { CardsSkeleton } from './cards-skeleton';
import { pointsLabel } from '../../lib/words';

/**
 * The Detailed Analysis tab: the selected periods side by side. The selection is the player's, made
 * on the page, so this loads on demand with its own skeleton and error (not the route's).
 */
export function DetailedAnalysis({ selected }: { selected: number[] }) {
  const compare = useQuery({ ...performanceCompareQueryOptions(selected), enabled: selected.length > 0 });
  if (selected.length === 0) {
    return (
      <div className="empty-state">
        <h2>Select Periods to Compare</h2>
        <p>Choose up to {maxComparedPeriods} periods above to see them side by side.</p>
      </div>
    );
  }
  if (compare.isLoadingError) {
    return (
      <LoadError
        title="Could not load the comparison"
        error={compare.error}
        onRetry={() => void compare.refetch()}
      />
    );
  }
  if (!compare.data) return <CardsSkeleton />;
  return (
    <div className="compare-grid">
      {compare.data.map((entry) => (
        <PeriodCard key={entry.periodId} entry={entry} />
      ))}
    </div>
  );
}

function ResultBadge({
  result,
  voided,
}: {
  result: CompareEntry['choices'][number]['result'];
  voided: boolean;
}) {
  if (voided) return <span className="badge badge--status-pending">Voided</span>;
  if (result === null) return <span className="badge badge--status-pending">Pending</span>;
  return <span className={`badge badge--result-${result}`}>{result}</span>;
}

function PeriodCard({ entry }: { entry: CompareEntry }) {
  return (
    <article className="compare-card" data-testid="compare-card">
      <h3>{entry.periodName}</h3>
      <dl className="compare-card__facts">
        <div>
          <dt>Rank</dt>
          <dd>{entry.rank === null ? '--' : `#${entry.rank}`}</dd>
        </div>
        <div>
          <dt>Points</dt>
          <dd>{entry.totalPoints}</dd>
        </div>
        <div>
          <dt>Accuracy</dt>
          <dd>{entry.accuracy}%</dd>
        </div>
        <div>
          <dt>Correct</dt>
          <dd>
            {entry.correctPicks}/{entry.totalPicks}
          </dd>
        </div>
      </dl>
      {entry.choices.length === 0 ? (
        <p className="muted">No picks shown for this period.</p>
      ) : (
        <ul className="result-list">
          {entry.choices.map((choice) => (
            <li key={choice.id} className="result-row">
              <span>{choice.optionName}</span>
              <span>{pointsLabel(choice.points)}</span>
              <ResultBadge result={choice.result} voided={choice.voided} />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
