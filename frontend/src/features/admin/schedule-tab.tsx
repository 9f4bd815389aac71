import { useMutation, useQueryClient, useSuspenseQueries, useSuspenseQuery } from '@tanstack/react-query';
import type { ScheduleEntry, SeasonChoice, SeasonImportResult } from '@treble/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { periodsQueryOptions, scheduleQueryOptions } from '../../api/periods';
import { importSeasonMutationOptions, seasonsQueryOptions } from '../../api/season-admin';
import { formatDate } from '../../lib/dates';
import { AdminBoundary, AdminSelect, ConfirmButton, seasonText, segmentLabels, toastError } from './admin-ui';
import { NextSeason } from './next-season';
import { SeasonFileImport } from './season-file-import';

/** How many matchweeks the full-season list shows before "... and N more". */
const shownMatchweeks = 10;

const choiceKey = (choice: Pick<SeasonChoice, 'season' | 'source'>) => `${choice.season}|${choice.source}`;

/**
 * Schedule tab (docs/rules.md, Screens, "EPL schedule import"): choose the season (bundled, or
 * football-data.org's with an API key; today's season is preselected) and import it in one step:
 * its 38 periods, the 20 team options of each and the results already played. Or upload an
 * openfootball season file. Importing again changes nothing.
 */
export function ScheduleTab() {
  const [{ data: seasons }, { data: periods }] = useSuspenseQueries({
    queries: [seasonsQueryOptions(), periodsQueryOptions()],
  });
  const [picked, setPicked] = useState('');
  const { current, seasons: choices } = seasons;
  // A pool that plays a season imports only that season (its fixtures may have to come from a file).
  const chosen =
    current !== null
      ? (choices.find((choice) => choice.season === current && choice.isDefault) ??
        choices.find((choice) => choice.season === current) ??
        null)
      : (choices.find((choice) => choiceKey(choice) === picked) ??
        choices.find((choice) => choice.isDefault) ??
        null);
  const scheduleSeason = current === null ? chosen?.season : undefined;
  const queryClient = useQueryClient();
  const importSeason = useMutation(importSeasonMutationOptions(queryClient));
  const [done, setDone] = useState<SeasonImportResult | null>(null);

  const runImport = () => {
    if (!chosen) return;
    importSeason.mutate(
      { season: chosen.season, source: chosen.source },
      {
        onSuccess: (answer) => {
          setDone(answer);
          toast.success(answer.message);
        },
        onError: (error) => toastError(error, 'Failed to import the season'),
      },
    );
  };

  const seasonLabel = chosen ? seasonText(chosen.season) : 'the season';
  return (
    <section className="panel" aria-labelledby="schedule-title">
      <div className="admin-panel-heading">
        <h2 id="schedule-title">EPL Schedule Import</h2>
        <ConfirmButton
          label={importSeason.isPending ? 'Importing…' : 'Import Schedule'}
          disabled={importSeason.isPending || chosen === null}
          title={`Import the ${seasonLabel} season?`}
          description={
            <p>
              This creates 38 periods, one per Premier League matchweek of {seasonLabel}, with the fixture
              dates of the season, gives each period its 20 team options and records the results of the
              matches already played. Matchweeks that have ended stay closed; the next one opens for picks.
              Periods, options and results that already exist are left as they are.
            </p>
          }
          confirmLabel="Import Schedule"
          onConfirm={runImport}
        />
      </div>
      {current !== null ? (
        <p data-testid="pool-season">
          This pool plays the <strong>{seasonText(current)}</strong> season.
        </p>
      ) : (
        <AdminSelect
          label="Season"
          value={chosen ? choiceKey(chosen) : ''}
          onChange={setPicked}
          placeholder="Choose a season"
          items={choices.map((choice) => ({
            value: choiceKey(choice),
            label: choice.label,
            ...(choice.isDefault ? { note: 'today' } : {}),
          }))}
        />
      )}
      {done && (
        <p className="notice" role="status" data-testid="import-next-step">
          {done.message} Next: invite your players (Admin → Users, Invitations); they can pick for every
          matchweek that is still open. Results arrive from the results provider (Live Results) or from the
          Results tab.
        </p>
      )}
      <AdminBoundary what="the schedule" resetKey={scheduleSeason}>
        <ScheduleOverview season={scheduleSeason} current={current} existingPeriods={periods.length} />
      </AdminBoundary>
      {(current === null || periods.length === 0) && <SeasonFileImport onDone={setDone} />}
      {seasons.next && periods.length > 0 && (
        <NextSeason next={seasons.next} current={current ?? ''} past={seasons.past} />
      )}
    </section>
  );
}

/** The season's matchweeks: how many, the first ten and the Last 10. */
function ScheduleOverview({
  season,
  current,
  existingPeriods,
}: {
  season: string | undefined;
  current: string | null;
  existingPeriods: number;
}) {
  const { data: entries } = useSuspenseQuery(scheduleQueryOptions(undefined, season));
  if (entries.length === 0 && current !== null) {
    return (
      <p className="notice" data-testid="season-needs-file">
        Treble has no fixtures for {seasonText(current)} yet: import its season file below (openfootball
        publishes it when the Premier League announces the fixtures).
      </p>
    );
  }
  return (
    <>
      <dl className="admin-facts">
        <div>
          <dt>Matchweeks available</dt>
          <dd data-testid="matchweeks-available">{entries.length}</dd>
        </div>
        <div>
          <dt>Existing periods</dt>
          <dd data-testid="existing-periods">{existingPeriods}</dd>
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
  );
}

function ScheduleList({
  title,
  entries,
  limit,
}: {
  title: string;
  entries: ScheduleEntry[];
  limit?: number;
}) {
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
