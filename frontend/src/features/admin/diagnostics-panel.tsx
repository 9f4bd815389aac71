import { useIsFetching, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { HealthReport } from '@treble/contracts';
import { healthQueryOptions } from '../../api/admin';
import { formatDateTime } from '../../lib/dates';
import { useConnectionState, type ConnectionState } from '../../realtime/realtime-provider';
import { AdminBoundary } from './admin-ui';

const connectionLabels: Record<ConnectionState, string> = {
  connecting: 'Connecting',
  live: 'Connected',
  reconnecting: 'Reconnecting',
  offline: 'Disconnected',
};

const statusLabels: Record<HealthReport['status'], string> = {
  ok: 'Healthy',
  degraded: 'Degraded',
  down: 'Down',
};

/** For admins: is the server healthy, are projections keeping up, is this browser receiving live updates. */
export function DiagnosticsPanel() {
  const queryClient = useQueryClient();
  const { queryKey } = healthQueryOptions();
  const refreshing = useIsFetching({ queryKey }) > 0;
  const connection = useConnectionState();
  return (
    <section className="panel admin-diagnostics" aria-labelledby="diagnostics-title">
      <div className="admin-panel-heading">
        <h2 id="diagnostics-title">Diagnostics</h2>
        <button
          type="button"
          className="button"
          onClick={() => void queryClient.refetchQueries({ queryKey })}
          disabled={refreshing}
        >
          Refresh
        </button>
      </div>
      <dl className="admin-facts">
        <div>
          <dt>Live updates (this browser)</dt>
          <dd>
            <span className={`badge admin-badge--connection-${connection}`}>
              {connectionLabels[connection]}
            </span>
          </dd>
        </div>
      </dl>
      <AdminBoundary what="the server health" lines={2}>
        <HealthReportView />
      </AdminBoundary>
    </section>
  );
}

function HealthReportView() {
  const { data: report } = useSuspenseQuery(healthQueryOptions());
  return (
    <>
      <dl className="admin-facts">
        <div>
          <dt>Server</dt>
          <dd>
            <span className={`badge admin-badge--health-${report.status}`}>
              {statusLabels[report.status]}
            </span>
          </dd>
        </div>
        <div>
          <dt>Database</dt>
          <dd>
            {report.database.kind} · {report.database.status}
          </dd>
        </div>
        <div>
          <dt>Event store</dt>
          <dd>
            {report.eventStore.kind} · {report.eventStore.status} · position {report.eventStore.headPosition}
          </dd>
        </div>
        <div>
          <dt>Checked</dt>
          <dd>
            <time dateTime={report.now}>{formatDateTime(report.now)}</time>
          </dd>
        </div>
      </dl>
      {report.projections.length > 0 && (
        <table className="admin-table" aria-label="Projections">
          <thead>
            <tr>
              <th scope="col">Projection</th>
              <th scope="col">Status</th>
              <th scope="col">Lag</th>
            </tr>
          </thead>
          <tbody>
            {report.projections.map((projection) => (
              <tr key={projection.name}>
                <td>
                  {projection.name} v{projection.version}
                </td>
                <td>{projection.status}</td>
                <td>{projection.lag}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
