import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  describeSurvivorRule,
  type LeaderboardEntry,
  type Last10Entry,
  type Option,
  type Period,
  type PeriodScoreEntry,
  type SurvivorEntry,
  type UserStats,
  userDisplayName,
} from '@treble/contracts';
import { lazy, Suspense, type ReactNode } from 'react';
import { authUserQueryOptions } from '../../api/auth';
import { periodsQueryOptions } from '../../api/periods';
import { choicesQueryOptions, currentPeriodQueryOptions, optionsQueryOptions } from '../../api/picks';
import { plural } from '../../lib/words';
import { usePoolRules } from '../../api/rules';
import { leaderboardQueryOptions, userExportUrl, userStatsQueryOptions } from '../../api/standings';
import { errorMessage } from '../../lib/errors';
import { periodTitle, periodTitleOf } from '../../lib/period-title';
import { UserAvatar } from '../auth/user-avatar';
import { ProgressBar } from '../../components/progress-bar';
import { LivePeriodPoints } from '../leaderboards/live-points';
import { InitialsAvatar, RankMark } from '../leaderboards/player-name';
import { PickedTeam } from '../predictions/option-card';
import { RefreshNotice } from '../../components/refresh-notice';

// recharts is large: the chart loads on its own, after the dashboard's first paint.
const PointsChart = lazy(() => import('../performance/points-chart'));

const miniSize = 5;
const recentSize = 5;

/** docs/rules.md, Screens: 3 or more Win, 1-2 Draw, 0 Loss. */
export function resultLabel(points: number): 'Win' | 'Draw' | 'Loss' {
  if (points >= 3) return 'Win';
  if (points >= 1) return 'Draw';
  return 'Loss';
}

export function DashboardPage() {
  const rules = usePoolRules();
  // Loaded by the route (`/`): its error component covers the first load.
  const stats = useSuspenseQuery(userStatsQueryOptions());
  const period = useSuspenseQuery(currentPeriodQueryOptions());
  // Only for the periods' names ("Matchweek 12"); until they load, the titles fall back to the same words.
  const periods = useQuery(periodsQueryOptions());

  const s = stats.data;
  return (
    <section className="page" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Dashboard</h1>
      <RefreshNotice queries={[stats, period]} />
      <div className="stat-grid">
        <StatTile label="Overall Rank" value={s.overallRank === null ? '--' : `#${s.overallRank}`} />
        <StatTile label="Survivor Status" value={s.isEliminated ? 'Eliminated' : 'Active'} />
        <StatTile label="Last 10 Rank" value={s.last10Rank === null ? '--' : `#${s.last10Rank}`} />
        <StatTile label="Total Points" value={String(s.totalPoints ?? 0)} />
      </div>

      {period.data ? (
        <CurrentPeriodCard period={period.data} />
      ) : (
        <div className="panel" data-testid="current-period">
          <h2>No Active Period</h2>
          <button type="button" className="button" disabled>
            Waiting for Period
          </button>
        </div>
      )}

      <div className="panel-grid">
        <MiniBoard title="Overall Leaderboard" kind="overall" empty="No rankings yet" />
        <MiniBoard
          title="Survivor"
          kind="survivor"
          empty="No survivor data yet"
          note={describeSurvivorRule(rules)}
        />
        <MiniBoard title="Last 10" kind="last10" empty="Last 10 not started" />
      </div>

      <div className="panel-grid">
        <ProfileCard stats={s} />
        <PerformanceTrend scores={s.scores} periods={periods.data} />
      </div>

      <RecentResults scores={s.scores} periods={periods.data} />

      <div className="panel">
        <h2>{period.data ? `Ready for ${periodTitle(period.data)}?` : 'Stay Ready!'}</h2>
        <div className="button-row">
          <a className="button" href={userExportUrl()} download>
            Export Data
          </a>
          {period.data && (
            <Link to="/predictions" className="button button--primary">
              Make Predictions
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}

function StatTile({ label, value }: { label: string; value: string }) {
  return (
    <div className="stat-tile" data-testid="stat-tile">
      <span className="stat-tile__label">{label}</span>
      <strong className="stat-tile__value">{value}</strong>
    </div>
  );
}

function CurrentPeriodCard({ period }: { period: Period }) {
  const { id: periodId, segment } = period;
  const rules = usePoolRules();
  const choices = useQuery(choicesQueryOptions(periodId));
  const options = useQuery(optionsQueryOptions(periodId));
  const count = Math.min(choices.data?.length ?? 0, rules.picksPerPeriod);
  const open = options.data?.filter((option) => !option.isLocked).length;
  const total = options.data?.length;
  return (
    <div className="panel" data-testid="current-period">
      <div className="period-card__heading">
        <h2>{periodTitle(period)}</h2>
        <span className="badges">
          <span className="badge">{segment === 'last10' ? 'Last 10 Segment' : 'Main Season'}</span>
          <span className="badge badge--status-active">Active</span>
        </span>
      </div>
      <p data-testid="current-period-lead">
        {open === undefined || total === undefined
          ? `Make your ${rules.picksPerPeriod} picks`
          : count >= rules.picksPerPeriod
            ? `Your ${rules.picksPerPeriod} picks are in`
            : open === 0
              ? 'Every option has locked'
              : `Make your ${plural(rules.picksPerPeriod, 'pick')} from ${open} open ${open === 1 ? 'option' : 'options'}${open < total ? ` (${total - open} locked)` : ''}`}
      </p>
      <ProgressBar value={count} max={rules.picksPerPeriod} label="Prediction progress" />
      <LockedPicks options={options.data ?? []} />
      <div className="button-row">
        <Link to="/predictions" className="button button--primary">
          {count === 0
            ? 'Make Predictions'
            : count >= rules.picksPerPeriod
              ? 'Review Predictions'
              : 'Complete Predictions'}
        </Link>
        <Link to="/history" className="button">
          View History
        </Link>
      </div>
    </div>
  );
}

/** The player's picks that have kicked off, each with its live state (score while played, then result). */
function LockedPicks({ options }: { options: readonly Option[] }) {
  const locked = options.filter((option) => option.choiceId !== null && option.isLocked);
  if (locked.length === 0) return null;
  const picks = options.filter((option) => option.choiceId !== null);
  return (
    <>
      <LivePeriodPoints picks={picks} />
      <ul className="selected-list" aria-label="Your picks that have kicked off" data-testid="locked-picks">
        {locked.map((option) => (
          <li key={option.id} className="selected-row">
            <PickedTeam option={option} />
          </li>
        ))}
      </ul>
    </>
  );
}

function MiniBoard({
  title,
  kind,
  empty,
  note,
}: {
  title: string;
  kind: 'overall' | 'survivor' | 'last10';
  empty: string;
  note?: ReactNode;
}) {
  const board = useQuery(leaderboardQueryOptions(kind));
  const rows: LeaderboardEntry[] = (board.data ?? []).slice(0, miniSize);
  // Medals and badges only once there is something to rank (before any points, all tie at 0).
  const ranked = (board.data ?? []).some((row) => row.totalPoints > 0);
  const activeCount =
    kind === 'survivor'
      ? (board.data as SurvivorEntry[] | undefined)?.filter((row) => !row.isEliminated).length
      : null;
  return (
    <div className="panel" data-testid={`mini-${kind}`}>
      <h2>{title}</h2>
      {activeCount !== null && activeCount !== undefined && <p className="muted">{activeCount} active</p>}
      {note && <p className="muted">{note}</p>}
      {board.isPending ? (
        <span className="skeleton skeleton--line" aria-hidden="true" />
      ) : board.isLoadingError ? (
        <p className="error-state__message">{errorMessage(board.error)}</p>
      ) : rows.length === 0 ? (
        <p className="empty-state">{empty}</p>
      ) : (
        <ol className="mini-board">
          {rows.map((row) => (
            <li key={row.userId} className="leader-row">
              <RankMark rank={row.rank} medals={ranked} />
              <InitialsAvatar entry={row} />
              <span className="leader-row__name" title={row.displayName}>
                {row.displayName}
              </span>
              {kind === 'last10' && ranked && (
                <span className={`badge badge--last10-${(row as Last10Entry).badge.toLowerCase()}`}>
                  {(row as Last10Entry).badge}
                </span>
              )}
              <span className="leader-row__points">{plural(row.totalPoints, 'pt')}</span>
            </li>
          ))}
        </ol>
      )}
      <Link to="/leaderboards" className="muted">
        View all
      </Link>
    </div>
  );
}

function RecentResults({ scores, periods }: { scores: PeriodScoreEntry[]; periods: Period[] | undefined }) {
  const recent = [...scores].sort((a, b) => b.periodId - a.periodId).slice(0, recentSize);
  return (
    <div className="panel" data-testid="recent-results">
      <div className="period-card__heading">
        <h2>Recent Results</h2>
        <Link to="/history" className="muted">
          View History
        </Link>
      </div>
      {recent.length === 0 ? (
        <p className="empty-state">No Results Yet</p>
      ) : (
        <ol className="result-list">
          {recent.map((score) => (
            <li key={score.periodId} className="result-row" data-testid="recent-result">
              <span>{periodTitleOf(score.periodId, periods)}</span>
              <span>{plural(score.totalPoints, 'pt')}</span>
              {score.isCompleted ? (
                <span className={`badge badge--result-${resultLabel(score.totalPoints).toLowerCase()}`}>
                  {resultLabel(score.totalPoints)}
                </span>
              ) : (
                <span
                  className="badge badge--status-pending"
                  title={`${score.scoredPicks} of ${plural(score.picks, 'pick')} scored`}
                >
                  In progress · {score.scoredPicks}/{score.picks}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** docs/rules.md, Screens: "Your Profile": picture or initials, name or e-mail, ranks, survivor status and points. */
function ProfileCard({ stats }: { stats: UserStats }) {
  const { data: user } = useQuery(authUserQueryOptions());
  if (!user) return null;
  const name = userDisplayName(user);
  return (
    <div className="panel" data-testid="profile-card">
      <h2>Your Profile</h2>
      <div className="profile-header">
        <UserAvatar user={user} size="large" />
        <div>
          <strong>{name}</strong>
          {name !== user.email && <div className="muted">{user.email}</div>}
        </div>
      </div>
      <dl className="insights">
        <div>
          <dt>Overall rank</dt>
          <dd>{stats.overallRank === null ? '--' : `#${stats.overallRank}`}</dd>
        </div>
        <div>
          <dt>Survivor</dt>
          <dd>{stats.isEliminated ? 'Eliminated' : 'Active'}</dd>
        </div>
        <div>
          <dt>Last 10 rank</dt>
          <dd>{stats.last10Rank === null ? '--' : `#${stats.last10Rank}`}</dd>
        </div>
        <div>
          <dt>Total points</dt>
          <dd>{stats.totalPoints ?? 0}</dd>
        </div>
      </dl>
    </div>
  );
}

function PerformanceTrend({
  scores,
  periods,
}: {
  scores: PeriodScoreEntry[];
  periods: Period[] | undefined;
}) {
  const data = [...scores]
    .sort((a, b) => a.periodId - b.periodId)
    .map((score) => ({
      periodId: score.periodId,
      points: score.totalPoints,
      title: periodTitleOf(score.periodId, periods),
    }));
  return (
    <div className="panel" data-testid="performance-trend">
      <div className="period-card__heading">
        <h2>Performance Trend</h2>
        <Link to="/performance" className="muted">
          Analysis
        </Link>
      </div>
      {data.length === 0 ? (
        <p className="empty-state">Your points per period appear here once results come in.</p>
      ) : (
        <Suspense fallback={<span className="skeleton points-chart__skeleton" aria-hidden="true" />}>
          <PointsChart data={data} />
        </Suspense>
      )}
    </div>
  );
}
