import { defaultSegment, type Period, type Segment, type TrendEntry } from '@treble/contracts';
import { usePoolRules } from '../../api/rules';

interface SegmentFigures {
  label: string;
  periods: number;
  points: number;
  accuracy: number;
}

/**
 * Main Season against Last 10. A period's segment is the one the season gave it; a scored period
 * missing from the list falls back to the pool's rule (Last 10 from `last10FirstPeriod` on).
 */
export function SegmentComparison({ trends, periods }: { trends: TrendEntry[]; periods: Period[] }) {
  const rules = usePoolRules();
  const segmentOf = new Map(periods.map((period) => [period.id, period.segment]));
  const figures = (label: string, segment: Segment): SegmentFigures => {
    const entries = trends.filter(
      (entry) => (segmentOf.get(entry.periodId) ?? defaultSegment(entry.periodId, rules)) === segment,
    );
    const points = entries.reduce((sum, entry) => sum + entry.points, 0);
    const accuracy =
      entries.length === 0 ? 0 : entries.reduce((sum, entry) => sum + entry.accuracy, 0) / entries.length;
    return { label, periods: entries.length, points, accuracy: Math.round(accuracy * 100) / 100 };
  };
  const segments = [figures('Main Season', 'main'), figures('Last 10', 'last10')];
  return (
    <div className="compare-grid" data-testid="segment-comparison">
      {segments.map((segment) => (
        <article key={segment.label} className="compare-card">
          <h3>{segment.label}</h3>
          <dl className="compare-card__facts">
            <div>
              <dt>Periods scored</dt>
              <dd>{segment.periods}</dd>
            </div>
            <div>
              <dt>Points</dt>
              <dd>{segment.points}</dd>
            </div>
            <div>
              <dt>Average</dt>
              <dd>
                {segment.periods === 0 ? 0 : Math.round((segment.points / segment.periods) * 100) / 100}
              </dd>
            </div>
            <div>
              <dt>Accuracy</dt>
              <dd>{segment.accuracy}%</dd>
            </div>
          </dl>
        </article>
      ))}
    </div>
  );
}
