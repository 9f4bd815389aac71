import { usePoolRules } from '../../api/rules';
import { periodTitleOf } from '../../lib/period-title';
import PointsChart from './points-chart';
import { accuracyTone, type PerformanceTabProps } from './selection';
import { StatTile } from './stat-tile';

/** How many of the most recent scored periods the overview shows. */
const recentPeriods = 10;

const trendLabels = { improving: 'Improving', declining: 'Declining', stable: 'Stable' } as const;

/**
 * The Overview tab: the headline figures and the last periods' points as bars. Before a period the
 * player picked in has a result there is nothing to measure, so it says so instead of showing 0 %.
 */
export function Overview({ detailed, trends, periods }: PerformanceTabProps) {
  // The bars are scaled against the best a period can give under the pool's rules (every pick a win).
  const { picksPerPeriod, points } = usePoolRules();
  const maxPeriodPoints = picksPerPeriod * points.win;
  const recent = trends.slice(-recentPeriods);
  if (detailed.periodsPlayed === 0 && trends.length === 0) {
    return (
      <div className="empty-state" data-testid="performance-empty">
        <h2>Nothing to analyse yet</h2>
        <p>Your points, accuracy and trend appear here once a matchweek you picked in has results.</p>
      </div>
    );
  }
  return (
    <>
      <div className="stat-grid">
        <StatTile label="Total Points" value={String(detailed.totalPoints)} />
        <StatTile label="Overall Accuracy" value={`${detailed.overallAccuracy}%`} />
        <StatTile
          label="Current Rank"
          value={detailed.currentRank === null ? '--' : `#${detailed.currentRank}`}
        />
        <StatTile label="Periods Played" value={String(detailed.periodsPlayed)} />
      </div>
      <p>
        Performance Trend:{' '}
        <span className={`badge badge--trend-${detailed.trend}`} data-testid="trend-badge">
          {trendLabels[detailed.trend]}
        </span>
      </p>
      <h2>Last {recentPeriods} periods</h2>
      {recent.length === 0 ? (
        <p className="empty-state">No scored periods yet.</p>
      ) : (
        <>
          <PointsChart
            data={recent.map((entry) => ({ ...entry, title: periodTitleOf(entry.periodId, periods) }))}
          />
          <ol className="trend-bars">
            {recent.map((entry) => (
              <li key={entry.periodId} className="trend-bar" data-testid="trend-bar">
                <span className="trend-bar__label">{periodTitleOf(entry.periodId, periods)}</span>
                <span className="trend-bar__track" aria-hidden="true">
                  <span
                    className="trend-bar__fill"
                    style={{ width: `${Math.min(entry.points / maxPeriodPoints, 1) * 100}%` }}
                  />
                </span>
                <span>
                  {entry.points}/{maxPeriodPoints} pts
                </span>
                <span className={`accuracy accuracy--${accuracyTone(entry.accuracy)}`}>
                  {entry.accuracy}%
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}
