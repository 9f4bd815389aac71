import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import {
  describeSurvivorRule,
  describeUsageRule,
  ErrorCodes,
  queryKeys,
  type Option,
  type Period,
} from '@treble/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../api/http';
import {
  addChoice,
  choicesQueryOptions,
  currentPeriodQueryOptions,
  invalidatePicks,
  optionsQueryOptions,
  removeChoice,
} from '../../api/picks';
import { usePoolRules } from '../../api/rules';
import { formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { ProgressBar } from '../dashboard/dashboard-page';
import { chancesLeft, formatCountdown, minimumStillReachable, usageTone, usesNeeded } from './usage';


export function PredictionsPage() {
  const { data: period } = useSuspenseQuery(currentPeriodQueryOptions());
  if (!period) {
    return (
      <section className="page" aria-labelledby="predictions-title">
        <div className="empty-state">
          <h1 id="predictions-title">No Active Period</h1>
          <p>There is currently no active period for picks. Check back soon!</p>
        </div>
      </section>
    );
  }
  return <PeriodPicks period={period} />;
}

/** Re-renders every `intervalMs` so countdowns move. */
function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function PeriodPicks({ period }: { period: Period }) {
  const rules = usePoolRules();
  const queryClient = useQueryClient();
  const { data: options } = useSuspenseQuery(optionsQueryOptions(period.id));
  const now = useNow();
  const selected = options.filter((option) => option.choiceId !== null);

  // The server announces pick changes (from any device) under the choices key; the options carry
  // the picks and usage counts, so they follow whenever the set of choices changes.
  const choices = useQuery(choicesQueryOptions(period.id));
  const choiceSignature = choices.data
    ? choices.data
        .map((choice) => choice.id)
        .sort()
        .join(',')
    : null;
  const lastSignature = useRef<string | null>(null);
  useEffect(() => {
    if (choiceSignature === null) return;
    const previous = lastSignature.current;
    lastSignature.current = choiceSignature;
    if (previous !== null && previous !== choiceSignature) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.options(period.id) });
    }
  }, [choiceSignature, queryClient, period.id]);

  const onRefused = (error: unknown) => {
    if (error instanceof ApiError && error.code === ErrorCodes.UNAUTHENTICATED) return; // handled globally
    if (error instanceof ApiError && error.code === ErrorCodes.PICKS_PER_PERIOD_EXCEEDED) {
      toast.error('Maximum Choices', { id: 'maximum-choices', description: error.detail });
      return;
    }
    toast.error('Error', { description: error instanceof ApiError ? error.detail : errorMessage(error) });
  };

  const add = useMutation({
    mutationFn: (optionId: string) => addChoice(period.id, optionId),
    onSuccess: () => toast.success('Choice Added', { description: 'Your prediction has been saved.' }),
    onError: onRefused,
    onSettled: () => invalidatePicks(queryClient, period.id),
  });
  const remove = useMutation({
    mutationFn: (choiceId: string) => removeChoice(choiceId),
    onSuccess: () => toast.success('Choice Removed', { description: 'Your prediction has been removed.' }),
    onError: onRefused,
    onSettled: () => invalidatePicks(queryClient, period.id),
  });
  const busy = add.isPending || remove.isPending;
  const totalNeeded = options.reduce((sum, option) => sum + usesNeeded(option.usageCount, rules), 0);
  const coverable = minimumStillReachable(totalNeeded, period.id, selected.length, rules);

  const toggle = (option: Option) => {
    if (busy) return;
    if (option.choiceId !== null) {
      remove.mutate(option.choiceId);
      return;
    }
    if (selected.length >= rules.picksPerPeriod) {
      toast.error('Maximum Choices', { id: 'maximum-choices', description: `You can only select ${rules.picksPerPeriod} options per period` });
      return;
    }
    add.mutate(option.id);
  };

  return (
    <section className="page" aria-labelledby="predictions-title">
      <header className="page-header">
        <h1 id="predictions-title">Make Your Picks</h1>
        <p className="page-header__lead">
          Period {period.id} - select {rules.picksPerPeriod} options
        </p>
        <ProgressBar value={selected.length} max={rules.picksPerPeriod} label="Picks made" />
      </header>

      {!coverable && (
        <p className="notice notice--warning" role="status" data-testid="minimum-warning">
          Your remaining picks can no longer give every team {rules.minUsesPerTeam} uses: {totalNeeded} more uses are
          needed.
        </p>
      )}

      <ul className="option-grid">
        {options.map((option) => (
          <li key={option.id}>
            <OptionCard option={option} periodId={period.id} now={now} busy={busy} onToggle={toggle} />
          </li>
        ))}
      </ul>

      <div className="panel-grid">
        <div className="panel">
          <h2>Your Selected Predictions</h2>
          {selected.length === 0 ? (
            <p className="empty-state">No picks yet.</p>
          ) : (
            <ul className="selected-list">
              {selected.map((option) => (
                <li key={option.id} className="selected-row">
                  <span>{option.name}</span>
                  <button
                    type="button"
                    className="button button--danger"
                    disabled={busy || option.isLocked}
                    aria-label={`Remove ${option.name}`}
                    onClick={() => option.choiceId && remove.mutate(option.choiceId)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="panel">
          <h2>Prediction Rules</h2>
          <ul>
            <li>Pick exactly {rules.picksPerPeriod} options per period.</li>
            <li>{describeUsageRule(rules)}</li>
            <li>
              Points: win {rules.points.win}, draw {rules.points.draw}, loss {rules.points.loss}.
            </li>
            <li>{describeSurvivorRule(rules)}</li>
            <li>Picks lock at kickoff.</li>
          </ul>
        </div>
      </div>
    </section>
  );
}

function OptionCard({
  option,
  periodId,
  now,
  busy,
  onToggle,
}: {
  option: Option;
  periodId: number;
  now: number;
  busy: boolean;
  onToggle: (option: Option) => void;
}) {
  const rules = usePoolRules();
  const isSelected = option.choiceId !== null;
  const atCap = option.usageCount >= rules.maxUsesPerTeam;
  const disabled = option.isLocked || (atCap && !isSelected);
  const tone = usageTone(option.usageCount, rules);
  const countdown = option.lockAt && !option.isLocked ? formatCountdown(option.lockAt, now) : null;
  const fixture = option.fixture;
  const needed = usesNeeded(option.usageCount, rules);
  const guidanceId = useId();
  const unreachable = needed > chancesLeft(periodId, option, rules);
  const label = [
    option.name,
    fixture ? `${fixture.isHome ? 'vs' : 'at'} ${fixture.opponent}` : null,
    isSelected ? 'selected' : null,
    option.isLocked ? 'locked' : null,
    atCap ? 'maximum usage reached' : null,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <button
      type="button"
      className={`option-card${isSelected ? ' option-card--selected' : ''}${option.isLocked ? ' option-card--locked' : ''}`}
      aria-pressed={isSelected}
      aria-label={label}
      aria-describedby={needed > 0 ? guidanceId : undefined}
      aria-busy={busy || undefined}
      disabled={disabled}
      onClick={() => onToggle(option)}
      data-testid="option-card"
    >
      <span className="option-card__name">{option.name}</span>
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
      <span className="usage">
        <span className="usage__text">
          Used {option.usageCount}/{rules.maxUsesPerTeam}
        </span>
        <span className="usage__track">
          <span
            className={`usage__fill usage__fill--${tone}`}
            data-testid="usage-bar"
            style={{ width: `${Math.min(option.usageCount / rules.maxUsesPerTeam, 1) * 100}%` }}
          />
        </span>
      </span>
      {needed > 0 && (
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
        {option.isLocked && (
          <span className="badge badge--status-pending">
            Locked{option.pickCount !== null ? ` · ${option.pickCount} picked` : ''}
          </span>
        )}
      </span>
    </button>
  );
}

