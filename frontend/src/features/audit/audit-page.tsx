import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { AuditEntry, HistoricStanding, LeaderboardKind, Period, User } from '@treble/contracts';
import { useState } from 'react';
import { adminUsersQueryOptions } from '../../api/admin';
import { auditQueryOptions, standingsAsOfQueryOptions } from '../../api/audit';
import { periodsQueryOptions } from '../../api/periods';
import { displayTimeZone, formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { auditFilters, type AuditSearch } from './audit-search';
import { OptionSelect, PeriodSelect } from './selects';
import { WhatIfPanel } from './what-if-panel';

function userName(user: User): string {
  const name = [user.firstName, user.lastName].filter((part) => part && part.trim() !== '').join(' ');
  return name || user.email || 'Unknown User';
}

/**
 * The admins' audit page: the event history (who did what, from which source, when), the
 * standings as of any completed period, and what-if previews of results and reopenings.
 */
export function AuditPage({
  search,
  onSearchChange,
}: {
  search: AuditSearch;
  onSearchChange: (search: AuditSearch) => void;
}) {
  const { data: periods } = useSuspenseQuery(periodsQueryOptions());
  const { data: users } = useSuspenseQuery(adminUsersQueryOptions());
  const sortedPeriods = [...periods].sort((a, b) => a.id - b.id);
  return (
    <section className="page" aria-labelledby="audit-title">
      <header className="page-header">
        <h1 id="audit-title">Audit</h1>
        <p className="muted">
          Every event of the pool, the standings as they were, and what a change would do.
        </p>
      </header>
      <HistoryPanel search={search} onSearchChange={onSearchChange} periods={sortedPeriods} users={users} />
      <StandingsAsOfPanel periods={sortedPeriods} />
      <WhatIfPanel periods={sortedPeriods} />
    </section>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label}>
      <span className="skeleton skeleton--line" aria-hidden="true" />
      <span className="skeleton skeleton--line" aria-hidden="true" />
      <span className="skeleton skeleton--line" aria-hidden="true" />
    </div>
  );
}

function Failure({ error, retry }: { error: unknown; retry: () => unknown }) {
  return (
    <div className="error-state" role="alert">
      <p className="error-state__message">{errorMessage(error)}</p>
      <button type="button" className="button" onClick={() => void retry()}>
        Retry
      </button>
    </div>
  );
}

const sourceLabel: Record<AuditEntry['source'], string> = {
  player: 'Player',
  admin: 'Admin',
  provider: 'Provider',
  system: 'System',
};

/** "ResultRecorded" → "Result recorded". */
function eventName(type: string): string {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function HistoryPanel({
  search,
  onSearchChange,
  periods,
  users,
}: {
  search: AuditSearch;
  onSearchChange: (search: AuditSearch) => void;
  periods: Period[];
  users: User[];
}) {
  const page = search.page ?? 1;
  const history = useQuery(auditQueryOptions(auditFilters(search)));
  // A filter change starts again at the first page.
  const change = (next: Partial<AuditSearch>) => onSearchChange({ ...search, ...next, page: undefined });
  return (
    <section className="panel" aria-labelledby="audit-history-title">
      <h2 id="audit-history-title">Event history</h2>
      <div className="form__row">
        <PeriodSelect
          label="Period"
          empty="All periods"
          periods={periods}
          value={search.period ?? null}
          onChange={(id) => change({ period: id ?? undefined, option: undefined })}
        />
        <label className="field">
          <span className="field__label">User</span>
          <select
            value={search.user ?? ''}
            onChange={(event) => change({ user: event.target.value || undefined })}
          >
            <option value="">All users</option>
            {users.map((user) => (
              <option key={user.id} value={user.id}>
                {userName(user)}
              </option>
            ))}
          </select>
        </label>
        {search.period !== undefined && (
          <OptionSelect
            periodId={search.period}
            label="Option"
            value={search.option ?? ''}
            onChange={(option) => change({ option: option || undefined })}
          />
        )}
      </div>
      <p className="muted">Times in {displayTimeZone()}</p>
      {history.isPending ? (
        <Loading label="Loading the event history" />
      ) : history.isError ? (
        <Failure error={history.error} retry={history.refetch} />
      ) : history.data.entries.length === 0 ? (
        <p className="empty-state">No events match these filters.</p>
      ) : (
        <table className="admin-table card-table" aria-label="Event history">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Event</th>
              <th scope="col">Source</th>
              <th scope="col">Actor</th>
              <th scope="col">Concerns</th>
            </tr>
          </thead>
          <tbody>
            {history.data.entries.map((entry) => (
              <tr key={entry.position} data-testid="audit-row">
                <td data-label="Time">
                  <time dateTime={entry.occurredAt}>{formatDateTime(entry.occurredAt)}</time>
                </td>
                <td data-label="Event">{eventName(entry.type)}</td>
                <td data-label="Source">
                  <span className={`badge badge--source-${entry.source}`}>{sourceLabel[entry.source]}</span>
                </td>
                <td data-label="Actor">{entry.actorName ?? entry.actor}</td>
                <td data-label="Concerns">
                  {[
                    entry.periodId !== null ? `Period ${entry.periodId}` : null,
                    entry.optionId,
                    entry.userName ??
                      (entry.userId !== null && entry.userId !== entry.actor ? entry.userId : null),
                  ]
                    .filter((part) => part !== null)
                    .join(' · ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav className="pager" aria-label="Event history pages">
        <button
          type="button"
          className="button"
          disabled={page <= 1}
          onClick={() => onSearchChange({ ...search, page: page - 1 })}
        >
          Previous
        </button>
        <span>Page {page}</span>
        <button
          type="button"
          className="button"
          disabled={!history.data?.hasMore}
          onClick={() => onSearchChange({ ...search, page: page + 1 })}
        >
          Next
        </button>
      </nav>
    </section>
  );
}

const kinds: { kind: LeaderboardKind; label: string }[] = [
  { kind: 'overall', label: 'Overall' },
  { kind: 'survivor', label: 'Survivor' },
  { kind: 'last10', label: 'Last 10' },
];

function StandingsAsOfPanel({ periods }: { periods: Period[] }) {
  const completed = periods.filter((period) => period.isCompleted || period.completedAt !== null);
  const [periodId, setPeriodId] = useState<number | null>(completed.at(-1)?.id ?? null);
  const [kind, setKind] = useState<LeaderboardKind>('overall');
  return (
    <section className="panel" aria-labelledby="standings-as-of-title">
      <h2 id="standings-as-of-title">Standings as of a period</h2>
      <p className="muted">
        Computed from the event log, as the leaderboards stood when the period was completed.
      </p>
      {completed.length === 0 ? (
        <p className="empty-state">No period has been completed yet.</p>
      ) : (
        <>
          <div className="form__row">
            <label className="field">
              <span className="field__label">As of</span>
              <select value={periodId ?? ''} onChange={(event) => setPeriodId(Number(event.target.value))}>
                {completed.map((period) => (
                  <option key={period.id} value={period.id}>
                    {period.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="field__label">Competition</span>
              <select value={kind} onChange={(event) => setKind(event.target.value as LeaderboardKind)}>
                {kinds.map((entry) => (
                  <option key={entry.kind} value={entry.kind}>
                    {entry.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {periodId !== null && <StandingsAsOfTable periodId={periodId} kind={kind} />}
        </>
      )}
    </section>
  );
}

function StandingsAsOfTable({ periodId, kind }: { periodId: number; kind: LeaderboardKind }) {
  const standings = useQuery(standingsAsOfQueryOptions(periodId, kind));
  if (standings.isPending) return <Loading label="Loading the standings" />;
  if (standings.isError) return <Failure error={standings.error} retry={standings.refetch} />;
  const rows = standings.data.rows;
  if (rows.length === 0) return <p className="empty-state">No entrants at that time.</p>;
  return (
    <table className="admin-table" aria-label={`Standings as of period ${periodId}`}>
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">Player</th>
          <th scope="col">Points</th>
          <th scope="col">Wins</th>
          {kind === 'survivor' && <th scope="col">Status</th>}
          {kind === 'last10' && <th scope="col">Badge</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((row: HistoricStanding) => (
          <tr key={row.userId} data-testid="as-of-row">
            <td>{row.rank}</td>
            <th scope="row">{row.displayName}</th>
            <td>{row.points}</td>
            <td>{row.wins}</td>
            {kind === 'survivor' && (
              <td>
                {row.isEliminated ? `Eliminated in period ${row.eliminatedInPeriod}` : 'Active'} ·{' '}
                {row.strikeCount} strikes
              </td>
            )}
            {kind === 'last10' && <td>{row.badge}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
