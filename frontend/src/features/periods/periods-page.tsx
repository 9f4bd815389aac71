import {
  useMutation,
  useQuery,
  useQueryClient,
  useQueryErrorResetBoundary,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { periodStatus, type Period, type PeriodStatus, type Segment } from '@treble/contracts';
import { useEffect } from 'react';
import { authUserQueryOptions } from '../../api/auth';
import { importScheduleMutationOptions, periodsQueryOptions } from '../../api/periods';
import { formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { PeriodsHeader } from './periods-header';

const segmentLabels: Record<Segment, string> = { main: 'Main Season', last10: 'Last 10' };

const statusModifiers: Record<PeriodStatus, string> = {
  Active: 'active',
  Pending: 'pending',
  'Auto Completed': 'completed',
  'Manually Completed': 'manual',
};

export function PeriodsPage() {
  const { data: periods } = useSuspenseQuery(periodsQueryOptions());
  const queryClient = useQueryClient();
  // The mutation lives here, not in the empty state, so its result message outlives the empty
  // state it replaces.
  const importMutation = useMutation(importScheduleMutationOptions(queryClient));
  const { data: user } = useQuery(authUserQueryOptions());

  return (
    <section className="page" aria-labelledby="periods-title">
      <PeriodsHeader />
      {importMutation.isSuccess && (
        <p className="notice notice--success" role="status">
          {importMutation.data.message}
        </p>
      )}
      {importMutation.isError && (
        <p className="notice notice--error" role="alert">
          Import failed: {importMutation.error.message}
        </p>
      )}
      {periods.length === 0 ? (
        <EmptyPeriods
          canImport={user?.isAdmin === true}
          importing={importMutation.isPending}
          onImport={() => importMutation.mutate()}
        />
      ) : (
        <ol className="period-list" aria-label="Periods">
          {periods.map((period) => (
            <PeriodRow key={period.id} period={period} />
          ))}
        </ol>
      )}
    </section>
  );
}

function PeriodRow({ period }: { period: Period }) {
  const status = periodStatus(period);
  return (
    <li className="period-card" data-testid="period-row">
      <div className="period-card__heading">
        <h2 className="period-card__title">{period.name || `Matchweek ${period.id}`}</h2>
        <div className="badges">
          <span className={`badge badge--segment-${period.segment}`}>{segmentLabels[period.segment]}</span>
          <span className={`badge badge--status-${statusModifiers[status]}`}>{status}</span>
        </div>
      </div>
      {period.description && <p className="period-card__description">{period.description}</p>}
      <dl className="period-card__dates">
        <div>
          <dt>Starts</dt>
          <dd>
            <time dateTime={period.startDate}>{formatDateTime(period.startDate)}</time>
          </dd>
        </div>
        <div>
          <dt>Ends</dt>
          <dd>
            <time dateTime={period.endDate}>{formatDateTime(period.endDate)}</time>
          </dd>
        </div>
      </dl>
    </li>
  );
}

function EmptyPeriods({ canImport, importing, onImport }: { canImport: boolean; importing: boolean; onImport: () => void }) {
  return (
    <div className="empty-state">
      <h2>No periods yet</h2>
      <p>An admin imports the Premier League schedule to create the 38 matchweeks.</p>
      {canImport && (
        <button
          type="button"
          className="button button--primary"
          onClick={onImport}
          disabled={importing}
          aria-busy={importing}
        >
          {importing ? 'Importing…' : 'Import schedule'}
        </button>
      )}
    </div>
  );
}

export function PeriodsError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();

  // Lets a query that failed while rendering fetch again once the route re-renders.
  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  return (
    <section className="page" aria-labelledby="periods-title">
      <PeriodsHeader />
      <div className="error-state" role="alert">
        <h2>Could not load the periods</h2>
        <p className="error-state__message">{errorMessage(error)}</p>
      </div>
      {/* Re-runs the loader, which fetches again because the failed query holds no data. */}
      <button type="button" className="button button--primary" onClick={() => void router.invalidate()}>
        Retry
      </button>
    </section>
  );
}
