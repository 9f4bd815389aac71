import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import type { PoolSummary } from '@treble/contracts';
import {
  createPool,
  myPoolStandingQueryOptions,
  poolsQueryOptions,
  type MyPoolStanding,
} from '../../api/pools';
import { ErrorNotice, Field, SubmitButton } from '../auth/form-controls';
import { currentPool, openPool, poolHref } from '../../api/current-pool';
import { periodTitle } from '../../lib/period-title';
import { InstallPoolsPanel } from './install-pools-panel';

/**
 * My pools (docs/adr/015): every pool I play in, with my rank in its three competitions and whether
 * my picks for its current matchweek are in — where a player in several pools starts.
 */
export function MyPoolsPage() {
  const { data: pools } = useSuspenseQuery(poolsQueryOptions());
  return (
    <section className="page" aria-labelledby="my-pools-title">
      <h1 id="my-pools-title">My pools</h1>
      <p className="muted">
        {pools.length === 0
          ? 'You are in no pool yet. An invitation link from a pool adds it here.'
          : pools.length === 1
            ? 'You play in one pool. An invitation link from another pool adds it here.'
            : `You play in ${pools.length} pools.`}
      </p>
      <ul className="pool-cards">
        {pools.map((pool) => (
          <PoolCard key={pool.address} pool={pool} />
        ))}
      </ul>
      <CreatePoolForm />
      <InstallPoolsPanel />
    </section>
  );
}

/** A pool's address from its name: `Office Pool 2026` → `office-pool-2026`. */
export function addressFor(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/**
 * A new pool, which I run as its admin (who may create pools is the install's to say: its owner
 * alone, by default; anyone else is told so). Created, it opens.
 */
function CreatePoolForm() {
  const [name, setName] = useState('');
  const [address, setAddress] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: createPool,
    onSuccess: (pool) => openPool(pool.address),
  });
  const shownAddress = address ?? addressFor(name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name: name.trim(), address: shownAddress });
  };
  return (
    <form className="form pool-create" onSubmit={submit} aria-labelledby="create-pool-title">
      <h2 id="create-pool-title">Start a new pool</h2>
      <Field
        label="Pool name"
        type="text"
        required
        maxLength={100}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <Field
        label="Address"
        type="text"
        required
        minLength={3}
        maxLength={40}
        pattern="[a-z0-9][a-z0-9\-]{1,38}[a-z0-9]"
        hint={`Lower-case letters, digits and dashes: the pool lives at /p/${shownAddress || '…'}/`}
        value={shownAddress}
        onChange={(e) => setAddress(e.target.value.toLowerCase())}
      />
      <ErrorNotice error={create.error} />
      <SubmitButton
        pending={create.isPending || create.isSuccess}
        label="Create pool"
        pendingLabel="Creating…"
      />
    </form>
  );
}

function PoolCard({ pool }: { pool: PoolSummary }) {
  const here = pool.address === currentPool();
  const standing = useQuery(myPoolStandingQueryOptions(pool.address));
  const titleId = `pool-${pool.address}`;
  return (
    <li className="pool-card" aria-labelledby={titleId} data-testid="pool-card">
      <div className="pool-card__head">
        <h2 id={titleId} className="pool-card__name">
          {pool.name}
        </h2>
        <span className="badges">
          {here && <span className="badge badge--status-active">Open now</span>}
          {pool.archived && <span className="badge badge--status-pending">Archived</span>}
          <span className="badge badge--status-pending">{pool.role === 'admin' ? 'Admin' : 'Player'}</span>
        </span>
      </div>
      {standing.isPending ? (
        <div className="pool-card__body" aria-busy="true">
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line" />
        </div>
      ) : standing.isError ? (
        <div className="pool-card__body notice notice--error" role="alert">
          Could not load your standing in this pool.{' '}
          <button type="button" className="button" onClick={() => void standing.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <Standing standing={standing.data} />
      )}
      {here ? (
        <Link to="/" className="button pool-card__open">
          Go to its dashboard
        </Link>
      ) : (
        <a href={poolHref(pool.address)} className="button button--primary pool-card__open">
          Open this pool
        </a>
      )}
    </li>
  );
}

function rank(value: number | null): string {
  return value === null ? '--' : `#${value}`;
}

function Standing({ standing }: { standing: MyPoolStanding }) {
  const { stats, period, picksMade, picksPerPeriod } = standing;
  const complete = picksMade >= picksPerPeriod;
  return (
    <div className="pool-card__body">
      <dl className="pool-card__ranks">
        <div>
          <dt>Overall</dt>
          <dd>{rank(stats.overallRank)}</dd>
        </div>
        <div>
          <dt>Last 10</dt>
          <dd>{rank(stats.last10Rank)}</dd>
        </div>
        <div>
          <dt>Survivor</dt>
          <dd>{stats.isEliminated ? 'Out' : rank(stats.survivorRank)}</dd>
        </div>
      </dl>
      {period === null ? (
        <p className="pool-card__picks">No matchweek has started yet.</p>
      ) : period.openForPicks ? (
        <p
          className={`pool-card__picks${complete ? ' pool-card__picks--done' : ' pool-card__picks--missing'}`}
        >
          {periodTitle(period)}:{' '}
          {complete ? `all ${picksPerPeriod} picks in` : `${picksMade} of ${picksPerPeriod} picks in`}
        </p>
      ) : (
        <p className="pool-card__picks">
          {periodTitle(period)}: picks closed ({picksMade} of {picksPerPeriod} made)
        </p>
      )}
    </div>
  );
}
