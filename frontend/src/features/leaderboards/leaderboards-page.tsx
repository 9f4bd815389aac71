import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { describeSurvivorRule, type LeaderboardKind, type LeaderboardRow } from '@treble/contracts';
import { getRouteApi } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { authUserQueryOptions } from '../../api/auth';
import { usePoolRules } from '../../api/rules';
import { leaderboardQueryOptions, leaderboardSummaryQueryOptions } from '../../api/standings';
import { QueryBoundary } from '../../components/query-boundary';
import { RefreshNotice } from '../../components/refresh-notice';
import { SeasonSwitcher } from '../../components/season-switcher';
import { clearCacheAndReload } from './clear-cache';
import { HallOfFame } from './hall-of-fame';
import { LiveBoardView, LiveSwitch } from './live-board';
import { useMatchesInPlay } from './live-points';
import { InitialsAvatar, RankMark } from './player-name';
import { pointsLabel } from '../../lib/words';

const route = getRouteApi('/leaderboards');

const tabs: { kind: LeaderboardKind; label: string; empty: string }[] = [
  { kind: 'overall', label: 'Overall', empty: 'No rankings yet' },
  { kind: 'survivor', label: 'Survivor', empty: 'No survivor data yet' },
  { kind: 'last10', label: 'Last 10', empty: 'Last 10 not started' },
];

/**
 * The server's notices name one leaderboard (`['leaderboards', kind]`), which does not reach the
 * summary's key; whenever an official leaderboard is invalidated, the summary follows. Its counts
 * move with the official boards only: a live table's notice (live scores) leaves it, as does a
 * board's first load (a tab opened). Several boards invalidated at once (a result, a reconnect)
 * refetch it once: a refetch already under way is kept, not cancelled and sent again.
 */
function useSummaryFollowsLeaderboards() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const summaryKey = leaderboardSummaryQueryOptions().queryKey;
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'invalidate') return;
      const [scope, kind] = event.query.queryKey as readonly unknown[];
      if (scope !== 'leaderboards' || kind === 'summary' || kind === 'live') return;
      // After the invalidation that caused it has started its own refetches (the summary's among them).
      queueMicrotask(
        () =>
          void queryClient.invalidateQueries({ queryKey: summaryKey, exact: true }, { cancelRefetch: false }),
      );
    });
  }, [queryClient]);
}

/**
 * The route's loader loads the summary and the Overall board; the other boards load when their tab
 * opens, each in its own boundary so a failure there leaves the rest of the page.
 */
export function LeaderboardsPage() {
  const rules = usePoolRules();
  const { season } = route.useSearch();
  const navigate = route.useNavigate();
  const summaryQuery = useSuspenseQuery(leaderboardSummaryQueryOptions(undefined, season));
  const summary = summaryQuery.data;
  const { data: user } = useQuery(authUserQueryOptions());
  useSummaryFollowsLeaderboards();
  // While a match is being played the boards open live; the official ones are one tap away.
  const inPlay = useMatchesInPlay(!season);
  const [liveChosen, setLiveChosen] = useState(true);
  const live = inPlay && liveChosen;
  return (
    <section className="page" aria-labelledby="leaderboards-title">
      <header className="page-header page-header--with-action">
        <h1 id="leaderboards-title">Leaderboards</h1>
        <div className="page-header__actions">
          <SeasonSwitcher
            season={season}
            onChange={(next) => void navigate({ search: next ? { season: next } : {} })}
          />
          {/* Clear Cache & Refresh is an admin's maintenance control: players do not see it. */}
          {user?.isAdmin && <ClearCacheButton />}
        </div>
      </header>
      {season && (
        <p className="notice" data-testid="past-season">
          The final standings of the {season.replace('-', '/')} season.
        </p>
      )}
      <RefreshNotice queries={[summaryQuery]} />
      <div className="stat-grid">
        <SummaryCard label="Total Players" value={summary.totalPlayers} />
        <SummaryCard label="Survivors" value={summary.survivors} />
        <SummaryCard label="Last 10 Active" value={summary.last10Players} />
      </div>
      <Tabs.Root defaultValue="overall" className="tabs">
        <div className="tabs__bar">
          <Tabs.List className="tabs__list" aria-label="Competitions">
            {tabs.map((tab) => (
              <Tabs.Trigger key={tab.kind} value={tab.kind} className="tabs__trigger">
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {inPlay && <LiveSwitch on={liveChosen} onChange={setLiveChosen} />}
        </div>
        {tabs.map((tab) => (
          <Tabs.Content key={tab.kind} value={tab.kind} className="panel">
            {tab.kind === 'survivor' && <p className="muted">{describeSurvivorRule(rules)}</p>}
            <QueryBoundary
              title="Could not load the leaderboard"
              pending={<BoardSkeleton />}
              resetKey={`${tab.kind}|${season ?? ''}|${live}`}
            >
              {live ? (
                <LiveBoardView kind={tab.kind} empty={tab.empty} />
              ) : (
                <Board kind={tab.kind} empty={tab.empty} season={season} />
              )}
            </QueryBoundary>
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <HallOfFame />
    </section>
  );
}

function SummaryCard({ label, value }: { label: string; value: number }) {
  return (
    <div className="stat-tile" data-testid="summary-card">
      <span className="stat-tile__label">{label}</span>
      <strong className="stat-tile__value">{value}</strong>
    </div>
  );
}

function BoardSkeleton() {
  return (
    <p role="status" aria-busy="true">
      <span className="skeleton skeleton--line" aria-hidden="true" />
      <span className="visually-hidden">Loading leaderboard…</span>
    </p>
  );
}

function Board<K extends LeaderboardKind>({
  kind,
  empty,
  season,
}: {
  kind: K;
  empty: string;
  season: string | undefined;
}) {
  const board = useSuspenseQuery(leaderboardQueryOptions(kind, { season }));
  if (board.data.length === 0) {
    return (
      <>
        <RefreshNotice queries={[board]} />
        <p className="empty-state">{empty}</p>
      </>
    );
  }
  // Medals and badges only once there is something to rank (before any points, all tie at 0).
  const ranked = board.data.some((row) => row.totalPoints > 0);
  return (
    <>
      <RefreshNotice queries={[board]} />
      <ol className="leader-list">
        {board.data.map((row) => (
          <Row key={row.userId} kind={kind} row={row} ranked={ranked} />
        ))}
      </ol>
    </>
  );
}

function Row<K extends LeaderboardKind>({
  kind,
  row,
  ranked,
}: {
  kind: K;
  row: LeaderboardRow<K>;
  ranked: boolean;
}) {
  const rules = usePoolRules();
  // The name has its own line in the middle column; badges and strikes wrap under it on a phone.
  return (
    <li className="leader-row leader-row--full" data-testid="leader-row">
      <RankMark rank={row.rank} medals={ranked} />
      <InitialsAvatar entry={row} />
      <span className="leader-row__main">
        <span className="leader-row__name" data-testid="leader-name">
          {row.displayName}
        </span>
        {kind === 'survivor' && 'isEliminated' in row && (
          <span className="leader-row__meta">
            <span
              className={`badge ${row.isEliminated ? 'badge--status-completed' : 'badge--status-active'}`}
            >
              {row.isEliminated ? 'Eliminated' : 'Active'}
            </span>
            <span className="muted">
              Strikes {row.strikeCount}/{rules.survivor.strikesToEliminate}
            </span>
          </span>
        )}
        {kind === 'last10' && 'badge' in row && ranked && (
          <span className="leader-row__meta">
            <span className={`badge badge--last10-${row.badge.toLowerCase()}`}>{row.badge}</span>
          </span>
        )}
      </span>
      <span className="leader-row__points">{pointsLabel(row.totalPoints)}</span>
    </li>
  );
}

function ClearCacheButton() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void clearCacheAndReload(queryClient);
      }}
    >
      Clear Cache &amp; Refresh
    </button>
  );
}
