import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { MatchdayMatch } from '@treble/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  matchdayStatusQueryOptions,
  schedulerStatusQueryOptions,
  setSchedulerRunningMutationOptions,
  updateAllFinishedMutationOptions,
  updateMatchdayMutationOptions,
} from '../../api/live-results';
import { currentPeriodQueryOptions } from '../../api/picks';
import { displayTimeZone, formatDateTime } from '../../lib/dates';
import { AdminBoundary, toastError } from './admin-ui';

const firstMatchday = 1;
const lastMatchday = 38;

/** docs/rules.md, Screens: the matchday is a whole number; anything non-numeric counts as 1. */
export function parseMatchday(text: string): number {
  const value = Number.parseInt(text, 10);
  return Number.isNaN(value) ? 1 : value;
}

export function isValidMatchday(matchday: number): boolean {
  return Number.isInteger(matchday) && matchday >= firstMatchday && matchday <= lastMatchday;
}

const statusLabels: Record<string, string> = {
  FINISHED: 'Finished',
  IN_PLAY: 'Live',
  SCHEDULED: 'Scheduled',
};

/** Finished, Live, Scheduled; anything else (POSTPONED, CANCELLED) as the provider says it. */
export function matchStatusLabel(status: string): string {
  return statusLabels[status] ?? status;
}

/** The matchday the tab opens on: the current matchweek when there is one, else the first. */
export function defaultMatchday(currentPeriodId: number | null | undefined): number {
  return currentPeriodId != null && isValidMatchday(currentPeriodId) ? currentPeriodId : firstMatchday;
}

/**
 * Live Results tab: the auto-update scheduler, manual updates and a matchday's matches. Without a
 * results provider on the server there is nothing to fetch: the tab says so calmly and how results
 * get in instead, and offers no update that could only fail.
 */
export function LiveResultsTab() {
  const scheduler = useQuery(schedulerStatusQueryOptions());
  const current = useQuery(currentPeriodQueryOptions());
  // Null until the admin types: until then the tab follows the current matchweek.
  const [typed, setTyped] = useState<string | null>(null);
  const ready = typed !== null || !current.isPending;
  const matchdayText = typed ?? (ready ? String(defaultMatchday(current.data?.id)) : '');
  const matchday = parseMatchday(matchdayText);
  const valid = isValidMatchday(matchday);
  // Unknown while the status loads; a status that failed to load leaves the provider's own answers to speak.
  const providerOff = scheduler.data?.providerConfigured === false;
  const providerKnown = scheduler.data !== undefined || scheduler.isError;
  const queryClient = useQueryClient();
  const updateMatchday = useMutation(updateMatchdayMutationOptions(queryClient));
  const updateAll = useMutation(updateAllFinishedMutationOptions(queryClient));

  return (
    <div className="admin-stack">
      {providerOff && <NoProviderNotice />}
      <AdminBoundary what="the scheduler status" lines={2}>
        <SchedulerCard />
      </AdminBoundary>
      <section className="panel" aria-labelledby="manual-update-title">
        <h2 id="manual-update-title">Manual Update</h2>
        <div className="form__row admin-inline-form">
          <label className="field">
            <span className="field__label">Matchday</span>
            <input
              type="number"
              min={firstMatchday}
              max={lastMatchday}
              step={1}
              value={matchdayText}
              onChange={(event) => setTyped(event.target.value)}
              aria-invalid={valid ? undefined : true}
            />
            {!valid && <span className="field__error">Choose a matchday from 1 to 38</span>}
          </label>
          <button
            type="button"
            className="button button--primary"
            disabled={!ready || !valid || providerOff || updateMatchday.isPending}
            onClick={() =>
              updateMatchday.mutate(matchday, {
                onSuccess: (summary) =>
                  toast.success('Results Updated', {
                    description: `Successfully updated results for matchday ${matchday}. ${summary.message}`,
                  }),
                onError: (error) => toastError(error, `Failed to update results for matchday ${matchday}`),
              })
            }
          >
            {updateMatchday.isPending ? 'Updating…' : 'Update Matchday'}
          </button>
          <button
            type="button"
            className="button"
            disabled={providerOff || updateAll.isPending}
            onClick={() =>
              updateAll.mutate(undefined, {
                onSuccess: (summary) =>
                  toast.success('All Results Updated', { description: summary.message }),
                onError: (error) => toastError(error, 'Failed to update results'),
              })
            }
          >
            {updateAll.isPending ? 'Updating…' : 'Update All Finished'}
          </button>
        </div>
        {providerOff && (
          <p className="muted" data-testid="manual-update-off">
            Manual updates fetch results from the provider, so they are off too.
          </p>
        )}
      </section>
      {ready && valid && providerKnown && !providerOff && (
        <AdminBoundary what={`matchday ${matchday}`} resetKey={matchday}>
          <MatchdayCard matchday={matchday} />
        </AdminBoundary>
      )}
      <section className="panel admin-help" aria-labelledby="live-help-title">
        <h2 id="live-help-title">How live results work</h2>
        <ul>
          <li>
            Results come from a football data provider. Its API key must be set on the server in the
            environment variable <code>FOOTBALL_DATA_API_KEY</code>.
          </li>
          <li>While the scheduler is running, results are fetched automatically every 15 minutes.</li>
          <li>
            A result you set by hand on the Results tab is never overwritten by the provider until you delete
            it.
          </li>
        </ul>
      </section>
    </div>
  );
}

/** docs/rules.md, Screens: without FOOTBALL_DATA_API_KEY (README, Configuration) live results are off. */
function NoProviderNotice() {
  return (
    <section className="notice notice--info" aria-labelledby="no-provider-title" data-testid="no-provider">
      <h2 id="no-provider-title" className="notice__title">
        Live results are off
      </h2>
      <p>
        No results provider is set up on this server, so match results do not arrive by themselves. Enter them
        on the{' '}
        <Link to="/admin" search={{ tab: 'results' }}>
          Results tab
        </Link>
        , or set <code>FOOTBALL_DATA_API_KEY</code> (a football-data.org API key) in the server&apos;s
        environment and restart it to have them fetched automatically.
      </p>
    </section>
  );
}

function SchedulerCard() {
  const { data: scheduler } = useSuspenseQuery(schedulerStatusQueryOptions());
  const queryClient = useQueryClient();
  const change = useMutation(setSchedulerRunningMutationOptions(queryClient));
  return (
    <section className="panel" aria-labelledby="scheduler-title">
      <h2 id="scheduler-title">Auto-Update Scheduler</h2>
      <dl className="admin-facts">
        <div>
          <dt>Status</dt>
          <dd>
            <span
              className={`badge ${scheduler.isRunning ? 'badge--status-active' : 'badge--status-pending'}`}
            >
              {scheduler.isRunning ? 'Running' : 'Stopped'}
            </span>
          </dd>
        </div>
        <div>
          <dt>Next update</dt>
          <dd data-testid="next-update">
            {scheduler.nextUpdate ? (
              <>
                <time dateTime={scheduler.nextUpdate}>{formatDateTime(scheduler.nextUpdate)}</time>{' '}
                <span className="muted">({displayTimeZone()})</span>
              </>
            ) : (
              '—'
            )}
          </dd>
        </div>
        {scheduler.lastPoll && (
          <div>
            <dt>Last poll</dt>
            <dd data-testid="last-poll">
              <time dateTime={scheduler.lastPoll.at}>{formatDateTime(scheduler.lastPoll.at)}</time>{' '}
              {scheduler.lastPoll.ok ? (
                <span className="badge badge--status-active">OK</span>
              ) : (
                <span className="badge badge--status-pending">Failed</span>
              )}
              {scheduler.lastPoll.unreadable > 0 &&
                ` · ${scheduler.lastPoll.unreadable} match${scheduler.lastPoll.unreadable === 1 ? '' : 'es'} could not be read`}
            </dd>
          </div>
        )}
      </dl>
      {scheduler.lastPoll && !scheduler.lastPoll.ok && (
        <p className="notice notice--error" role="alert">
          {scheduler.lastPoll.consecutiveFailures > 1
            ? `The last ${scheduler.lastPoll.consecutiveFailures} polls failed. `
            : 'The last poll failed. '}
          {scheduler.lastPoll.error}
        </p>
      )}
      {!scheduler.providerConfigured && (
        <p className="muted" data-testid="scheduler-off">
          The scheduler needs a results provider, so it cannot run.
        </p>
      )}
      <button
        type="button"
        className={scheduler.isRunning ? 'button button--danger' : 'button button--primary'}
        disabled={change.isPending || (!scheduler.isRunning && !scheduler.providerConfigured)}
        onClick={() =>
          change.mutate(!scheduler.isRunning, {
            onSuccess: (answer) => toast.success('Scheduler Updated', { description: answer.message }),
            onError: (error) => toastError(error, 'Failed to update the scheduler'),
          })
        }
      >
        {scheduler.isRunning ? 'Stop' : 'Start'}
      </button>
    </section>
  );
}

function MatchdayCard({ matchday }: { matchday: number }) {
  const { data: day } = useSuspenseQuery(matchdayStatusQueryOptions(matchday));
  return (
    <section className="panel" aria-labelledby="matchday-title">
      <div className="admin-panel-heading">
        <h2 id="matchday-title">Matchday {matchday}</h2>
        {day.isComplete && <span className="badge badge--status-completed">Matchday Complete</span>}
      </div>
      <p className="muted" data-testid="matchday-progress">
        {day.finishedMatches} of {day.totalMatches} matches completed
      </p>
      {day.matches.length === 0 ? (
        <p className="empty-state">No matches for this matchday.</p>
      ) : (
        <ul className="admin-match-list" aria-label={`Matches of matchday ${matchday}`}>
          {day.matches.map((match, index) => (
            <MatchRow key={`${match.homeTeam}-${match.awayTeam}-${index}`} match={match} />
          ))}
        </ul>
      )}
      {(day.unreadable ?? []).length > 0 && (
        <div className="notice notice--error" role="alert">
          <p>
            The provider sent {day.unreadable!.length} match{day.unreadable!.length === 1 ? '' : 'es'} that
            could not be read:
          </p>
          <ul aria-label={`Unreadable matches of matchday ${matchday}`}>
            {day.unreadable!.map((match, index) => (
              <li key={`${match.id ?? 'none'}-${index}`}>
                {match.id === null ? 'A match without an id' : `Match ${match.id}`}: {match.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function MatchRow({ match }: { match: MatchdayMatch }) {
  const played = match.homeScore !== null && match.awayScore !== null;
  return (
    <li className="admin-match" data-testid="match-row">
      <span className="admin-match__home">{match.homeTeam}</span>
      <span className="admin-match__score">{played ? `${match.homeScore} - ${match.awayScore}` : 'vs'}</span>
      <span className="admin-match__away">{match.awayTeam}</span>
      <span className={`badge admin-badge--match-${match.status.toLowerCase()}`}>
        {matchStatusLabel(match.status)}
      </span>
    </li>
  );
}
