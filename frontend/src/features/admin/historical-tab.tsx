import {
  useMutation,
  useQuery,
  useQueryClient,
  useSuspenseQueries,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { userDisplayName, type ChoiceView, type Period, type TeamUsage, type User } from '@treble/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { adminUsersQueryOptions } from '../../api/admin';
import { periodsQueryOptions } from '../../api/periods';
import {
  clearPeriodChoicesMutationOptions,
  createRetroactiveChoicesMutationOptions,
  periodChoicesQueryOptions,
  playerUsageQueryOptions,
} from '../../api/picks-admin';
import { optionsQueryOptions } from '../../api/picks';
import { AdminBoundary, AdminSelect, ConfirmButton, periodTitle, toastError } from './admin-ui';
import { usePoolRules } from '../../api/rules';

/** Periods that have ended (retroactive picks are only for those), newest first. */
export function pastPeriods(periods: Period[], now: Date): Period[] {
  return periods
    .filter((period) => new Date(period.endDate).getTime() < now.getTime())
    .sort((a, b) => new Date(b.endDate).getTime() - new Date(a.endDate).getTime() || b.id - a.id);
}

/** Historical tab: an admin makes a player's 3 picks in an ended period, or clears a period's picks. */
export function HistoricalTab() {
  const { picksPerPeriod } = usePoolRules();
  const [{ data: users }, { data: periods }] = useSuspenseQueries({
    queries: [adminUsersQueryOptions(), periodsQueryOptions()],
  });
  const [userId, setUserId] = useState('');
  const [periodId, setPeriodId] = useState('');
  // Read beside the period's teams, not after them.
  const usage = useQuery({ ...playerUsageQueryOptions(userId), enabled: userId !== '' });
  const past = pastPeriods(periods, new Date());

  return (
    <div className="admin-stack">
      <section className="panel" aria-labelledby="historical-title">
        <h2 id="historical-title">Retroactive Selections</h2>
        <p className="muted">
          Enter the {picksPerPeriod} picks a player made outside the app, in a period that has ended. The
          player must have no picks in that period yet, and the usage limit still applies.
        </p>
        <div className="form__row">
          <AdminSelect
            label="User"
            value={userId}
            onChange={setUserId}
            placeholder="Choose a user"
            items={users.map((user) => ({
              value: user.id,
              label: `${userDisplayName(user)} (${user.email})`,
            }))}
          />
          <AdminSelect
            label="Period"
            value={periodId}
            onChange={setPeriodId}
            placeholder={past.length === 0 ? 'No ended periods yet' : 'Choose a past period'}
            disabled={past.length === 0}
            items={past.map((period) => ({
              value: String(period.id),
              label: `MW ${period.id}: ${periodTitle(period)}`,
            }))}
          />
        </div>
        {periodId ? (
          <AdminBoundary what="the teams of this period" resetKey={`${userId}-${periodId}`}>
            <TeamPicker
              key={`${userId}-${periodId}`}
              periodId={Number(periodId)}
              user={users.find((user) => user.id === userId) ?? null}
              usage={usage.data}
            />
          </AdminBoundary>
        ) : (
          <p className="muted">Choose a user and a past period to pick their teams.</p>
        )}
      </section>
      {periodId && (
        <AdminBoundary what="the choices" resetKey={periodId}>
          <ExistingChoices periodId={Number(periodId)} users={users} />
        </AdminBoundary>
      )}
    </div>
  );
}

function TeamPicker({
  periodId,
  user,
  usage,
}: {
  periodId: number;
  user: User | null;
  usage: TeamUsage[] | undefined;
}) {
  const { picksPerPeriod, maxUsesPerTeam } = usePoolRules();
  const [{ data: list }, { data: existing }] = useSuspenseQueries({
    queries: [optionsQueryOptions(periodId), periodChoicesQueryOptions(periodId)],
  });
  const queryClient = useQueryClient();
  const create = useMutation(createRetroactiveChoicesMutationOptions(queryClient));
  const [selected, setSelected] = useState<string[]>([]);

  const usesOf = (teamKey: string) => usage?.find((row) => row.teamKey === teamKey)?.uses ?? 0;
  const alreadyPicked = user !== null && existing.some((choice) => choice.userId === user.id);

  const toggle = (optionId: string) => {
    if (selected.includes(optionId)) {
      setSelected(selected.filter((id) => id !== optionId));
      return;
    }
    if (selected.length >= picksPerPeriod) {
      toast.error('Maximum reached', {
        description: `You can only select ${picksPerPeriod} options per period.`,
      });
      return;
    }
    setSelected([...selected, optionId]);
  };

  const submit = () => {
    if (user === null || selected.length !== picksPerPeriod) {
      toast.error('Invalid selection', {
        description: `Please select a user, period, and exactly ${picksPerPeriod} options.`,
      });
      return;
    }
    create.mutate(
      { userId: user.id, periodId, optionIds: selected },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          setSelected([]);
        },
        onError: (error) => toastError(error, 'Failed to create retroactive selections'),
      },
    );
  };

  return (
    <>
      <p className="muted" role="status">
        Selected {selected.length}/{picksPerPeriod}
        {user ? ` for ${userDisplayName(user)}` : ''}
      </p>
      {alreadyPicked && user && (
        <p className="notice notice--error">
          {userDisplayName(user)} already has picks in this period. Clear the period's picks first to enter
          new ones.
        </p>
      )}
      {list.length === 0 ? (
        <p className="empty-state">No options created for this period yet.</p>
      ) : (
        <ul className="admin-team-grid" aria-label="Teams to pick">
          {list.map((option) => {
            const isSelected = selected.includes(option.id);
            const uses = user ? usesOf(option.teamKey) : null;
            const capped = uses !== null && uses >= maxUsesPerTeam;
            return (
              <li key={option.id}>
                <button
                  type="button"
                  className={`admin-team admin-team--button${isSelected ? ' admin-team--selected' : ''}`}
                  aria-pressed={isSelected}
                  disabled={capped && !isSelected}
                  onClick={() => toggle(option.id)}
                >
                  <strong>{option.name}</strong>
                  <span className="muted">
                    Used {uses ?? '–'}/{maxUsesPerTeam}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <button type="button" className="button button--primary" onClick={submit} disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create Selections'}
      </button>
    </>
  );
}

function ExistingChoices({ periodId, users }: { periodId: number; users: User[] }) {
  const { data: choices } = useSuspenseQuery(periodChoicesQueryOptions(periodId));
  const queryClient = useQueryClient();
  const clear = useMutation(clearPeriodChoicesMutationOptions(queryClient));
  const names = new Map(users.map((user) => [user.id, userDisplayName(user)]));

  return (
    <section className="panel" aria-labelledby="existing-choices-title">
      <div className="admin-panel-heading">
        <h2 id="existing-choices-title">Existing Choices ({choices.length})</h2>
        <ConfirmButton
          danger
          label="Clear All"
          ariaLabel={`Clear All choices of period ${periodId}`}
          disabled={choices.length === 0 || clear.isPending}
          title={`Delete every pick of period ${periodId}?`}
          description={
            <p>
              All players' choices in this period will be permanently deleted, and the scores of the period
              recalculated.
            </p>
          }
          confirmLabel="Clear All"
          onConfirm={() =>
            clear.mutate(periodId, {
              onSuccess: (answer) => toast.success(answer.message),
              onError: (error) => toastError(error, 'Failed to delete choices'),
            })
          }
        />
      </div>
      {choices.length === 0 ? (
        <p className="empty-state">No choices in this period.</p>
      ) : (
        <ChoicesTable choices={choices} names={names} />
      )}
    </section>
  );
}

function ChoicesTable({ choices, names }: { choices: ChoiceView[]; names: Map<string, string> }) {
  const byUser = new Map<string, ChoiceView[]>();
  for (const choice of choices) byUser.set(choice.userId, [...(byUser.get(choice.userId) ?? []), choice]);
  return (
    <table className="admin-table" aria-label="Choices per user">
      <thead>
        <tr>
          <th scope="col">User</th>
          <th scope="col">Choices</th>
          <th scope="col">Count</th>
        </tr>
      </thead>
      <tbody>
        {[...byUser.entries()].map(([userId, picks]) => (
          <tr key={userId} data-testid="choice-user-row">
            <th scope="row">{names.get(userId) ?? 'Unknown User'}</th>
            <td>
              {picks.map((pick) => (
                <span key={pick.id} className="admin-chip">
                  {pick.teamName}
                  {pick.retroactive && <span className="muted"> (retroactive)</span>}
                  {pick.status === 'voided' && <span className="muted"> (voided)</span>}
                </span>
              ))}
            </td>
            <td>{picks.length}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
