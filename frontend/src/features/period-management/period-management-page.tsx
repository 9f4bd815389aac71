import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  describeSurvivorRule,
  ErrorCodes,
  periodStatus,
  type Period,
  type PeriodStatus,
  type Segment,
} from '@treble/contracts';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../api/http';
import { toast } from 'sonner';
import { importScheduleMutationOptions, periodsQueryOptions } from '../../api/periods';
import { completionWarned } from '../../api/audit';
import { currentPeriodQueryOptions } from '../../api/picks';
import { usePoolRules } from '../../api/rules';
import { ConfirmButton, ConfirmDialog } from '../../components/confirm-button';
import { displayTimeZone, formatDateTime } from '../../lib/dates';
import { periodTitle } from '../../lib/period-title';
import { CompleteImpactPreview, ReopenImpactPreview } from '../audit/impact-preview';
import { toastAdminError } from '../../lib/admin-errors';
import {
  completePeriodMutationOptions,
  reopenPeriodMutationOptions,
  setPeriodActiveMutationOptions,
} from './period-management-api';
import './period-management.css';

const segmentLabels: Record<Segment, string> = { main: 'Main Season', last10: 'Last 10' };

const statusModifiers: Record<PeriodStatus, string> = {
  Active: 'active',
  Pending: 'pending',
  'Auto Completed': 'completed',
  'Manually Completed': 'manual',
};

/** The actions docs/rules.md, Screens allows in each state. */
export function periodActions(period: Period): { activate: boolean; complete: boolean; reopen: boolean } {
  const completed = period.isCompleted || period.isManuallyCompleted;
  return {
    activate: !period.isActive && !completed,
    complete: period.isActive && !completed,
    reopen: period.isManuallyCompleted,
  };
}

export type PeriodFilter = 'open' | 'needs-results' | 'inactive' | 'completed' | 'all';

const filters: { value: PeriodFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'needs-results', label: 'Needs results' },
  { value: 'completed', label: 'Completed' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'all', label: 'All' },
];

function isDone(period: Period): boolean {
  return period.isCompleted || period.isManuallyCompleted;
}

/**
 * Which filter a period falls under, by the server's current period (never the device's clock: a
 * demo pool runs on a clock of its own): completed; "needs results" for an earlier period in play
 * and not yet completed; "inactive" for an earlier period the pool does not play (one that had ended
 * when the schedule was imported, or that an admin deactivated: it never completes by itself); open
 * for the current period and the ones ahead.
 */
export function periodFilterOf(period: Period, currentId: number | null): Exclude<PeriodFilter, 'all'> {
  if (isDone(period)) return 'completed';
  if (currentId !== null && period.id < currentId) return period.isActive ? 'needs-results' : 'inactive';
  return 'open';
}

/** The current matchweek first, then by number. */
export function orderForAdmin(periods: Period[], currentId: number | null): Period[] {
  const sorted = [...periods].sort((a, b) => a.id - b.id);
  const current = sorted.find((period) => period.id === currentId);
  return current ? [current, ...sorted.filter((period) => period !== current)] : sorted;
}

/** /period-management: every period with its status and the lifecycle actions an admin may take. */
export function PeriodManagementPage() {
  const { data: periods } = useSuspenseQuery(periodsQueryOptions());
  const queryClient = useQueryClient();
  const importMutation = useMutation(importScheduleMutationOptions(queryClient));
  const complete = useMutation(completePeriodMutationOptions(queryClient));
  const reopen = useMutation(reopenPeriodMutationOptions(queryClient));
  const activate = useMutation(setPeriodActiveMutationOptions(queryClient));
  // One change at a time: every action button waits while any of them runs.
  const busy = complete.isPending || reopen.isPending || activate.isPending;
  // Not ready asks once more; results missing, once the preview warned of them, goes on with force.
  const [notReady, setNotReady] = useState<{ period: Period; message: string; missing: string[] } | null>(
    null,
  );
  const runComplete = (period: Period, force: boolean) =>
    complete.mutate(
      { periodId: period.id, force },
      {
        onSuccess: (updated) =>
          toast.success('Period Completed', {
            description: `${periodTitle(updated)} is complete: its scores and survivor eliminations are final.`,
          }),
        onError: (error) => {
          if (!force && error instanceof ApiError && error.code === ErrorCodes.PERIOD_NOT_READY) {
            const body = (error.body ?? {}) as {
              optionsWithoutResult?: { name?: unknown }[];
              notStarted?: boolean;
            };
            if (body.notStarted === false && completionWarned(queryClient, period.id))
              return runComplete(period, true);
            const missing = Array.isArray(body.optionsWithoutResult)
              ? body.optionsWithoutResult.map((o) => String(o.name))
              : [];
            setNotReady({ period, message: error.detail, missing });
            return;
          }
          toastAdminError(error, 'Failed to complete the period. Please try again.');
        },
      },
    );
  const { data: current } = useQuery(currentPeriodQueryOptions());
  const currentId = current?.id ?? null;
  const counts = new Map<PeriodFilter, number>([['all', periods.length]]);
  for (const period of periods) {
    const kind = periodFilterOf(period, currentId);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  // While a season is under way (there is a current period), its open periods; else everything.
  const [filter, setFilter] = useState<PeriodFilter>(() =>
    currentId !== null && (counts.get('open') ?? 0) > 0 ? 'open' : 'all',
  );
  // A period the admin just acted on stays in sight (completed, it would leave the Open list at once).
  const kept = new Set(
    [
      typeof complete.variables === 'object' ? complete.variables.periodId : complete.variables,
      reopen.variables,
      activate.variables?.periodId,
    ].filter((id) => id !== undefined),
  );
  const shown = orderForAdmin(periods, currentId).filter(
    (period) => filter === 'all' || kept.has(period.id) || periodFilterOf(period, currentId) === filter,
  );

  return (
    <section className="page" aria-labelledby="period-management-title">
      <header className="page-header">
        <h1 id="period-management-title">Period Management</h1>
        <p className="page-header__lead">
          Activate, complete and reopen the matchweeks. Times are shown in your time zone ({displayTimeZone()}
          ).
        </p>
      </header>
      <aside className="notice notice--warning" aria-labelledby="postponed-title">
        <h2 id="postponed-title" className="notice__title">
          Postponed matches
        </h2>
        <p>
          A period with a postponed or cancelled match never completes on its own. Once its other results are
          in, complete it here so that its scores and survivor eliminations become final. If a postponed match
          is played later, reopen the period to let its result count.
        </p>
      </aside>
      {importMutation.isError && (
        <p className="notice notice--error" role="alert">
          Import failed: {importMutation.error.message}
        </p>
      )}
      {periods.length === 0 ? (
        <div className="empty-state">
          <h2>No periods yet</h2>
          <p>
            Import the Premier League schedule to create the 38 matchweeks, or use{' '}
            <Link to="/competition-setup">Competition Setup</Link>.
          </p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => importMutation.mutate()}
            disabled={importMutation.isPending}
            aria-busy={importMutation.isPending}
          >
            {importMutation.isPending ? 'Importing…' : 'Import schedule'}
          </button>
        </div>
      ) : (
        <>
          <div className="segmented" role="group" aria-label="Show periods">
            {filters.map((item) => (
              <button
                key={item.value}
                type="button"
                className={`segmented__option${filter === item.value ? ' segmented__option--active' : ''}`}
                aria-pressed={filter === item.value}
                onClick={() => {
                  setFilter(item.value);
                  complete.reset();
                  reopen.reset();
                  activate.reset();
                }}
              >
                {item.label} ({counts.get(item.value) ?? 0})
              </button>
            ))}
          </div>
          {shown.length === 0 && <p className="empty-state">No periods here.</p>}
          <ol className="period-list" aria-label="Periods">
            {shown.map((period) => (
              <PeriodManagementRow
                key={period.id}
                period={period}
                busy={busy}
                onActivate={() =>
                  activate.mutate(
                    { periodId: period.id, isActive: true },
                    {
                      onSuccess: (updated) =>
                        toast.success('Period Updated', {
                          description: `${periodTitle(updated)} is now active.`,
                        }),
                      onError: (error) =>
                        toastAdminError(error, 'Failed to update the period. Please try again.'),
                    },
                  )
                }
                onComplete={() => runComplete(period, false)}
                onReopen={() =>
                  reopen.mutate(period.id, {
                    onSuccess: (updated) =>
                      toast.success('Period Reopened', {
                        description: `${periodTitle(updated)} is open again: new results will be processed.`,
                      }),
                    onError: (error) =>
                      toastAdminError(error, 'Failed to reopen the period. Please try again.'),
                  })
                }
              />
            ))}
          </ol>
        </>
      )}
      <ConfirmDialog
        open={notReady !== null}
        onClose={() => setNotReady(null)}
        title="Complete anyway?"
        description={`${notReady ? `${periodTitle(notReady.period)} is not ready to complete.` : ''} Its scores and survivor eliminations become final with what is recorded now.`}
        preview={
          notReady &&
          (notReady.missing.length > 0 ? (
            <div>
              <p>No result yet ({notReady.missing.length}):</p>
              <ul data-testid="complete-missing-results">
                {notReady.missing.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            </div>
          ) : (
            <p>{notReady.message}</p>
          ))
        }
        danger
        confirmLabel="Complete Anyway"
        onConfirm={() => {
          if (notReady) runComplete(notReady.period, true);
          setNotReady(null);
        }}
      />
    </section>
  );
}

function PeriodManagementRow({
  period,
  busy,
  onActivate,
  onComplete,
  onReopen,
}: {
  period: Period;
  busy: boolean;
  onActivate: () => void;
  onComplete: () => void;
  onReopen: () => void;
}) {
  const rules = usePoolRules();
  const status = periodStatus(period);
  const actions = periodActions(period);
  const title = periodTitle(period);
  return (
    <li className="period-card" data-testid="period-row" aria-label={title}>
      <div className="period-card__heading">
        <h2 className="period-card__title">{title}</h2>
        <div className="badges">
          <span className={`badge badge--segment-${period.segment}`}>{segmentLabels[period.segment]}</span>
          <span className={`badge badge--status-${statusModifiers[status]}`}>{status}</span>
        </div>
      </div>
      {period.description && <p className="period-card__description">{period.description}</p>}
      <dl className="period-card__dates">
        <div>
          <dt>Dates</dt>
          <dd>
            <time dateTime={period.startDate}>{formatDateTime(period.startDate)}</time>
            {' – '}
            <time dateTime={period.endDate}>{formatDateTime(period.endDate)}</time>
          </dd>
        </div>
        <div>
          <dt>Completed</dt>
          <dd>
            {period.completedAt ? (
              <time dateTime={period.completedAt}>{formatDateTime(period.completedAt)}</time>
            ) : (
              'Not yet'
            )}
          </dd>
        </div>
      </dl>
      {(actions.activate || actions.complete || actions.reopen) && (
        <div className="button-row period-card__actions">
          {actions.activate && (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={onActivate}
              aria-label={`Activate ${title}`}
            >
              Activate
            </button>
          )}
          {actions.complete && (
            <ConfirmPeriodAction
              label="Complete"
              title="Complete Period"
              periodTitle={title}
              description={`Completing ${title} finalizes its scoring and survivor eliminations. ${describeSurvivorRule(rules)}`}
              confirmLabel="Complete Period"
              danger
              disabled={busy}
              onConfirm={onComplete}
              preview={<CompleteImpactPreview periodId={period.id} />}
            />
          )}
          {actions.reopen && (
            <ConfirmPeriodAction
              label="Reopen"
              title="Reopen Period"
              periodTitle={title}
              description={`Reopening ${title} lets new results be processed again. New results may affect survivor standings, and its strikes are taken back until it completes again.`}
              confirmLabel="Reopen Period"
              disabled={busy}
              onConfirm={onReopen}
              preview={<ReopenImpactPreview periodId={period.id} />}
            />
          )}
        </div>
      )}
    </li>
  );
}

function ConfirmPeriodAction({
  label,
  title,
  periodTitle: name,
  description,
  confirmLabel,
  danger = false,
  disabled,
  onConfirm,
  preview,
}: {
  label: string;
  title: string;
  periodTitle: string;
  description: string;
  confirmLabel: string;
  danger?: boolean;
  disabled: boolean;
  onConfirm: () => void;
  /** What the action would change, shown while the dialog is open (the dialog mounts it only then). */
  preview?: ReactNode;
}) {
  return (
    <ConfirmButton
      label={label}
      ariaLabel={`${label} ${name}`}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      danger={danger}
      disabled={disabled}
      onConfirm={onConfirm}
      preview={preview}
    />
  );
}
