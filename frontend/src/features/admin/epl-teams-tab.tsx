import { useMutation, useQueryClient, useSuspenseQueries } from '@tanstack/react-query';
import type { Period } from '@treble/contracts';
import { toast } from 'sonner';
import { periodsQueryOptions } from '../../api/periods';
import {
  addEplOptionsMutationOptions,
  eplTeamsQueryOptions,
  replaceWithEplMutationOptions,
} from '../../api/season-admin';
import { ConfirmButton, periodTitle, segmentLabels, toastError } from './admin-ui';

/** EPL Teams tab: the season's 20 clubs, and per period "Add EPL Teams" or "Replace All". */
export function EplTeamsTab() {
  const [{ data: teams }, { data: periods }] = useSuspenseQueries({
    queries: [eplTeamsQueryOptions(), periodsQueryOptions()],
  });
  return (
    <div className="admin-stack">
      <section className="panel" aria-labelledby="epl-teams-title">
        <h2 id="epl-teams-title">Premier League Teams</h2>
        <p className="muted">
          {teams.length} teams · {teams.filter((team) => team.promoted).length} promoted
        </p>
        <ul className="admin-team-grid" aria-label="EPL teams">
          {teams.map((team) => (
            <li
              key={team.code}
              className={`admin-team${team.promoted ? ' admin-team--promoted' : ''}`}
              data-testid="epl-team"
            >
              <strong>{team.name}</strong>
              <span className="muted">{team.city}</span>
              <code>{team.code}</code>
              {team.promoted && <span className="badge admin-badge--promoted">Promoted</span>}
            </li>
          ))}
        </ul>
      </section>
      <section className="panel" aria-labelledby="epl-periods-title">
        <h2 id="epl-periods-title">Period Options</h2>
        <p className="muted">
          "Add EPL Teams" adds the clubs a period does not have yet. "Replace All" starts the period over with
          the 20 clubs.
        </p>
        {periods.length === 0 ? (
          <p className="empty-state">No periods yet. Import the schedule first.</p>
        ) : (
          <ol className="admin-list" aria-label="Periods for EPL teams">
            {periods.map((period) => (
              <EplPeriodRow key={period.id} period={period} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function EplPeriodRow({ period }: { period: Period }) {
  const queryClient = useQueryClient();
  const add = useMutation(addEplOptionsMutationOptions(queryClient));
  const replace = useMutation(replaceWithEplMutationOptions(queryClient));
  const busy = add.isPending || replace.isPending;
  return (
    <li className="admin-list__row" data-testid="epl-period-row">
      <strong className="admin-list__id">{period.id}</strong>
      <span className="admin-list__main">{periodTitle(period)}</span>
      <span className="badges">
        <span className={`badge ${period.isActive ? 'badge--status-active' : 'badge--status-pending'}`}>
          {period.isActive ? 'Active' : 'Inactive'}
        </span>
        <span className={`badge badge--segment-${period.segment}`}>{segmentLabels[period.segment]}</span>
      </span>
      <span className="button-row">
        <button
          type="button"
          className="button"
          disabled={busy}
          aria-label={`Add EPL Teams to period ${period.id}`}
          onClick={() =>
            add.mutate(period.id, {
              onSuccess: (answer) => toast.success(answer.message),
              onError: (error) => toastError(error, 'Failed to add EPL team options'),
            })
          }
        >
          Add EPL Teams
        </button>
        <ConfirmButton
          danger
          label="Replace All"
          ariaLabel={`Replace All options of period ${period.id}`}
          disabled={busy}
          title={`Replace the options of period ${period.id}?`}
          description={
            <p>
              All existing options, user choices and results of this period will be permanently deleted and
              replaced with the 20 EPL teams. This cannot be undone.
            </p>
          }
          confirmLabel="Replace All"
          onConfirm={() =>
            replace.mutate(period.id, {
              onSuccess: (answer) => toast.success(answer.message),
              onError: (error) => toastError(error, 'Failed to update period with EPL teams'),
            })
          }
        />
      </span>
    </li>
  );
}
