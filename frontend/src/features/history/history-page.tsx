import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { Period, PoolRules, UserStats } from '@treble/contracts';
import { useState } from 'react';
import { authUserQueryOptions } from '../../api/auth';
import { periodsQueryOptions } from '../../api/periods';
import { usePoolRules } from '../../api/rules';
import { userStatsQueryOptions } from '../../api/standings';
import { RefreshNotice } from '../../components/refresh-notice';
import { SeasonSwitcher } from '../../components/season-switcher';
import { formatDate } from '../../lib/dates';
import { periodTitle } from '../../lib/period-title';
import { resultLabel } from '../dashboard/dashboard-page';
import { plural } from '../../lib/words';
import { EveryonePicks } from '../pick-grid/everyone-picks';

const route = getRouteApi('/history');

interface PeriodResult {
  period: Period;
  points: number;
  /** Final (the period is completed) or still in progress. */
  isFinal: boolean;
  picks: number;
  scoredPicks: number;
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
 * The route's loader loads both (its pending and error components cover the first load).
 */
export function HistoryPage() {
  const { season } = route.useSearch();
  const navigate = route.useNavigate();
  const stats = useSuspenseQuery(userStatsQueryOptions(undefined, season));
  const periods = useSuspenseQuery(periodsQueryOptions(undefined, season));
  const rules = usePoolRules();

  const s = stats.data;
  const scoreOf = new Map(s.scores.map((score) => [score.periodId, score]));
  // Completed periods and the periods in progress where results have come in: one list, one total.
  const results: PeriodResult[] = periods.data
    .filter((period) => isFinished(period) || scoreOf.has(period.id))
    .sort((a, b) => b.id - a.id)
    .map((period) => {
      const score = scoreOf.get(period.id);
      return {
        period,
        points: score?.totalPoints ?? 0,
        isFinal: isFinished(period),
        picks: score?.picks ?? 0,
        scoredPicks: score?.scoredPicks ?? 0,
      };
    });
  const pending = results.filter((result) => !result.isFinal);
  const pendingPoints = pending.reduce((sum, result) => sum + result.points, 0);

  return (
    <section className="page" aria-labelledby="history-title">
      <header className="page-header page-header--with-action">
        <div>
          <h1 id="history-title">History</h1>
          <p className="page-header__lead">
            {season
              ? `Your results in the ${season.replace('-', '/')} season. Open a period to see everyone's picks.`
              : "Your results in every period played so far. Open a period to see everyone's picks."}
          </p>
        </div>
        <SeasonSwitcher
          season={season}
          onChange={(next) => void navigate({ search: next ? { season: next } : {} })}
        />
      </header>
      <RefreshNotice queries={[stats, periods]} />
      <StatCards stats={s} />
      <p className="muted" data-testid="history-total-note">
        {pending.length === 0
          ? `${plural(s.totalPoints, 'point')} in total, all from completed periods.`
          : season
            ? `${plural(s.totalPoints, 'point')} in total; ${pending.map((result) => periodTitle(result.period)).join(', ')} ${
                pending.length === 1 ? 'was' : 'were'
              } not completed when the season ended, and ${pending.length === 1 ? 'counts' : 'count'} as ${pending.length === 1 ? 'it stood' : 'they stood'}.`
            : `${plural(s.totalPoints, 'point')} in total, of which ${plural(pendingPoints, 'point')} from ${pending
                .map(
                  (result) =>
                    `${periodTitle(result.period)} (in progress: ${result.scoredPicks} of ${plural(result.picks, 'pick')} scored)`,
                )
                .join(', ')}: not final until the period is completed.`}
      </p>

      <div className="panel" data-testid="period-results">
        <h2>Period Results</h2>
        {results.length === 0 ? (
          <div className="empty-state">
            <h3>No History Yet</h3>
            <p>Your results appear here once periods are completed.</p>
          </div>
        ) : (
          <ol className="result-list">
            {results.map((result) => (
              <HistoryRow key={result.period.id} result={result} season={season} />
            ))}
          </ol>
        )}
      </div>

      {results.length > 0 && <SummaryCards results={results} rules={rules} />}
    </section>
  );
}

function HistoryRow({ result, season }: { result: PeriodResult; season: string | undefined }) {
  const { period, points } = result;
  const [open, setOpen] = useState(false);
  const { data: user } = useQuery(authUserQueryOptions());
  const detailId = `history-detail-${period.id}`;
  return (
    <li className="history-item" data-testid="history-row">
      <div className="result-row history-row">
        <span className="history-row__title">
          <button
            type="button"
            className="history-row__open"
            aria-expanded={open}
            aria-controls={detailId}
            onClick={() => setOpen(!open)}
          >
            {periodTitle(period)}
          </button>
          {period.completedAt && result.isFinal && (
            <time className="muted history-row__date" dateTime={period.completedAt}>
              Completed {formatDate(period.completedAt)}
            </time>
          )}
        </span>
        <span className={`badge badge--segment-${period.segment}`}>
          {isLast10(period) ? 'Last 10' : 'Main Season'}
        </span>
        <span className="history-row__points">+{plural(points, 'pt')}</span>
        {result.isFinal ? (
          <span className={`badge badge--result-${resultLabel(points).toLowerCase()}`}>
            {resultLabel(points)}
          </span>
        ) : (
          <span className="badge badge--status-pending">In progress</span>
        )}
      </div>
      {open && (
        <div id={detailId} className="history-detail">
          <EveryonePicks
            periodId={period.id}
            viewerId={user?.id}
            heading={`Everyone's picks, ${periodTitle(period)}`}
            season={season}
          />
          {!season && (
            <Link to="/predictions" search={{ period: period.id }} className="muted">
              Open on the Picks page
            </Link>
          )}
        </div>
      )}
    </li>
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
  const completed = results.filter((result) => result.isFinal).length;
  const average = results.length === 0 ? 0 : Math.round((total / results.length) * 10) / 10;
  return { total, completed, inProgress: results.length - completed, average };
}

/** The two competitions' figures, with their periods as the pool's rules set them. */
function SummaryCards({ results, rules }: { results: PeriodResult[]; rules: PoolRules }) {
  const last10Length = rules.periodsPerSeason - rules.last10FirstPeriod + 1;
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

function SummaryFacts({
  total,
  completed,
  inProgress,
  average,
}: {
  total: number;
  completed: number;
  inProgress: number;
  average: number;
}) {
  return (
    <dl className="insights">
      <div>
        <dt>Total points{inProgress > 0 ? ' (with periods in progress)' : ''}</dt>
        <dd>{total}</dd>
      </div>
      <div>
        <dt>Periods completed</dt>
        <dd>
          {completed}
          {inProgress > 0 ? ` (+${inProgress} in progress)` : ''}
        </dd>
      </div>
      <div>
        <dt>Average per period</dt>
        <dd>{average}</dd>
      </div>
    </dl>
  );
}
