import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import {
  describeSurvivorRule,
  describeUsageRule,
  ErrorCodes,
  queryKeys,
  type Option,
  type Period,
} from '@treble/contracts';
import { getRouteApi } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { authUserQueryOptions } from '../../api/auth';
import { ApiError } from '../../api/http';
import { periodsQueryOptions } from '../../api/periods';
import {
  addChoiceMutationOptions,
  currentPeriodQueryOptions,
  optionsQueryOptions,
  removeChoiceMutationOptions,
} from '../../api/picks';
import { usePoolRules } from '../../api/rules';
import { RefreshNotice } from '../../components/refresh-notice';
import { errorMessage } from '../../lib/errors';
import { ProgressBar } from '../../components/progress-bar';
import { plural } from '../../lib/words';
import { EveryonePicks } from '../pick-grid/everyone-picks';
import { LivePeriodPoints } from '../leaderboards/live-points';
import { OptionCard, PickedTeam } from './option-card';
import { isOpenForPicks, PeriodSwitcher } from './period-switcher';
import { minimumStillReachable, usesNeeded } from './usage';

const route = getRouteApi('/predictions');

export function PredictionsPage() {
  const { data: current } = useSuspenseQuery(currentPeriodQueryOptions());
  const { data: periods } = useSuspenseQuery(periodsQueryOptions());
  const search = route.useSearch();
  const selectedId = search.period ?? current?.id;
  const period =
    periods.find((candidate) => candidate.id === selectedId) ?? (search.period ? undefined : current);
  if (!period) {
    return (
      <section className="page" aria-labelledby="predictions-title">
        <div className="empty-state">
          <h1 id="predictions-title">{search.period ? `No Period ${search.period}` : 'No Active Period'}</h1>
          <p>
            {search.period
              ? 'This period does not exist.'
              : 'There is currently no active period for picks. Check back soon!'}
          </p>
        </div>
        {periods.length > 0 && (
          <PeriodSwitcher periods={periods} selectedId={selectedId ?? 0} currentId={current?.id ?? null} />
        )}
      </section>
    );
  }
  return (
    <PeriodPicks
      key={period.id}
      period={period}
      closed={!isOpenForPicks(period, current?.id ?? null)}
      switcher={<PeriodSwitcher periods={periods} selectedId={period.id} currentId={current?.id ?? null} />}
    />
  );
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

function PeriodPicks({
  period,
  closed,
  switcher,
}: {
  period: Period;
  closed: boolean;
  switcher: React.ReactNode;
}) {
  const rules = usePoolRules();
  const queryClient = useQueryClient();
  const optionsQuery = useSuspenseQuery(optionsQueryOptions(period.id));
  const options = optionsQuery.data;
  const { data: user } = useQuery(authUserQueryOptions());
  const now = useNow();
  const selected = options.filter((option) => option.choiceId !== null);
  const [whoPicked, setWhoPicked] = useState<Option | null>(null);
  const openCount = options.filter((option) => !option.isLocked).length;
  // Read-only: a past or completed period, or one whose every option has locked (the server's clock).
  const readOnly = closed || (options.length > 0 && openCount === 0);
  const lockedCount = options.length - openCount;
  const full = selected.length >= rules.picksPerPeriod;
  const resultsIn = selected.filter((option) => option.result !== null);
  const pointsSoFar = resultsIn.reduce((sum, option) => sum + (option.result?.points ?? 0), 0);

  // Options lock at kickoff on the server's clock: when the next deadline passes on screen, read
  // the options again so the card shows it locked (and, from then on, how many picked it).
  const nextLock = options
    .filter((option) => !option.isLocked && option.lockAt !== null)
    .map((option) => Date.parse(option.lockAt!))
    .filter((at) => at > Date.now())
    .sort((a, b) => a - b)[0];
  useEffect(() => {
    if (nextLock === undefined) return;
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: queryKeys.options(period.id) }),
      Math.min(nextLock - Date.now() + 500, 2 ** 31 - 1),
    );
    return () => clearTimeout(timer);
  }, [nextLock, queryClient, period.id]);

  const onRefused = (error: unknown) => {
    if (error instanceof ApiError && error.code === ErrorCodes.UNAUTHENTICATED) return; // handled globally
    if (error instanceof ApiError && error.code === ErrorCodes.PICKS_PER_PERIOD_EXCEEDED) {
      toast.error('Maximum Choices', { id: 'maximum-choices', description: error.detail });
      return;
    }
    toast.error('Error', { description: error instanceof ApiError ? error.detail : errorMessage(error) });
  };

  const add = useMutation({
    ...addChoiceMutationOptions(queryClient, period.id),
    onSuccess: () => toast.success('Choice Added', { description: 'Your prediction has been saved.' }),
    onError: onRefused,
  });
  const remove = useMutation({
    ...removeChoiceMutationOptions(queryClient, period.id),
    onSuccess: () => toast.success('Choice Removed', { description: 'Your prediction has been removed.' }),
    onError: onRefused,
  });
  const busy = add.isPending || remove.isPending;
  const totalNeeded = options.reduce((sum, option) => sum + usesNeeded(option.usageCount, rules), 0);
  const coverable = minimumStillReachable(totalNeeded, period.id, selected.length, rules);

  const toggle = (option: Option) => {
    if (busy || readOnly) return;
    if (option.choiceId !== null) {
      remove.mutate(option.choiceId);
      return;
    }
    if (selected.length >= rules.picksPerPeriod) {
      toast.error('Maximum Choices', {
        id: 'maximum-choices',
        description: `You can only select ${rules.picksPerPeriod} options per period`,
      });
      return;
    }
    add.mutate(option.id);
  };

  return (
    <section className="page" aria-labelledby="predictions-title">
      <header className="page-header">
        <h1 id="predictions-title">{readOnly ? 'Your Picks' : 'Make Your Picks'}</h1>
        {switcher}
        <p className="page-header__lead" data-testid="picks-lead">
          {period.name}
          {' - '}
          {readOnly
            ? 'closed for picks (read-only)'
            : openCount === 0
              ? 'every option has locked'
              : full
                ? `your ${rules.picksPerPeriod} picks are made`
                : `select ${rules.picksPerPeriod} options (${openCount} of ${options.length} still open)`}
        </p>
        <ProgressBar value={selected.length} max={rules.picksPerPeriod} label="Picks made" />
        <LivePeriodPoints picks={selected} />
        {resultsIn.length > 0 && (
          <p className="period-points" data-testid="period-points" aria-live="polite">
            <strong>{plural(pointsSoFar, 'point')}</strong>{' '}
            {resultsIn.length === selected.length && (readOnly || openCount === 0)
              ? 'this period'
              : 'this period so far'}
            <span className="muted">
              {' '}
              ({resultsIn.length} of {plural(selected.length, 'result')} in)
            </span>
          </p>
        )}
      </header>
      <RefreshNotice queries={[optionsQuery]} />

      {!coverable && (
        <p className="notice notice--warning" role="status" data-testid="minimum-warning">
          Your remaining picks can no longer give every team {rules.minUsesPerTeam} uses: {totalNeeded} more
          uses are needed.
        </p>
      )}

      <ul className="option-grid">
        {options.map((option) => (
          <li key={option.id}>
            <OptionCard
              option={option}
              periodId={period.id}
              now={now}
              busy={busy}
              full={full}
              readOnly={readOnly}
              onToggle={toggle}
              onShowPicks={setWhoPicked}
            />
          </li>
        ))}
      </ul>

      {lockedCount > 0 && (
        <div className="panel">
          <EveryonePicks periodId={period.id} viewerId={user?.id} />
        </div>
      )}

      <Dialog.Root open={whoPicked !== null} onOpenChange={(open) => !open && setWhoPicked(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog" aria-describedby={undefined}>
            <Dialog.Title>Who picked {whoPicked?.name}</Dialog.Title>
            {whoPicked && (
              <EveryonePicks
                periodId={period.id}
                viewerId={user?.id}
                onlyOptionId={whoPicked.id}
                heading={null}
              />
            )}
            <div className="button-row">
              <Dialog.Close asChild>
                <button type="button" className="button">
                  Close
                </button>
              </Dialog.Close>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <div className="panel-grid">
        <div className="panel">
          <h2>Your Selected Predictions</h2>
          {selected.length === 0 ? (
            <p className="empty-state">No picks yet.</p>
          ) : (
            <ul className="selected-list">
              {selected.map((option) => (
                <li key={option.id} className="selected-row">
                  <PickedTeam option={option} />
                  {/* A pick that has kicked off (or has a result) stays: it says so rather than offer a dead button. */}
                  {option.isLocked ? (
                    <span className="badge">Locked</span>
                  ) : (
                    <button
                      type="button"
                      className="button button--danger"
                      disabled={busy || readOnly}
                      aria-label={`Remove ${option.name}`}
                      onClick={() => option.choiceId && remove.mutate(option.choiceId)}
                    >
                      Remove
                    </button>
                  )}
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
