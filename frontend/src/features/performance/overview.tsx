import type { DetailedPerformance, TrendEntry } from '@treble/contracts';
import { usePoolRules } from '../../api/rules';
import PointsChart from './points-chart';
import { accuracyTone } from './selection';
import { StatTile } from './stat-tile';

/** How many of the most recent scored periods the overview shows. */
const recentPeriods = 10;

const trendLabels = { improving: 'Improving', declining: 'Declining', stable: 'Stable' } as const;

/** The Overview tab: the headline figures and the last periods' points as bars. */
export function Overview({ detailed, trends }: { detailed: DetailedPerformance; trends: TrendEntry[] }) {
  // The bars are scaled against the best a period can give under the pool's rules (every pick a win).
  const { picksPerPeriod, points } = usePoolRules();
  const maxPeriodPoints = picksPerPeriod * points.win;
  const recent = trends.slice(-recentPeriods);
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
          <PointsChart data={recent} />
          <ol className="trend-bars">
            {recent.map((entry) => (
              <li key={entry.periodId} className="trend-bar" data-testid="trend-bar">
                <span className="trend-bar__label">Period {entry.periodId}</span>
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
