import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InstallPool } from '@treble/contracts';
import { changeInstallPool, installPoolsQueryOptions, poolsQueryOptions } from '../../api/pools';
import { ConfirmButton } from '../../components/confirm-button';
import { formatDateTime } from '../../lib/dates';
import { ErrorNotice } from '../auth/form-controls';

/**
 * The install's owner looks after its pools (docs/adr/015): each with how many members it has, and
 * nothing of who they are; archive (read-only), restore, delete an archived one. Nobody else sees it.
 */
export function InstallPoolsPanel() {
  const pools = useQuery(installPoolsQueryOptions());
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: ({ address, action }: { address: string; action: 'archive' | 'restore' | 'delete' }) =>
      changeInstallPool(address, action),
    onSuccess: (next) => {
      client.setQueryData(installPoolsQueryOptions().queryKey, next);
      void client.invalidateQueries({ queryKey: poolsQueryOptions().queryKey });
    },
  });
  if (pools.isPending)
    return (
      <div aria-busy="true" className="install-pools">
        <span className="skeleton skeleton--line" />
      </div>
    );
  if (pools.isError || pools.data === null) return null;
  return (
    <section className="install-pools" aria-labelledby="install-pools-title">
      <h2 id="install-pools-title">This install&apos;s pools</h2>
      <p className="muted">
        You own this install. You see how many members each pool has, not who they are or how they play.
      </p>
      <ErrorNotice error={change.error} />
      <ul className="install-pools__list">
        {pools.data.map((pool) => (
          <InstallPoolRow
            key={pool.address}
            pool={pool}
            busy={change.isPending && change.variables?.address === pool.address}
            onChange={(action) => change.mutate({ address: pool.address, action })}
          />
        ))}
      </ul>
    </section>
  );
}

function InstallPoolRow({
  pool,
  busy,
  onChange,
}: {
  pool: InstallPool;
  busy: boolean;
  onChange: (action: 'archive' | 'restore' | 'delete') => void;
}) {
  return (
    <li className="install-pools__row" data-testid="install-pool">
      <div>
        <strong>{pool.name}</strong>{' '}
        {pool.archived && <span className="badge badge--status-pending">Archived</span>}
        <div className="muted">
          {!pool.isDefault && `/p/${pool.address}/ · `}
          {pool.members} {pool.members === 1 ? 'member' : 'members'}
          {pool.createdAt !== null && ` · started ${formatDateTime(pool.createdAt)}`}
          {pool.isDefault && ' · the default pool'}
        </div>
      </div>
      {!pool.isDefault && (
        <div className="button-row">
          {pool.archived ? (
            <>
              <button type="button" className="button" disabled={busy} onClick={() => onChange('restore')}>
                Restore
              </button>
              <ConfirmButton
                label="Delete"
                ariaLabel={`Delete ${pool.name}`}
                danger
                busy={busy}
                disabled={busy}
                title={`Delete ${pool.name}?`}
                description={`Its pages, standings and members' picks go from every page of the install for good. Its address /p/${pool.address}/ stays taken.`}
                confirmLabel="Delete pool"
                onConfirm={() => onChange('delete')}
              />
            </>
          ) : (
            <ConfirmButton
              label="Archive"
              ariaLabel={`Archive ${pool.name}`}
              busy={busy}
              disabled={busy}
              title={`Archive ${pool.name}?`}
              description="Its members can still read its history; nothing in it changes, and no results or reminders run in it, until you restore it."
              confirmLabel="Archive pool"
              onConfirm={() => onChange('archive')}
            />
          )}
        </div>
      )}
    </li>
  );
}
