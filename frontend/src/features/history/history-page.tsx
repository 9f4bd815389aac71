import { useQuery } from '@tanstack/react-query';
import { defaultRules, type Period, type UserStats } from '@treble/contracts';
import { periodsQueryOptions } from '../../api/periods';
import { userStatsQueryOptions } from '../../api/standings';
import { formatDate } from '../../lib/dates';
import { resultLabel } from '../dashboard/dashboard-page';
import { HistoryPending } from './history-pending';
import { PageLoadError } from '../../components/load-error';

const rules = defaultRules;
const last10Length = rules.periodsPerSeason - rules.last10FirstPeriod + 1;

interface PeriodResult {
  period: Period;
  points: number;
}

function isLast10(period: Period): boolean {
  return period.segment === 'last10';
}

function isFinished(period: Period): boolean {
  return period.isCompleted || period.isManuallyCompleted;
}

/**
 * The player's completed periods. Live: the standings projection pushes the stats key and the
 * season pushes the periods key, so a completed or reopened period shows up without a reload.
 */
export function HistoryPage() {
  const stats = useQuery(userStatsQueryOptions());
  const periods = useQuery(periodsQueryOptions());

  if (stats.isLoadingError || periods.isLoadingError) {
    return (
      <PageLoadError
        id="history-title"
        heading="History"
        title="Could not load your history"
        error={stats.error ?? periods.error}
        onRetry={() => {
          if (stats.isError) void stats.refetch();
          if (periods.isError) void periods.refetch();
        }}
      />
    );
  }
  if (!stats.data || !periods.data) return <HistoryPending />;

  const s = stats.data;
  const scoreOf = new Map(s.scores.map((score) => [score.periodId, score.totalPoints]));
  const results: PeriodResult[] = periods.data
    .filter(isFinished)
    .sort((a, b) => b.id - a.id)
    .map((period) => ({ period, points: scoreOf.get(period.id) ?? 0 }));

  return (
    <section className="page" aria-labelledby="history-title">
      <header className="page-header">
        <h1 id="history-title">History</h1>
        <p className="page-header__lead">Your results in every completed period.</p>
      </header>
      <StatCards stats={s} />

      <div className="panel" data-testid="period-results">
        <h2>Period Results</h2>
        {results.length === 0 ? (
          <div className="empty-state">
            <h3>No History Yet</h3>
            <p>Your results appear here once periods are completed.</p>
          </div>
        ) : (
          <ol className="result-list">
            {results.map(({ period, points }) => (
              <li key={period.id} className="result-row history-row" data-testid="history-row">
                <span className="history-row__title">
                  <strong>Period {period.id}</strong> <span>{period.name}</span>
                  {period.completedAt && (
                    <time className="muted history-row__date" dateTime={period.completedAt}>
                      Completed {formatDate(period.completedAt)}
                    </time>
                  )}
                </span>
                <span className={`badge badge--segment-${period.segment}`}>
                  {isLast10(period) ? 'Last 10' : 'Main Season'}
                </span>
                <span className="history-row__points">+{points} pts</span>
                <span className={`badge badge--result-${resultLabel(points).toLowerCase()}`}>{resultLabel(points)}</span>
              </li>
            ))}
          </ol>
        )}
      </div>

      {results.length > 0 && <SummaryCards results={results} />}
    </section>
  );
}

function StatCards({ stats }: { stats: UserStats }) {
  return (
    <div className="stat-grid">
      <Card label="Total Points" value={String(stats.totalPoints ?? 0)} />
      <Card label="Overall Rank" value={stats.overallRank === null ? '--' : `#${stats.overallRank}`} />
      <Card label="Survivor Status" value={stats.isEliminated ? 'Eliminated' : 'Active'} />
      <Card label="Last 10 Rank" value={stats.last10Rank === null ? '--' : `#${stats.last10Rank}`} />
    </div>
  );
}

function Card({ label, value }: { label: string; value: string }) {
  return (
    <div className="stat-tile" data-testid="stat-tile">
      <span className="stat-tile__label">{label}</span>
      <strong className="stat-tile__value">{value}</strong>
    </div>
  );
}

function figures(results: PeriodResult[]) {
  const total = results.reduce((sum, result) => sum + result.points, 0);
  const average = results.length === 0 ? 0 : Math.round((total / results.length) * 10) / 10;
  return { total, completed: results.length, average };
}

function SummaryCards({ results }: { results: PeriodResult[] }) {
  const overall = figures(results);
  const last10 = figures(results.filter((result) => isLast10(result.period)));
  return (
    <div className="panel-grid">
      <div className="panel" data-testid="summary-overall">
        <h2>Overall Competition (All {rules.periodsPerSeason} Periods)</h2>
        <SummaryFacts {...overall} />
      </div>
      <div className="panel" data-testid="summary-last10">
        <h2>
          Last 10 Segment (Periods {rules.last10FirstPeriod}-{rules.periodsPerSeason})
        </h2>
        <SummaryFacts {...last10} />
        <p>
          {last10.completed}/{last10Length} completed
        </p>
        <p className="muted">Last 10 segment begins at period {rules.last10FirstPeriod}</p>
      </div>
    </div>
  );
}

function SummaryFacts({ total, completed, average }: { total: number; completed: number; average: number }) {
  return (
    <dl className="insights">
      <div>
        <dt>Total points</dt>
        <dd>{total}</dd>
      </div>
      <div>
        <dt>Periods completed</dt>
        <dd>{completed}</dd>
      </div>
      <div>
        <dt>Average per period</dt>
        <dd>{average}</dd>
      </div>
    </dl>
  );
}
