import { periodTitleOf } from '../../lib/period-title';
import { accuracyTone, directions, type Direction, type PerformanceTabProps } from './selection';
import { pointsLabel } from '../../lib/words';

const arrows: Record<Direction, { symbol: string; label: string }> = {
  up: { symbol: '▲', label: 'up' },
  down: { symbol: '▼', label: 'down' },
  flat: { symbol: '▶', label: 'level' },
};

/** The Trends tab: points and accuracy period by period, and a few insights. */
export function Trends({ detailed, trends, periods }: PerformanceTabProps) {
  const moves = directions(trends.map((entry) => entry.points));
  const title = (periodId: number) => periodTitleOf(periodId, periods);
  if (trends.length === 0 && detailed.bestPeriod === null) {
    return (
      <div className="empty-state" data-testid="trends-empty">
        <h2>No trends yet</h2>
        <p>Your points and accuracy, matchweek by matchweek, appear here once your picks have results.</p>
      </div>
    );
  }
  return (
    <div className="panel-grid">
      <div>
        <h2>Points Progression</h2>
        {trends.length === 0 ? (
          <p className="empty-state">No scored periods yet.</p>
        ) : (
          <ol className="result-list">
            {trends.map((entry, index) => {
              const arrow = arrows[moves[index] ?? 'flat'];
              return (
                <li key={entry.periodId} className="result-row" data-testid="progression-row">
                  <span>{title(entry.periodId)}</span>
                  <span>{pointsLabel(entry.points)}</span>
                  <span
                    className={`arrow arrow--${moves[index] ?? 'flat'}`}
                    role="img"
                    aria-label={arrow.label}
                  >
                    {arrow.symbol}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <div>
        <h2>Accuracy Trends</h2>
        {trends.length === 0 ? (
          <p className="empty-state">No scored periods yet.</p>
        ) : (
          <ol className="result-list">
            {trends.map((entry) => (
              <li key={entry.periodId} className="result-row">
                <span>{title(entry.periodId)}</span>
                <span className={`accuracy accuracy--${accuracyTone(entry.accuracy)}`}>
                  {entry.accuracy}%
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
      <div>
        <h2>Performance Insights</h2>
        <dl className="insights">
          <div>
            <dt>Best single period</dt>
            <dd data-testid="best-period">
              {detailed.bestPeriod
                ? `${title(detailed.bestPeriod.periodId)}: ${pointsLabel(detailed.bestPeriod.points)}`
                : 'None yet'}
            </dd>
          </div>
          <div>
            <dt>Average points per period</dt>
            <dd>{detailed.averagePoints}</dd>
          </div>
          <div>
            <dt>Consistency score</dt>
            <dd>{detailed.consistencyScore}</dd>
          </div>
        </dl>
        <p className="muted">
          The consistency score is the spread of your period points: lower means more consistent.
        </p>
      </div>
    </div>
  );
}
