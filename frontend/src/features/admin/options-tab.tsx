import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { Option } from '@treble/contracts';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { periodsQueryOptions } from '../../api/periods';
import { optionsQueryOptions } from '../../api/picks';
import { createOptionMutationOptions } from '../../api/season-admin';
import {
  AdminBoundary,
  AdminSelect,
  NameDescriptionFields,
  TextField,
  periodTitle,
  toastError,
} from './admin-ui';
import { usePoolRules } from '../../api/rules';

interface OptionDraft {
  periodId: string;
  name: string;
  description: string;
  sortOrder: string;
}

type OptionErrors = Partial<Record<'periodId' | 'name' | 'sortOrder', string>>;

/** docs/rules.md, Screens: period, name and sort order are required; the sort order is a whole number. */
export function validateOptionDraft(draft: OptionDraft): OptionErrors {
  const errors: OptionErrors = {};
  if (!draft.periodId) errors.periodId = 'Period is required';
  if (!draft.name.trim()) errors.name = 'Name is required';
  if (draft.sortOrder.trim() === '') errors.sortOrder = 'Sort order is required';
  else if (!/^-?\d+$/.test(draft.sortOrder.trim())) errors.sortOrder = 'Sort order must be a whole number';
  return errors;
}

/** Options tab: add a custom option to a period and list the period's options. */
export function OptionsTab() {
  const { data: periods } = useSuspenseQuery(periodsQueryOptions());
  const queryClient = useQueryClient();
  const create = useMutation(createOptionMutationOptions(queryClient));
  const [draft, setDraft] = useState<OptionDraft>({
    periodId: '',
    name: '',
    description: '',
    sortOrder: '1',
  });
  const [errors, setErrors] = useState<OptionErrors>({});
  const set = <K extends keyof OptionDraft>(key: K, value: OptionDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateOptionDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      {
        periodId: Number.parseInt(draft.periodId, 10),
        name: draft.name.trim(),
        description: draft.description.trim() || null,
        sortOrder: Number.parseInt(draft.sortOrder, 10),
      },
      {
        onSuccess: (option) => {
          toast.success('Option Created', {
            description: `${option.name} was added to period ${option.periodId}.`,
          });
          setDraft((d) => ({ ...d, name: '', description: '', sortOrder: '1' }));
        },
        onError: (error) => toastError(error, 'Failed to create option'),
      },
    );
  };

  return (
    <div className="admin-stack">
      <form className="panel form" onSubmit={submit} noValidate aria-labelledby="create-option-title">
        <h2 id="create-option-title">Create Option</h2>
        <div className="field-with-error">
          <AdminSelect
            label="Period"
            required
            value={draft.periodId}
            onChange={(value) => set('periodId', value)}
            placeholder={periods.length === 0 ? 'No periods yet' : 'Choose a period'}
            disabled={periods.length === 0}
            items={periods.map((period) => ({
              value: String(period.id),
              label: `${period.id}: ${periodTitle(period)}`,
            }))}
          />
          {errors.periodId && (
            <span className="field__error" role="alert">
              {errors.periodId}
            </span>
          )}
        </div>
        <div className="form__row">
          <NameDescriptionFields
            name={draft.name}
            description={draft.description}
            onChange={set}
            nameError={errors.name}
          />
          <TextField
            label="Sort order"
            type="number"
            step={1}
            required
            value={draft.sortOrder}
            onChange={(v) => set('sortOrder', v)}
            error={errors.sortOrder}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create Option'}
        </button>
      </form>
      <section className="panel" aria-labelledby="option-list-title">
        <h2 id="option-list-title">{draft.periodId ? `Options of period ${draft.periodId}` : 'Options'}</h2>
        {draft.periodId ? (
          <AdminBoundary what="the options" resetKey={draft.periodId}>
            <OptionList periodId={Number(draft.periodId)} />
          </AdminBoundary>
        ) : (
          <p className="muted">Choose a period to see its options.</p>
        )}
      </section>
    </div>
  );
}

function OptionList({ periodId }: { periodId: number }) {
  const rules = usePoolRules();
  const { data: options } = useSuspenseQuery(optionsQueryOptions(periodId));
  if (options.length === 0) return <p className="empty-state">No options created for this period yet.</p>;
  return (
    <ol className="admin-list" aria-label="Option list">
      {[...options].sort(bySortOrder).map((option) => (
        <li key={option.id} className="admin-list__row" data-testid="admin-option-row">
          <span className="admin-list__id" title="Sort order">
            #{option.sortOrder}
          </span>
          <span className="admin-list__main">
            <span>{option.name}</span>
            {option.description && <span className="muted">{option.description}</span>}
          </span>
          <span className="muted" title="Your uses of this team this season">
            Used: {option.usageCount}/{rules.maxUsesPerTeam}
          </span>
          {option.pickCount !== null && <span className="muted">Picked by {option.pickCount}</span>}
        </li>
      ))}
    </ol>
  );
}

function bySortOrder(a: Option, b: Option): number {
  return a.sortOrder - b.sortOrder || a.name.localeCompare(b.name);
}
