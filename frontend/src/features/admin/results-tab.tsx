import { useMutation, useQueryClient, useSuspenseQueries, useSuspenseQuery } from '@tanstack/react-query';
import { ErrorCodes, type Outcome, type Period, type Result } from '@treble/contracts';
import { ApiError } from '../../api/http';
import { Tabs } from 'radix-ui';
import { ConfirmDialog } from '../../components/confirm-button';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { periodsQueryOptions } from '../../api/periods';
import {
  allResultsQueryOptions,
  deleteResultMutationOptions,
  periodResultsQueryOptions,
  recordResultMutationOptions,
} from '../../api/season-admin';
import { optionsQueryOptions } from '../../api/picks';
import { ResultImpactPreview } from '../audit/impact-preview';
import { AdminBoundary, AdminSelect, periodTitle, segmentLabels, toastError } from './admin-ui';
import { ClubBadge } from '../clubs/club-badge';
import { usePoolRules } from '../../api/rules';
import { pointsLabel } from '../../lib/words';

const outcomeLabels: Record<Outcome, string> = { win: 'Win', draw: 'Draw', loss: 'Loss' };
const outcomes: Outcome[] = ['win', 'draw', 'loss'];

function periodState(period: Period): string {
  if (period.isCompleted || period.isManuallyCompleted) return 'Completed';
  return period.isActive ? 'Active' : 'Inactive';
}

/** "Matchweek 3 · Main Season · Active": the period choice label of docs/rules.md, Screens. */
export function resultPeriodLabel(period: Period): string {
  return `${periodTitle(period)} · ${segmentLabels[period.segment]} · ${periodState(period)}`;
}

/** Results tab: set, overwrite and delete option results; an overview of outcomes per period. */
export function ResultsTab() {
  return (
    <section className="panel" aria-labelledby="results-title">
      <h2 id="results-title">Results Management</h2>
      <Tabs.Root defaultValue="input">
        <Tabs.List className="tabs__list" aria-label="Results views">
          <Tabs.Trigger value="input" className="tabs__trigger">
            Input Results
          </Tabs.Trigger>
          <Tabs.Trigger value="overview" className="tabs__trigger">
            Results Overview
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="input" className="admin-tabs__panel">
          <InputResults />
        </Tabs.Content>
        <Tabs.Content value="overview" className="admin-tabs__panel">
          <AdminBoundary what="the results">
            <ResultsOverview />
          </AdminBoundary>
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}

function InputResults() {
  const { data: periods } = useSuspenseQuery(periodsQueryOptions());
  const [periodId, setPeriodId] = useState('');
  return (
    <>
      <AdminSelect
        label="Period"
        value={periodId}
        onChange={setPeriodId}
        placeholder={periods.length === 0 ? 'No periods yet' : 'Choose a period'}
        disabled={periods.length === 0}
        items={periods.map((period) => ({ value: String(period.id), label: resultPeriodLabel(period) }))}
      />
      {periodId ? (
        <AdminBoundary what="the options" resetKey={periodId}>
          <PeriodResults key={periodId} periodId={Number(periodId)} />
        </AdminBoundary>
      ) : (
        <p className="muted">Choose a period to enter its results.</p>
      )}
    </>
  );
}

function PeriodResults({ periodId }: { periodId: number }) {
  const rules = usePoolRules();
  const [{ data: list }, { data: results }, { data: periods }] = useSuspenseQueries({
    queries: [optionsQueryOptions(periodId), periodResultsQueryOptions(periodId), periodsQueryOptions()],
  });
  const queryClient = useQueryClient();
  const record = useMutation(recordResultMutationOptions(queryClient, periodId));
  const remove = useMutation(deleteResultMutationOptions(queryClient, periodId));
  const [optionId, setOptionId] = useState('');
  const [outcome, setOutcome] = useState<Outcome | ''>('');
  const [invalid, setInvalid] = useState(false);
  // A change to an existing result, or any result of a completed period, is previewed before it is sent.
  const [confirming, setConfirming] = useState<{
    optionId: string;
    optionName: string;
    outcome: Outcome | null;
  } | null>(null);
  const periodCompleted = periods.find((period) => period.id === periodId)?.isCompleted ?? false;

  const resultOf = (id: string): Pick<Result, 'outcome' | 'points'> | null => {
    const recorded = results.find((result) => result.optionId === id);
    if (recorded) return recorded;
    return list.find((option) => option.id === id)?.result ?? null;
  };

  // A result for a match that has not kicked off is refused until the admin confirms it (then sent with force).
  const [early, setEarly] = useState<{
    optionId: string;
    optionName: string;
    outcome: Outcome;
    message: string;
  } | null>(null);

  const save = (id: string, value: Outcome, force = false) =>
    record.mutate(
      { optionId: id, outcome: value, points: rules.points[value], ...(force ? { force: true } : {}) },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          setOptionId('');
          setOutcome('');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === ErrorCodes.RESULT_BEFORE_KICKOFF) {
            const optionName = list.find((option) => option.id === id)?.name ?? id;
            setEarly({ optionId: id, optionName, outcome: value, message: error.detail });
            return;
          }
          toastError(error, 'Failed to save result');
        },
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!optionId || !outcome) {
      setInvalid(true);
      toast.error('Error', { description: 'Please select an option and outcome' });
      return;
    }
    setInvalid(false);
    if (resultOf(optionId) !== null || periodCompleted) {
      const optionName = list.find((option) => option.id === optionId)?.name ?? optionId;
      setConfirming({ optionId, optionName, outcome });
      return;
    }
    save(optionId, outcome);
  };

  const withResult = list.filter((option) => resultOf(option.id) !== null).length;
  return (
    <>
      <form className="form" onSubmit={submit} noValidate aria-label="Save a result">
        <div className="form__row">
          <AdminSelect
            label="Option"
            value={optionId}
            onChange={setOptionId}
            placeholder={list.length === 0 ? 'No options' : 'Choose an option'}
            disabled={list.length === 0}
            items={list.map((option) => ({
              value: option.id,
              label: option.name,
              ...(resultOf(option.id) ? { note: 'Has Result' } : {}),
            }))}
          />
          <AdminSelect
            label="Outcome"
            value={outcome}
            onChange={(value) => setOutcome(value as Outcome)}
            placeholder="Choose an outcome"
            items={outcomes.map((value) => ({
              value,
              label: `${outcomeLabels[value]} (${pointsLabel(rules.points[value])})`,
            }))}
          />
        </div>
        {invalid && (
          <p className="notice notice--error" role="alert">
            Please select an option and outcome
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={record.isPending}>
          {record.isPending ? 'Saving…' : 'Save Result'}
        </button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming?.outcome === null ? 'Delete Result' : 'Save Result'}
        description={
          <>
            {confirming?.outcome === null
              ? `Delete the result of ${confirming.optionName}?`
              : `Set ${confirming?.optionName ?? ''} to ${confirming ? outcomeLabels[confirming.outcome] : ''}?`}{' '}
            Every affected score is recalculated at once.
          </>
        }
        preview={
          confirming && <ResultImpactPreview optionId={confirming.optionId} outcome={confirming.outcome} />
        }
        danger={confirming?.outcome === null}
        confirmLabel={confirming?.outcome === null ? 'Delete Result' : 'Confirm Save'}
        onConfirm={() => {
          if (confirming === null) return;
          if (confirming.outcome === null) {
            remove.mutate(confirming.optionId, {
              onSuccess: (answer) => toast.success(answer.message),
              onError: (error) => toastError(error, 'Failed to delete result'),
            });
          } else {
            save(confirming.optionId, confirming.outcome);
          }
          setConfirming(null);
        }}
      />
      <ConfirmDialog
        open={early !== null}
        onClose={() => setEarly(null)}
        title="Match not played yet"
        description={
          <>
            {early?.optionName}&apos;s match has not kicked off yet. Record{' '}
            {early ? outcomeLabels[early.outcome] : ''} anyway? The option is then locked for new picks.
          </>
        }
        confirmLabel="Record Anyway"
        onConfirm={() => {
          if (early) save(early.optionId, early.outcome, true);
          setEarly(null);
        }}
      />
      <h3>Period {periodId} results</h3>
      <p className="muted" data-testid="results-subtitle">
        {withResult} of {list.length} options have results
      </p>
      {list.length === 0 ? (
        <p className="empty-state">No options created for this period yet.</p>
      ) : (
        <ul className="admin-list" aria-label="Option results">
          {list.map((option) => {
            const result = resultOf(option.id);
            return (
              <li key={option.id} className="admin-list__row" data-testid="result-row">
                <span className="admin-list__main admin-list__main--club">
                  <ClubBadge teamKey={option.teamKey} size="small" />
                  {option.name}
                </span>
                {result ? (
                  <>
                    <span className={`badge badge--result-${result.outcome}`}>
                      {outcomeLabels[result.outcome]}
                    </span>
                    <span className="muted">{pointsLabel(result.points)}</span>
                    <button
                      type="button"
                      className="button button--danger"
                      disabled={remove.isPending}
                      aria-label={`Delete result of ${option.name}`}
                      onClick={() =>
                        setConfirming({ optionId: option.id, optionName: option.name, outcome: null })
                      }
                    >
                      Delete
                    </button>
                  </>
                ) : (
                  <span className="muted">No Result</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

interface OutcomeCounts {
  win: number;
  draw: number;
  loss: number;
}

/** Wins, draws and losses per period, from every recorded result. */
export function countOutcomes(results: Result[]): Map<number, OutcomeCounts> {
  const counts = new Map<number, OutcomeCounts>();
  for (const result of results) {
    const row = counts.get(result.periodId) ?? { win: 0, draw: 0, loss: 0 };
    row[result.outcome] += 1;
    counts.set(result.periodId, row);
  }
  return counts;
}

function ResultsOverview() {
  const [{ data: results }, { data: periods }] = useSuspenseQueries({
    queries: [allResultsQueryOptions(), periodsQueryOptions()],
  });
  const counts = countOutcomes(results);
  if (counts.size === 0) return <p className="empty-state">No results recorded yet.</p>;
  const names = new Map(periods.map((period) => [period.id, periodTitle(period)]));
  return (
    <table className="admin-table" aria-label="Results per period">
      <thead>
        <tr>
          <th scope="col">Period</th>
          <th scope="col">Wins</th>
          <th scope="col">Draws</th>
          <th scope="col">Losses</th>
          <th scope="col">Results</th>
        </tr>
      </thead>
      <tbody>
        {[...counts.entries()]
          .sort(([a], [b]) => a - b)
          .map(([periodId, row]) => (
            <tr key={periodId} data-testid="overview-row">
              <th scope="row">
                {periodId}: {names.get(periodId) ?? `Period ${periodId}`}
              </th>
              <td>{row.win}</td>
              <td>{row.draw}</td>
              <td>{row.loss}</td>
              <td>{row.win + row.draw + row.loss}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}
