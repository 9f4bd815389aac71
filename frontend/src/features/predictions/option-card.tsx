import { provisionalOutcome, type Option } from '@treble/contracts';
import { useId } from 'react';
import { toast } from 'sonner';
import { usePoolRules } from '../../api/rules';
import { formatDateTime } from '../../lib/dates';
import { ClubBadge } from '../clubs/club-badge';
import { stateLabels, useLiveMatches } from '../leaderboards/live-points';
import { plural } from '../../lib/words';
import { chancesLeft, formatCountdown, usageTone, usesNeeded } from './usage';

/** One option of the period: a button to pick or un-pick it, or, once locked, its live state. */
export function OptionCard({
  option,
  periodId,
  now,
  busy,
  full,
  readOnly,
  onToggle,
  onShowPicks,
}: {
  option: Option;
  periodId: number;
  now: number;
  busy: boolean;
  /** The player has all their picks: the other cards are disabled (a tap says why). */
  full: boolean;
  readOnly: boolean;
  onToggle: (option: Option) => void;
  onShowPicks: (option: Option) => void;
}) {
  const rules = usePoolRules();
  const isSelected = option.choiceId !== null;
  const atCap = option.usageCount >= rules.maxUsesPerTeam;
  const fixture = option.fixture;
  const needed = usesNeeded(option.usageCount, rules);
  const guidanceId = useId();
  const unreachable = needed > chancesLeft(periodId, option, rules);
  const countdown = option.lockAt && !option.isLocked ? formatCountdown(option.lockAt, now) : null;
  const className = `option-card${isSelected ? ' option-card--selected' : ''}${option.isLocked ? ' option-card--locked' : ''}`;

  const body = (
    <>
      <span className="option-card__title">
        <ClubBadge teamKey={option.teamKey} />
        <span className="option-card__name">{option.name}</span>
      </span>
      {fixture && (
        <span className="option-card__fixture">
          {fixture.isHome ? 'vs' : 'at'} {fixture.opponent}
        </span>
      )}
      {/* An EPL option's description only restates its fixture ("vs Brighton Hove"): custom options only. */}
      {!fixture && option.description && <span className="muted">{option.description}</span>}
      {fixture?.kickoff && (
        <time className="muted" dateTime={fixture.kickoff}>
          {formatDateTime(fixture.kickoff)}
        </time>
      )}
      {countdown && <span className="option-card__countdown">Locks in {countdown}</span>}
      {option.isLocked && <LiveState option={option} />}
      <span className="usage">
        <span className="usage__text">
          Used {option.usageCount}/{rules.maxUsesPerTeam}
        </span>
        <span className="usage__track">
          <span
            className={`usage__fill usage__fill--${usageTone(option.usageCount, rules)}`}
            data-testid="usage-bar"
            style={{ width: `${Math.min(option.usageCount / rules.maxUsesPerTeam, 1) * 100}%` }}
          />
        </span>
      </span>
      {needed > 0 && !option.isLocked && (
        <span
          id={guidanceId}
          className={`usage-guidance${unreachable ? ' usage-guidance--warning' : ''}`}
          data-testid="usage-guidance"
        >
          {unreachable
            ? `Needs ${needed} more: can no longer reach ${rules.minUsesPerTeam} uses`
            : `Needs ${needed} more to reach ${rules.minUsesPerTeam} uses`}
        </span>
      )}
      <span className="badges">
        {isSelected && <span className="badge badge--status-active">Selected</span>}
        {atCap && <span className="badge badge--status-completed">Maximum Usage Reached</span>}
      </span>
    </>
  );

  // A locked card is no button: its "N picked" button opens who picked it.
  if (option.isLocked) {
    return (
      <div className={className} data-testid="option-card" data-locked="true">
        {body}
        <span className="badges">
          {option.pickCount !== null && option.pickCount > 0 ? (
            <button
              type="button"
              className="badge badge--status-pending badge--button"
              onClick={() => onShowPicks(option)}
              aria-label={`Locked, ${plural(option.pickCount, 'player')} picked ${option.name}: show who`}
            >
              Locked · {option.pickCount} picked
            </button>
          ) : (
            <span className="badge badge--status-pending">
              {option.pickCount === null ? 'Locked' : 'Locked · nobody picked'}
            </span>
          )}
        </span>
      </div>
    );
  }

  // With 3 picks made the other cards are disabled; a tap on one still says why (toast).
  const blocked = readOnly || (atCap && !isSelected) || (full && !isSelected);
  const label = [
    option.name,
    fixture ? `${fixture.isHome ? 'vs' : 'at'} ${fixture.opponent}` : null,
    isSelected ? 'selected' : null,
    atCap ? 'maximum usage reached' : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <button
      type="button"
      className={`${className}${blocked ? ' option-card--disabled' : ''}`}
      aria-pressed={isSelected}
      aria-label={label}
      aria-describedby={needed > 0 ? guidanceId : undefined}
      aria-busy={busy || undefined}
      aria-disabled={blocked || undefined}
      onClick={() => {
        if (readOnly) return;
        if (atCap && !isSelected) {
          toast.error('Maximum Usage Reached', {
            id: 'maximum-usage',
            description: `${option.name} has been used ${option.usageCount} times, the most allowed.`,
          });
          return;
        }
        onToggle(option);
      }}
      data-testid="option-card"
    >
      {body}
    </button>
  );
}

/** A picked team as the pick lists show it: its badge and name, then its live state. */
export function PickedTeam({ option }: { option: Option }) {
  return (
    <>
      <span className="selected-row__team">
        <ClubBadge teamKey={option.teamKey} size="small" />
        {option.name}
      </span>
      <LiveState option={option} />
    </>
  );
}

/**
 * A locked option's live state: kicked off, the current score while it is played (with the points
 * it would bring if the score held, provisional), then the final score and the points it earned.
 */
export function LiveState({ option }: { option: Option }) {
  const rules = usePoolRules();
  const matches = useLiveMatches();
  const result = option.result;
  if (result) {
    const fixture = option.fixture;
    const hasScore = typeof result.homeScore === 'number' && typeof result.awayScore === 'number';
    const ours = fixture?.isHome ? result.homeScore : result.awayScore;
    const theirs = fixture?.isHome ? result.awayScore : result.homeScore;
    const word = result.outcome === 'win' ? 'Won' : result.outcome === 'draw' ? 'Drew' : 'Lost';
    return (
      <span className={`live-state live-state--${result.outcome}`} data-testid="live-state">
        {word}
        {hasScore ? ` ${ours}–${theirs}` : ''}
        <strong className="live-state__points">+{result.points}</strong>
      </span>
    );
  }
  if (!option.isLocked) return null;
  const live = option.fixture ? matches.get(option.fixture.fixtureId) : undefined;
  if (live && option.fixture) {
    // Being played: the score from our side, and what it would bring if it held (provisional).
    const isHome = option.fixture.isHome;
    const outcome = provisionalOutcome(isHome, live.homeScore, live.awayScore);
    const ours = isHome ? live.homeScore : live.awayScore;
    const theirs = isHome ? live.awayScore : live.homeScore;
    return (
      <span className={`live-state live-state--live live-state--${outcome}`} data-testid="live-state">
        {stateLabels[live.state]} {ours}–{theirs}
        <span className="live-state__if">+{rules.points[outcome]} if it holds</span>
      </span>
    );
  }
  // Locked on the server's clock means kicked off (an EPL option locks at its kickoff).
  const status = option.fixture?.status;
  const text =
    status === 'PAUSED'
      ? 'Half time'
      : option.fixture
        ? 'Kicked off · awaiting result'
        : 'Locked · awaiting result';
  return (
    <span className="live-state live-state--pending" data-testid="live-state">
      {text}
    </span>
  );
}
