import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScheduleEntry } from '@treble/contracts';
import { toast } from 'sonner';
import { periodsQueryOptions, scheduleQueryOptions } from '../../api/periods';
import { importEplPeriodsMutationOptions } from '../../api/season-admin';
import { formatDate } from '../../lib/dates';
import { ConfirmButton, QueryView, segmentLabels, toastError } from './admin-ui';

/** How many matchweeks the full-season list shows before "... and N more". */
const shownMatchweeks = 10;

/** Schedule tab (SPEC section 2, "EPL schedule import"). */
export function ScheduleTab() {
  const schedule = useQuery(scheduleQueryOptions());
  const periods = useQuery(periodsQueryOptions());
  const queryClient = useQueryClient();
  const importPeriods = useMutation(importEplPeriodsMutationOptions(queryClient));

  const runImport = () =>
    importPeriods.mutate(undefined, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toastError(error, 'Failed to create EPL periods'),
    });

  return (
    <section className="panel" aria-labelledby="schedule-title">
      <div className="admin-panel-heading">
        <h2 id="schedule-title">EPL Schedule Import</h2>
        <ConfirmButton
          label={importPeriods.isPending ? 'Importing…' : 'Import Schedule'}
          disabled={importPeriods.isPending || !schedule.isSuccess}
          title="Import the EPL schedule?"
          description={
            <p>
              This creates 38 periods, one per Premier League matchweek, with the fixture dates of the season. Periods
              that already exist are left as they are.
            </p>
          }
          confirmLabel="Import Schedule"
          onConfirm={runImport}
        />
      </div>
      <QueryView query={schedule} what="the schedule">
        {(entries) => (
          <>
            <dl className="admin-facts">
              <div>
                <dt>Matchweeks available</dt>
                <dd data-testid="matchweeks-available">{entries.length}</dd>
              </div>
              <div>
                <dt>Existing periods</dt>
                <dd data-testid="existing-periods">
                  {periods.isSuccess ? periods.data.length : periods.isError ? '?' : '…'}
                </dd>
              </div>
            </dl>
            <div className="panel-grid">
              <ScheduleList title="Full season" entries={entries} limit={shownMatchweeks} />
              <ScheduleList
                title="Last 10 (matchweeks 29-38)"
                entries={entries.filter((entry) => entry.segment === 'last10')}
              />
            </div>
          </>
        )}
      </QueryView>
    </section>
  );
}

function ScheduleList({ title, entries, limit }: { title: string; entries: ScheduleEntry[]; limit?: number }) {
  const shown = limit === undefined ? entries : entries.slice(0, limit);
  const more = entries.length - shown.length;
  return (
    <div>
      <h3>{title}</h3>
      {entries.length === 0 ? (
        <p className="muted">No matchweeks.</p>
      ) : (
        <ol className="admin-list" aria-label={title}>
          {shown.map((entry) => (
            <li key={entry.matchweek} className="admin-list__row">
              <strong>MW {entry.matchweek}</strong>
              <span>{entry.description}</span>
              <time dateTime={entry.startDate} className="muted">
                {formatDate(entry.startDate)}
              </time>
              <span className={`badge badge--segment-${entry.segment}`}>{segmentLabels[entry.segment]}</span>
            </li>
          ))}
        </ol>
      )}
      {more > 0 && <p className="muted">... and {more} more</p>}
    </div>
  );
}
