import { useQuery } from '@tanstack/react-query';
import {
  defaultRules,
  maxComparedPeriods,
  type CompareEntry,
  type DetailedPerformance,
  type Period,
  type TrendEntry,
} from '@treble/contracts';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { authUserQueryOptions } from '../../api/auth';
import {
  performanceCompareQueryOptions,
  performanceDetailedQueryOptions,
  performanceTrendsQueryOptions,
} from '../../api/performance';
import { periodsQueryOptions } from '../../api/periods';
import { currentPeriodQueryOptions } from '../../api/picks';
import { leaderboardQueryOptions } from '../../api/standings';
import PointsChart from './points-chart';
import { accuracyTone, directions, togglePeriod, type Direction } from './selection';
import { PerformancePending } from './performance-pending';
import { usePoolRules } from '../../api/rules';
import { LoadError } from '../../components/load-error';

const rules = defaultRules;
/** The most a player can score in one period (3 wins): the scale of the trend bars. */
const trendView = 10;

type Mode = 'periods' | 'segments';

const trendLabels = { improving: 'Improving', declining: 'Declining', stable: 'Stable' } as const;
const arrows: Record<Direction, { symbol: string; label: string }> = {
  up: { symbol: '▲', label: 'up' },
  down: { symbol: '▼', label: 'down' },
  flat: { symbol: '▶', label: 'level' },
};


export function PerformancePage() {
  const detailed = useQuery(performanceDetailedQueryOptions());
  const trends = useQuery(performanceTrendsQueryOptions());
  const periods = useQuery(periodsQueryOptions());
  const current = useQuery(currentPeriodQueryOptions());
  const [mode, setMode] = useState<Mode>('periods');
  const [selected, setSelected] = useState<number[]>([]);

  const failed = [detailed, trends, periods, current].find((query) => query.isLoadingError);
  if (failed) {
    return (
      <section className="page" aria-labelledby="performance-title">
        <h1 id="performance-title">Performance</h1>
        <LoadError
          title="Could not load your performance"
          error={failed.error}
          onRetry={() => {
            for (const query of [detailed, trends, periods, current]) if (query.isError) void query.refetch();
          }}
        />
      </section>
    );
  }
  if (!detailed.data || !trends.data || !periods.data || current.isPending) return <PerformancePending />;

  const selectable = selectablePeriods(periods.data, current.data ?? null);

  return (
    <section className="page" aria-labelledby="performance-title">
      <header className="page-header">
        <h1 id="performance-title">Performance</h1>
        <p className="page-header__lead">How your picks have done, period by period.</p>
      </header>

      <div className="panel">
        <fieldset className="segmented">
          <legend className="field__label">Comparison mode</legend>
          {(
            [
              ['periods', 'Individual Periods'],
              ['segments', 'Competition Segments'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="segmented__option">
              <input
                type="radio"
                name="comparison-mode"
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
              />
              {label}
            </label>
          ))}
        </fieldset>

        {mode === 'periods' ? (
          <div className="period-picker">
            <p className="muted" id="period-picker-hint">
              Select up to {maxComparedPeriods} periods to compare ({selected.length}/{maxComparedPeriods} selected).
            </p>
            {selectable.length === 0 ? (
              <p className="empty-state">No periods yet.</p>
            ) : (
              <div className="chip-row" role="group" aria-describedby="period-picker-hint" aria-label="Periods">
                {selectable.map((period) => (
                  <button
                    key={period.id}
                    type="button"
                    className="chip"
                    aria-pressed={selected.includes(period.id)}
                    onClick={() => setSelected((previous) => togglePeriod(previous, period.id))}
                  >
                    Period {period.id}
                  </button>
                ))}
              </div>
            )}
            <button
              type="button"
              className="button"
              disabled={selected.length === 0}
              onClick={() => setSelected([])}
            >
              Clear All
            </button>
          </div>
        ) : (
          <SegmentComparison trends={trends.data} periods={periods.data} />
        )}
      </div>

      <Tabs.Root defaultValue="overview" className="tabs">
        <Tabs.List className="tabs__list tabs__list--scroll" aria-label="Performance views">
          <Tabs.Trigger value="overview" className="tabs__trigger">
            Overview
          </Tabs.Trigger>
          <Tabs.Trigger value="detailed" className="tabs__trigger">
            Detailed Analysis
          </Tabs.Trigger>
          <Tabs.Trigger value="trends" className="tabs__trigger">
            Trends
          </Tabs.Trigger>
          <Tabs.Trigger value="head-to-head" className="tabs__trigger">
            Head-to-Head
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="overview" className="panel">
          <Overview detailed={detailed.data} trends={trends.data} />
        </Tabs.Content>
        <Tabs.Content value="detailed" className="panel">
          <DetailedAnalysis selected={selected} />
        </Tabs.Content>
        <Tabs.Content value="trends" className="panel">
          <Trends detailed={detailed.data} trends={trends.data} />
        </Tabs.Content>
        <Tabs.Content value="head-to-head" className="panel">
          <HeadToHead selected={selected} trends={trends.data} />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}

/** docs/rules.md, Screens: "Period {id}" buttons for the periods up to the active one, or all of them when none is active. */
function selectablePeriods(periods: Period[], current: Period | null): Period[] {
  const sorted = [...periods].sort((a, b) => a.id - b.id);
  const last = current?.id ?? sorted[sorted.length - 1]?.id ?? 0;
  return sorted.filter((period) => period.id <= last);
}

function StatTile({ label, value }: { label: string; value: string }) {
  return (
    <div className="stat-tile" data-testid="stat-tile">
      <span className="stat-tile__label">{label}</span>
      <strong className="stat-tile__value">{value}</strong>
    </div>
  );
}

function Overview({ detailed, trends }: { detailed: DetailedPerformance; trends: TrendEntry[] }) {
  // The bars are scaled against the best a period can give (3 picks x 3 points under the default rules).
  const { picksPerPeriod, points } = usePoolRules();
  const maxPeriodPoints = picksPerPeriod * points.win;
  const recent = trends.slice(-trendView);
  return (
    <>
      <div className="stat-grid">
        <StatTile label="Total Points" value={String(detailed.totalPoints)} />
        <StatTile label="Overall Accuracy" value={`${detailed.overallAccuracy}%`} />
        <StatTile label="Current Rank" value={detailed.currentRank === null ? '--' : `#${detailed.currentRank}`} />
        <StatTile label="Periods Played" value={String(detailed.periodsPlayed)} />
      </div>
      <p>
        Performance Trend:{' '}
        <span className={`badge badge--trend-${detailed.trend}`} data-testid="trend-badge">
          {trendLabels[detailed.trend]}
        </span>
      </p>
      <h2>Last {trendView} periods</h2>
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
                <span className={`accuracy accuracy--${accuracyTone(entry.accuracy)}`}>{entry.accuracy}%</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}

function ResultBadge({ result, voided }: { result: CompareEntry['choices'][number]['result']; voided: boolean }) {
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
              <span>{choice.points} pts</span>
              <ResultBadge result={choice.result} voided={choice.voided} />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

function DetailedAnalysis({ selected }: { selected: number[] }) {
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
    return <LoadError title="Could not load the comparison" error={compare.error} onRetry={() => void compare.refetch()} />;
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

function CardsSkeleton() {
  return (
    <div className="compare-grid" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading…
      </p>
      {Array.from({ length: 2 }, (_, index) => (
        <div key={index} className="compare-card" aria-hidden="true">
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line" />
        </div>
      ))}
    </div>
  );
}

function Trends({ detailed, trends }: { detailed: DetailedPerformance; trends: TrendEntry[] }) {
  const moves = directions(trends.map((entry) => entry.points));
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
                  <span>Period {entry.periodId}</span>
                  <span>{entry.points} pts</span>
                  <span className={`arrow arrow--${moves[index] ?? 'flat'}`} role="img" aria-label={arrow.label}>
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
                <span>Period {entry.periodId}</span>
                <span className={`accuracy accuracy--${accuracyTone(entry.accuracy)}`}>{entry.accuracy}%</span>
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
                ? `Period ${detailed.bestPeriod.periodId}: ${detailed.bestPeriod.points} pts`
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
        <p className="muted">The consistency score is the spread of your period points: lower means more consistent.</p>
      </div>
    </div>
  );
}

interface SegmentFigures {
  label: string;
  periods: number;
  points: number;
  accuracy: number;
}

function SegmentComparison({ trends, periods }: { trends: TrendEntry[]; periods: Period[] }) {
  const segmentOf = new Map(periods.map((period) => [period.id, period.segment]));
  const figures = (label: string, segment: 'main' | 'last10'): SegmentFigures => {
    const entries = trends.filter(
      (entry) => (segmentOf.get(entry.periodId) ?? (entry.periodId >= rules.last10FirstPeriod ? 'last10' : 'main')) === segment,
    );
    const points = entries.reduce((sum, entry) => sum + entry.points, 0);
    const accuracy = entries.length === 0 ? 0 : entries.reduce((sum, entry) => sum + entry.accuracy, 0) / entries.length;
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
              <dd>{segment.periods === 0 ? 0 : Math.round((segment.points / segment.periods) * 100) / 100}</dd>
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

function HeadToHead({ selected, trends }: { selected: number[]; trends: TrendEntry[] }) {
  const { data: me } = useQuery(authUserQueryOptions());
  const board = useQuery(leaderboardQueryOptions('overall'));
  const [opponentId, setOpponentId] = useState('');
  // The selected periods, or else the player's most recent scored ones.
  const periodIds = selected.length > 0 ? selected : trends.slice(-maxComparedPeriods).map((entry) => entry.periodId);
  const opponents = (board.data ?? []).filter((row) => row.userId !== me?.id);
  const opponent = opponents.find((row) => row.userId === opponentId) ?? null;
  const ready = opponent !== null && periodIds.length > 0;
  const mine = useQuery({ ...performanceCompareQueryOptions(periodIds), enabled: ready });
  const theirs = useQuery({ ...performanceCompareQueryOptions(periodIds, opponentId), enabled: ready });

  if (board.isLoadingError) {
    return <LoadError title="Could not load the players" error={board.error} onRetry={() => void board.refetch()} />;
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
                #{row.rank} {row.displayName} ({row.totalPoints} pts)
              </option>
            ))}
          </select>
        </div>
      )}
      {opponent && periodIds.length === 0 && (
        <p className="empty-state">Select Periods to Compare</p>
      )}
      {ready && (
        <>
          <p className="muted">
            {selected.length > 0 ? 'Your selected periods.' : 'Your most recent scored periods; select periods above to choose others.'}{' '}
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
    const outcome = entry.totalPoints > theirPoints ? 'You' : entry.totalPoints < theirPoints ? opponentName : 'Level';
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
        <table className="data-table">
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
                <td>
                  {entry.totalPoints} pts
                  <PickNames entry={entry} />
                </td>
                <td>
                  {theirPoints} pts
                  {other && <PickNames entry={other} />}
                </td>
                <td>{outcome}</td>
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
