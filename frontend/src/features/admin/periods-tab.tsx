import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { Period, Segment } from '@treble/contracts';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { periodsQueryOptions } from '../../api/periods';
import { createPeriodMutationOptions, setPeriodActiveMutationOptions } from '../../api/season-admin';
import { displayTimeZone, formatDateTime } from '../../lib/dates';
import {
  AdminSelect,
  NameDescriptionFields,
  TextField,
  periodTitle,
  segmentLabels,
  toastError,
} from './admin-ui';

interface PeriodDraft {
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  segment: Segment;
}

const emptyDraft: PeriodDraft = { name: '', description: '', startDate: '', endDate: '', segment: 'main' };

type PeriodErrors = Partial<Record<'name' | 'startDate' | 'endDate', string>>;

/** docs/rules.md, Screens: name, start and end are required; the end must come after the start. */
export function validatePeriodDraft(draft: PeriodDraft): PeriodErrors {
  const errors: PeriodErrors = {};
  if (!draft.name.trim()) errors.name = 'Name is required';
  const start = draft.startDate ? new Date(draft.startDate) : null;
  const end = draft.endDate ? new Date(draft.endDate) : null;
  if (!start || Number.isNaN(start.getTime())) errors.startDate = 'Start date is required';
  if (!end || Number.isNaN(end.getTime())) errors.endDate = 'End date is required';
  else if (start && end.getTime() <= start.getTime())
    errors.endDate = 'End date must be after the start date';
  return errors;
}

/** Periods tab: create a period, list them with Active/Inactive and segment, and switch them on or off. */
export function PeriodsTab() {
  const { data: periods } = useSuspenseQuery(periodsQueryOptions());
  return (
    <div className="admin-stack">
      <CreatePeriodForm />
      <section className="panel" aria-labelledby="period-list-title">
        <h2 id="period-list-title">Periods</h2>
        {periods.length === 0 ? (
          <p className="empty-state">No periods yet. Import the schedule or create one above.</p>
        ) : (
          <PeriodList periods={periods} />
        )}
      </section>
    </div>
  );
}

function CreatePeriodForm() {
  const queryClient = useQueryClient();
  const create = useMutation(createPeriodMutationOptions(queryClient));
  const [draft, setDraft] = useState<PeriodDraft>(emptyDraft);
  const [errors, setErrors] = useState<PeriodErrors>({});
  const set = <K extends keyof PeriodDraft>(key: K, value: PeriodDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePeriodDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      {
        name: draft.name.trim(),
        description: draft.description.trim() || null,
        // datetime-local values are the admin's local time; the API takes ISO instants.
        startDate: new Date(draft.startDate).toISOString(),
        endDate: new Date(draft.endDate).toISOString(),
        segment: draft.segment,
      },
      {
        onSuccess: (period) => {
          toast.success('Period Created', {
            description: `${periodTitle(period)} (period ${period.id}) was created.`,
          });
          setDraft(emptyDraft);
        },
        onError: (error) => toastError(error, 'Failed to create period'),
      },
    );
  };

  return (
    <form className="panel form" onSubmit={submit} noValidate aria-labelledby="create-period-title">
      <h2 id="create-period-title">Create Period</h2>
      <p className="muted">Times are in your time zone ({displayTimeZone()}).</p>
      <div className="form__row">
        <NameDescriptionFields
          name={draft.name}
          description={draft.description}
          onChange={set}
          nameError={errors.name}
        />
      </div>
      <div className="form__row">
        <TextField
          label="Start date"
          type="datetime-local"
          required
          value={draft.startDate}
          onChange={(v) => set('startDate', v)}
          error={errors.startDate}
        />
        <TextField
          label="End date"
          type="datetime-local"
          required
          value={draft.endDate}
          onChange={(v) => set('endDate', v)}
          error={errors.endDate}
        />
        <AdminSelect
          label="Segment"
          value={draft.segment}
          onChange={(value) => set('segment', value as Segment)}
          placeholder="Choose a segment"
          items={[
            { value: 'main', label: segmentLabels.main },
            { value: 'last10', label: segmentLabels.last10 },
          ]}
        />
      </div>
      <button type="submit" className="button button--primary" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create Period'}
      </button>
    </form>
  );
}

function PeriodList({ periods }: { periods: Period[] }) {
  const queryClient = useQueryClient();
  const setActive = useMutation(setPeriodActiveMutationOptions(queryClient));
  const toggle = (period: Period) =>
    setActive.mutate(
      { periodId: period.id, isActive: !period.isActive },
      {
        onSuccess: (updated) =>
          toast.success('Period Updated', {
            description: `Period ${updated.id} is now ${updated.isActive ? 'active' : 'inactive'}.`,
          }),
        onError: (error) => toastError(error, 'Failed to update period'),
      },
    );
  return (
    <ol className="admin-list" aria-label="Period list">
      {periods.map((period) => (
        <li key={period.id} className="admin-list__row" data-testid="admin-period-row">
          <strong className="admin-list__id">{period.id}</strong>
          <span className="admin-list__main">
            <span>{periodTitle(period)}</span>
            <span className="muted">
              <time dateTime={period.startDate}>{formatDateTime(period.startDate)}</time> –{' '}
              <time dateTime={period.endDate}>{formatDateTime(period.endDate)}</time>
            </span>
          </span>
          <span className="badges">
            <span className={`badge ${period.isActive ? 'badge--status-active' : 'badge--status-pending'}`}>
              {period.isActive ? 'Active' : 'Inactive'}
            </span>
            <span className={`badge badge--segment-${period.segment}`}>{segmentLabels[period.segment]}</span>
          </span>
          <button
            type="button"
            className="button"
            disabled={setActive.isPending}
            onClick={() => toggle(period)}
            aria-label={`${period.isActive ? 'Deactivate' : 'Activate'} period ${period.id}`}
          >
            {period.isActive ? 'Deactivate' : 'Activate'}
          </button>
        </li>
      ))}
    </ol>
  );
}
