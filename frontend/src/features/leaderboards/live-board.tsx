import { useSuspenseQuery } from '@tanstack/react-query';
import type { LeaderboardKind, LiveMatch, LiveMatchState, LiveRow } from '@treble/contracts';
import { Switch } from 'radix-ui';
import { usePoolRules } from '../../api/rules';
import { liveBoardQueryOptions } from '../../api/standings';
import { RefreshNotice } from '../../components/refresh-notice';
import { formatTime } from '../../lib/dates';
import { InitialsAvatar, RankMark } from './player-name';
import './live-board.css';
import { stateLabels } from './live-points';
import { pointsLabel } from '../../lib/words';

/*
 * The live table (docs/rules.md "Live table"): each leaderboard as it would stand if every current
 * score held, always labelled as provisional, beside the official standing of each row. It moves
 * without a reload: the server sends its key with every score change, and a recorded result
 * reaches it through the leaderboards' key.
 */

const stateNames: Record<LiveMatchState, string> = {
  'in-play': 'being played',
  'half-time': 'half time',
  'extra-time': 'extra time',
  penalties: 'penalties',
  'full-time': 'full time, result to come',
};

/** The Live switch above the boards, shown only while a match is being played. */
export function LiveSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="switch-field live-switch">
      <span className="live-dot" aria-hidden="true" />
      <Switch.Root className="switch" checked={on} onCheckedChange={onChange} aria-label="Live table">
        <Switch.Thumb className="switch__thumb" />
      </Switch.Root>
      <span aria-hidden="true">Live table</span>
    </label>
  );
}

function MatchStrip({ matches }: { matches: readonly LiveMatch[] }) {
  return (
    <ul className="live-matches" aria-label="Matches counted">
      {matches.map((match) => (
        <li key={match.fixtureId} className="live-match" data-testid="live-match">
          <span className="live-match__teams">
            {match.homeTeam}{' '}
            <strong>
              {match.homeScore}–{match.awayScore}
            </strong>{' '}
            {match.awayTeam}
          </span>
          <span
            className={`badge badge--live-${match.state === 'full-time' ? 'ended' : 'on'}`}
            title={stateNames[match.state]}
          >
            {stateLabels[match.state]}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** How a row moved against the official table: an arrow and the places, or a dash. */
function Movement({ row }: { row: LiveRow }) {
  const places = row.officialRank - row.rank;
  if (places === 0)
    return (
      <span className="live-move" aria-label="Same place as on the official table">
        –
      </span>
    );
  const up = places > 0;
  return (
    <span
      className={`live-move live-move--${up ? 'up' : 'down'}`}
      aria-label={`${up ? 'Up' : 'Down'} ${Math.abs(places)} on the official table`}
    >
      {up ? '▲' : '▼'}
      {Math.abs(places)}
    </span>
  );
}

function LiveRowView({ kind, row }: { kind: LeaderboardKind; row: LiveRow }) {
  const rules = usePoolRules();
  const strikes = rules.survivor.strikesToEliminate;
  return (
    <li className="leader-row leader-row--full leader-row--live" data-testid="live-row">
      <RankMark rank={row.rank} medals={false} />
      <Movement row={row} />
      <InitialsAvatar entry={row} />
      <span className="leader-row__main">
        <span className="leader-row__name" data-testid="live-name">
          {row.displayName}
        </span>
        <span className="leader-row__meta">
          {row.rank === 1 && row.officialRank > 1 && (
            <span className="badge badge--live-leader">New leader</span>
          )}
          {kind === 'survivor' && row.wouldBeEliminated && (
            <span className="badge badge--live-out">Would be eliminated</span>
          )}
          {kind === 'survivor' && row.wouldStrike && !row.wouldBeEliminated && (
            <span className="badge badge--live-strike">
              Would take strike {(row.strikeCount ?? 0) + 1}/{strikes}
            </span>
          )}
          {kind === 'survivor' && row.isEliminated && (
            <span className="badge badge--status-completed">Eliminated</span>
          )}
          <span className="muted">
            Official #{row.officialRank}, {pointsLabel(row.officialPoints)}
          </span>
        </span>
      </span>
      <span className="leader-row__points">
        {pointsLabel(row.totalPoints)}
        {row.livePoints > 0 && (
          <span className="live-gain" aria-label={`${row.livePoints} of them provisional`}>
            +{row.livePoints}
          </span>
        )}
      </span>
    </li>
  );
}

/** One live table: the note that it is provisional (and how old its scores are), the matches, the rows. */
export function LiveBoardView({ kind, empty }: { kind: LeaderboardKind; empty: string }) {
  const board = useSuspenseQuery(liveBoardQueryOptions(kind));
  const { asOf, stale, matches, rows, total } = board.data;
  return (
    <>
      <RefreshNotice queries={[board]} />
      <p className={`notice notice--live${stale ? ' notice--warning' : ''}`} data-testid="live-note">
        <strong>Provisional:</strong> the table if every current score held. Nothing counts until the result
        is recorded.
        {asOf && (
          <>
            {' '}
            Scores as of <time dateTime={asOf}>{formatTime(asOf)}</time>
            {stale && ': the results feed is failing, so they may be out of date'}.
          </>
        )}
      </p>
      <MatchStrip matches={matches} />
      {rows.length === 0 ? (
        <p className="empty-state">{empty}</p>
      ) : (
        <ol className="leader-list">
          {rows.map((row) => (
            <LiveRowView key={row.userId} kind={kind} row={row} />
          ))}
        </ol>
      )}
      {total > rows.length && <p className="muted">…and {total - rows.length} more.</p>}
    </>
  );
}
