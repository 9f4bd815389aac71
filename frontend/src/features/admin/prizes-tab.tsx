import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { Competition, Currency, Prize } from '@treble/contracts';
import { Dialog, Switch, Tabs } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  adminPrizesQueryOptions,
  createPrizeMutationOptions,
  deletePrizeMutationOptions,
  updatePrizeMutationOptions,
} from '../../api/prizes-admin';
import { AdminSelect, ConfirmButton, TextField, toastError } from './admin-ui';
import { validatePrizeDraft, type PrizeDraft, type PrizeErrors } from './prize-validation';

const competitions: { value: Competition; label: string }[] = [
  { value: 'overall', label: 'Overall' },
  { value: 'survivor', label: 'Survivor' },
  { value: 'last10', label: 'Last 10' },
];
const competitionLabel = (competition: Competition) =>
  competitions.find((item) => item.value === competition)!.label;

const currencies: Currency[] = ['USD', 'GBP', 'EUR'];

/** "$1,000.00", "£50.00": per the prize's own currency. */
export function formatMoney(amount: string | number, currency: Currency): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(Number(amount));
}

/** Sums per currency (amounts in different currencies are never added together); active prizes only. */
export function sumPrizes(prizes: Prize[]): string {
  const cents = new Map<Currency, number>();
  for (const prize of prizes) {
    if (!prize.isActive) continue;
    cents.set(prize.currency, (cents.get(prize.currency) ?? 0) + Math.round(Number(prize.amount) * 100));
  }
  if (cents.size === 0) return formatMoney(0, 'USD');
  return currencies
    .filter((currency) => cents.has(currency))
    .map((currency) => formatMoney(cents.get(currency)! / 100, currency))
    .join(' + ');
}

type DialogState = { mode: 'create'; competition: Competition } | { mode: 'edit'; prize: Prize } | null;

/** Prizes tab: the pool's totals, prizes per competition, and the create/edit dialog. */
export function PrizesTab() {
  const { data: prizes } = useSuspenseQuery(adminPrizesQueryOptions());
  const [competition, setCompetition] = useState<Competition>('overall');
  const [dialog, setDialog] = useState<DialogState>(null);

  return (
    <section className="panel" aria-labelledby="prizes-title">
      <div className="admin-panel-heading">
        <h2 id="prizes-title">Prizes</h2>
        <button
          type="button"
          className="button button--primary"
          onClick={() => setDialog({ mode: 'create', competition })}
        >
          Add Prize
        </button>
      </div>
      <div className="stat-grid" data-testid="prize-totals">
        <div className="stat-tile admin-prize-total">
          <span className="stat-tile__label">Total Prize Pool</span>
          <strong className="stat-tile__value">{sumPrizes(prizes)}</strong>
        </div>
        {competitions.map((item) => (
          <div key={item.value} className="stat-tile">
            <span className="stat-tile__label">{item.label}</span>
            <strong className="stat-tile__value">
              {sumPrizes(prizes.filter((prize) => prize.competition === item.value))}
            </strong>
          </div>
        ))}
      </div>
      <Tabs.Root value={competition} onValueChange={(value) => setCompetition(value as Competition)}>
        <Tabs.List className="tabs__list" aria-label="Competitions">
          {competitions.map((item) => (
            <Tabs.Trigger key={item.value} value={item.value} className="tabs__trigger">
              {item.label} ({prizes.filter((p) => p.competition === item.value && p.isActive).length})
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {competitions.map((item) => (
          <Tabs.Content key={item.value} value={item.value} className="admin-tabs__panel">
            <CompetitionPrizes
              competition={item.value}
              prizes={prizes.filter((prize) => prize.competition === item.value)}
              onAdd={() => setDialog({ mode: 'create', competition: item.value })}
              onEdit={(prize) => setDialog({ mode: 'edit', prize })}
            />
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {dialog && <PrizeDialog state={dialog} onClose={() => setDialog(null)} />}
    </section>
  );
}

function CompetitionPrizes({
  competition,
  prizes,
  onAdd,
  onEdit,
}: {
  competition: Competition;
  prizes: Prize[];
  onAdd: () => void;
  onEdit: (prize: Prize) => void;
}) {
  const active = prizes.filter((prize) => prize.isActive);
  const inactive = prizes.filter((prize) => !prize.isActive);
  return (
    <>
      {active.length === 0 ? (
        <div className="empty-state">
          <p>No prizes configured for {competitionLabel(competition)}</p>
          <button type="button" className="button button--primary" onClick={onAdd}>
            Add First Prize
          </button>
        </div>
      ) : (
        <ul className="admin-cards" aria-label={`${competitionLabel(competition)} prizes`}>
          {active.map((prize) => (
            <PrizeCard key={prize.id} prize={prize} onEdit={onEdit} />
          ))}
        </ul>
      )}
      {inactive.length > 0 && (
        <>
          <h3>Inactive</h3>
          <ul className="admin-cards" aria-label={`Inactive ${competitionLabel(competition)} prizes`}>
            {inactive.map((prize) => (
              <PrizeCard key={prize.id} prize={prize} onEdit={onEdit} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function PrizeCard({ prize, onEdit }: { prize: Prize; onEdit: (prize: Prize) => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation(deletePrizeMutationOptions(queryClient));
  const name = `${competitionLabel(prize.competition)} ${prize.position}`;
  return (
    <li className={`admin-card${prize.isActive ? '' : ' admin-card--inactive'}`} data-testid="prize-card">
      <div className="admin-card__heading">
        <strong>{prize.position}</strong>
        {!prize.isActive && <span className="badge badge--status-pending">Inactive</span>}
      </div>
      <p className="admin-card__amount">{formatMoney(prize.amount, prize.currency)}</p>
      {prize.description && <p className="muted">{prize.description}</p>}
      <div className="button-row">
        <button type="button" className="button" onClick={() => onEdit(prize)} aria-label={`Edit ${name}`}>
          Edit
        </button>
        <ConfirmButton
          danger
          label="Delete"
          ariaLabel={`Delete ${name}`}
          disabled={remove.isPending}
          title="Delete this prize?"
          description={
            <p>
              The {name} prize of {formatMoney(prize.amount, prize.currency)} will be removed from the prize
              pool.
            </p>
          }
          confirmLabel="Delete"
          onConfirm={() =>
            remove.mutate(prize.id, {
              onSuccess: () => toast.success('Prize deleted successfully'),
              onError: (error) => toastError(error, 'Failed to delete prize'),
            })
          }
        />
      </div>
    </li>
  );
}

function draftOf(state: NonNullable<DialogState>): PrizeDraft {
  if (state.mode === 'create') {
    return {
      competition: state.competition,
      position: '',
      amount: '',
      currency: 'USD',
      description: '',
      isActive: true,
    };
  }
  const { prize } = state;
  return {
    competition: prize.competition,
    position: prize.position,
    amount: prize.amount,
    currency: prize.currency,
    description: prize.description ?? '',
    isActive: prize.isActive,
  };
}

function PrizeDialog({ state, onClose }: { state: NonNullable<DialogState>; onClose: () => void }) {
  const queryClient = useQueryClient();
  const create = useMutation(createPrizeMutationOptions(queryClient));
  const update = useMutation(updatePrizeMutationOptions(queryClient));
  const [draft, setDraft] = useState<PrizeDraft>(() => draftOf(state));
  const [errors, setErrors] = useState<PrizeErrors>({});
  const editing = state.mode === 'edit';
  const pending = create.isPending || update.isPending;
  const set = <K extends keyof PrizeDraft>(key: K, value: PrizeDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePrizeDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = {
      competition: draft.competition,
      position: draft.position.trim(),
      amount: draft.amount.trim(),
      currency: draft.currency,
      description: draft.description.trim() || null,
      isActive: draft.isActive,
    };
    const handlers = {
      onSuccess: () => {
        toast.success(editing ? 'Prize updated successfully' : 'Prize created successfully');
        onClose();
      },
      onError: (error: unknown) =>
        toastError(error, editing ? 'Failed to update prize' : 'Failed to create prize'),
    };
    if (state.mode === 'edit') update.mutate({ id: state.prize.id, ...body }, handlers);
    else create.mutate(body, handlers);
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{editing ? 'Edit Prize' : 'Create New Prize'}</Dialog.Title>
          <Dialog.Description className="muted">
            Only active prizes are listed and counted in the prize pool.
          </Dialog.Description>
          <form className="form" onSubmit={submit} noValidate>
            <AdminSelect
              label="Competition"
              required
              value={draft.competition}
              onChange={(value) => set('competition', value as Competition)}
              placeholder="Choose a competition"
              items={competitions.map((item) => ({ value: item.value, label: item.label }))}
            />
            <TextField
              label="Position"
              required
              placeholder="Winner, 1st, 2nd…"
              value={draft.position}
              onChange={(v) => set('position', v)}
              error={errors.position}
            />
            <div className="form__row">
              <TextField
                label="Amount"
                required
                placeholder="100.00"
                value={draft.amount}
                onChange={(v) => set('amount', v)}
                error={errors.amount}
              />
              <AdminSelect
                label="Currency"
                value={draft.currency}
                onChange={(value) => set('currency', value as Currency)}
                placeholder="USD"
                items={currencies.map((currency) => ({ value: currency, label: currency }))}
              />
            </div>
            <TextField
              label="Description"
              value={draft.description}
              onChange={(v) => set('description', v)}
            />
            <label className="switch-field">
              <Switch.Root
                className="switch"
                checked={draft.isActive}
                onCheckedChange={(checked) => set('isActive', checked)}
                aria-label="Active"
              >
                <Switch.Thumb className="switch__thumb" />
              </Switch.Root>
              <span aria-hidden="true">Active</span>
            </label>
            <div className="button-row">
              <Dialog.Close asChild>
                <button type="button" className="button">
                  Cancel
                </button>
              </Dialog.Close>
              <button type="submit" className="button button--primary" disabled={pending}>
                {editing ? 'Update' : 'Create'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
