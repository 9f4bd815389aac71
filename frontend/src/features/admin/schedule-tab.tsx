import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ErrorCodes,
  type NextSeasonStatus,
  type ScheduleEntry,
  type SeasonChoice,
  type SeasonImportResult,
} from '@treble/contracts';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../api/http';
import { periodsQueryOptions, scheduleQueryOptions } from '../../api/periods';
import {
  importSeasonFileMutationOptions,
  importSeasonMutationOptions,
  seasonsQueryOptions,
  startNextSeasonMutationOptions,
} from '../../api/season-admin';
import { formatDate } from '../../lib/dates';
import { AdminSelect, ConfirmButton, QueryView, segmentLabels, toastError } from './admin-ui';

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
  const seasons = useQuery(seasonsQueryOptions());
  const [picked, setPicked] = useState('');
  const current = seasons.data?.current ?? null;
  const choices = seasons.data?.seasons ?? [];
  // A pool that plays a season imports only that season (its fixtures may have to come from a file).
  const chosen =
    current !== null
      ? (choices.find((choice) => choice.season === current && choice.isDefault) ??
        choices.find((choice) => choice.season === current) ??
        null)
      : (choices.find((choice) => choiceKey(choice) === picked) ??
        choices.find((choice) => choice.isDefault) ??
        null);
  const schedule = useQuery(scheduleQueryOptions(undefined, current === null ? chosen?.season : undefined));
  const periods = useQuery(periodsQueryOptions());
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

  const seasonLabel = chosen ? chosen.season.replace('-', '/') : 'the season';
  return (
    <section className="panel" aria-labelledby="schedule-title">
      <div className="admin-panel-heading">
        <h2 id="schedule-title">EPL Schedule Import</h2>
        <ConfirmButton
          label={importSeason.isPending ? 'Importing…' : 'Import Schedule'}
          disabled={importSeason.isPending || !schedule.isSuccess || chosen === null}
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
      <QueryView query={seasons} what="the seasons" lines={1}>
        {(view) =>
          view.current !== null ? (
            <p data-testid="pool-season">
              This pool plays the <strong>{view.current.replace('-', '/')}</strong> season.
            </p>
          ) : (
            <AdminSelect
              label="Season"
              value={chosen ? choiceKey(chosen) : ''}
              onChange={setPicked}
              placeholder="Choose a season"
              items={view.seasons.map((choice) => ({
                value: choiceKey(choice),
                label: choice.label,
                ...(choice.isDefault ? { note: 'today' } : {}),
              }))}
            />
          )
        }
      </QueryView>
      {done && (
        <p className="notice" role="status" data-testid="import-next-step">
          {done.message} Next: invite your players (Admin → Invitations); they can pick for every matchweek
          that is still open. Results arrive from the results provider (Live Results) or from the Results tab.
        </p>
      )}
      <QueryView query={schedule} what="the schedule">
        {(entries) =>
          entries.length === 0 && current !== null ? (
            <p className="notice" data-testid="season-needs-file">
              Treble has no fixtures for {current.replace('-', '/')} yet: import its season file below
              (openfootball publishes it when the Premier League announces the fixtures).
            </p>
          ) : (
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
          )
        }
      </QueryView>
      {(seasons.data?.current === null || (periods.isSuccess && periods.data.length === 0)) && (
        <SeasonFileImport onDone={setDone} />
      )}
      {seasons.data?.next && periods.isSuccess && periods.data.length > 0 && (
        <NextSeason next={seasons.data.next} current={seasons.data.current ?? ''} past={seasons.data.past} />
      )}
    </section>
  );
}

const seasonText = (season: string) => season.replace('-', '/');

/**
 * Pool years: when the season is over, the admin starts the next one in the same pool. Accounts,
 * admins, invitations and prizes stay; picks, team usage, strikes and standings start fresh, and
 * the season that ends stays readable (season switcher, Hall of Fame).
 */
function NextSeason({ next, current, past }: { next: NextSeasonStatus; current: string; past: string[] }) {
  const queryClient = useQueryClient();
  const start = useMutation(startNextSeasonMutationOptions(queryClient));
  const unfinished = next.unfinishedPeriods;
  const early = unfinished.length > 0;
  const run = () =>
    start.mutate(
      { season: next.season, ...(early ? { force: true } : {}) },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => toastError(error, `Failed to start ${seasonText(next.season)}`),
      },
    );
  const card = (
    <>
      {early ? (
        <p className="notice notice--warning" data-testid="season-unfinished">
          {unfinished.length === 1 ? 'Matchweek' : 'Matchweeks'} {listOf(unfinished)} of {seasonText(current)}{' '}
          {unfinished.length === 1 ? 'is' : 'are'} not completed yet. Start {seasonText(next.season)} when the
          season is over, or start it now: {seasonText(current)}'s standings stay as they are now.
        </p>
      ) : (
        <p>
          Every matchweek of {seasonText(current)} is completed: its final standings are ready to be kept.
        </p>
      )}
      <p className="muted">
        {next.available
          ? `Starting imports ${seasonText(next.season)}'s fixtures and team options in the same step.`
          : `Treble has no fixtures for ${seasonText(next.season)} yet: after starting it, import its season file here.`}
        {past.length > 0 && ` Past seasons: ${past.map(seasonText).join(', ')}.`}
      </p>
      <ConfirmButton
        label={start.isPending ? 'Starting…' : `Start ${seasonText(next.season)}`}
        disabled={start.isPending}
        danger={early}
        title={`Start the ${seasonText(next.season)} season?`}
        description={
          <>
            <p>
              Accounts, admins, invitations and prizes stay. Picks, team usage, survivor strikes and standings
              start fresh for {seasonText(next.season)}. {seasonText(current)}'s standings and payouts are
              kept as they are and stay readable in the season switcher and the Hall of Fame.
            </p>
            {early && (
              <p className="notice notice--warning">
                {unfinished.length} matchweek{unfinished.length === 1 ? '' : 's'} of {seasonText(current)}{' '}
                will never be completed.
              </p>
            )}
          </>
        }
        confirmLabel={early ? 'Start anyway' : `Start ${seasonText(next.season)}`}
        onConfirm={run}
      />
    </>
  );
  // While the season is under way the way to the next one stays folded away.
  return next.seasonOver ? (
    <section className="next-season" aria-labelledby="next-season-title" data-testid="next-season">
      <h3 id="next-season-title">Next season: {seasonText(next.season)}</h3>
      {card}
    </section>
  ) : (
    <details className="next-season" data-testid="next-season-early">
      <summary>
        Start {seasonText(next.season)} before {seasonText(current)} is over…
      </summary>
      {card}
    </details>
  );
}

/** `3-38` for a run, `3, 5, 7` otherwise (at most a few shown). */
function listOf(ids: number[]): string {
  const sorted = [...ids].sort((a, b) => a - b);
  const isRun = sorted.every((id, index) => index === 0 || id === sorted[index - 1]! + 1);
  if (isRun && sorted.length > 2) return `${sorted[0]}-${sorted[sorted.length - 1]}`;
  return sorted.length > 6
    ? `${sorted.slice(0, 6).join(', ')} and ${sorted.length - 6} more`
    : sorted.join(', ');
}

interface FileProblem {
  errors: string[];
  unmatched: string[];
  knownTeams: { code: string; name: string }[];
}

function problemOf(error: unknown): FileProblem | null {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return null;
  const body = error.body as { errors?: unknown; unmatched?: unknown; knownTeams?: unknown };
  if (error.code === ErrorCodes.SEASON_DATA_INVALID && Array.isArray(body.errors)) {
    return { errors: body.errors.map(String), unmatched: [], knownTeams: [] };
  }
  if (error.code === ErrorCodes.SEASON_TEAMS_UNMATCHED && Array.isArray(body.unmatched)) {
    return {
      errors: [],
      unmatched: body.unmatched.map(String),
      knownTeams: Array.isArray(body.knownTeams) ? (body.knownTeams as FileProblem['knownTeams']) : [],
    };
  }
  return null;
}

/** Upload an openfootball `en.1.json` or Football.TXT file; unknown team names are mapped here, never guessed. */
function SeasonFileImport({ onDone }: { onDone: (answer: SeasonImportResult) => void }) {
  const queryClient = useQueryClient();
  const importFile = useMutation(importSeasonFileMutationOptions(queryClient));
  const [content, setContent] = useState<unknown>(null);
  const [fileName, setFileName] = useState('');
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const [teamMap, setTeamMap] = useState<Record<string, string>>({});

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setProblem(null);
    setTeamMap({});
    if (!file) return;
    const text = await file.text();
    setFileName(file.name);
    // JSON goes as parsed JSON (compact); anything else as text. The server validates both.
    if (text.trimStart().startsWith('{')) {
      try {
        setContent(JSON.parse(text));
        return;
      } catch {
        // Not JSON after all: the server names the problem.
      }
    }
    setContent(text);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (content === null) return;
    importFile.mutate(
      { content, ...(Object.keys(teamMap).length > 0 ? { teamMap } : {}) },
      {
        onSuccess: (answer) => {
          setProblem(null);
          onDone(answer);
          toast.success(answer.message);
        },
        onError: (error) => {
          const found = problemOf(error);
          setProblem(found);
          if (!found) toastError(error, 'Failed to import the file');
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={submit} aria-labelledby="season-file-title">
      <h3 id="season-file-title">Import a season file</h3>
      <p className="muted">
        An openfootball <code>en.1.json</code> or Football.TXT (<code>1-premierleague.txt</code>) file of a
        whole season: 20 teams, 38 matchweeks of 10 matches.
      </p>
      <div className="field">
        <label className="field__label" htmlFor="season-file">
          Season file
        </label>
        <input
          id="season-file"
          type="file"
          accept=".json,.txt,application/json,text/plain"
          onChange={(event) => void readFile(event)}
        />
      </div>
      {problem && problem.errors.length > 0 && (
        <div className="notice notice--error" role="alert">
          <p>{fileName} cannot be imported:</p>
          <ul data-testid="season-file-errors">
            {problem.errors.slice(0, 20).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {problem.errors.length > 20 && <p>… and {problem.errors.length - 20} more.</p>}
        </div>
      )}
      {problem && problem.unmatched.length > 0 && (
        <fieldset className="form" data-testid="season-file-unmatched">
          <legend>
            These team names match no known club: give each its team code (a new code adds a new club).
          </legend>
          <datalist id="known-team-codes">
            {problem.knownTeams.map((team) => (
              <option key={team.code} value={team.code}>
                {team.name}
              </option>
            ))}
          </datalist>
          {problem.unmatched.map((name) => (
            <div className="field" key={name}>
              <label className="field__label" htmlFor={`team-map-${name}`}>
                {name}
              </label>
              <input
                id={`team-map-${name}`}
                list="known-team-codes"
                value={teamMap[name] ?? ''}
                maxLength={5}
                onChange={(event) =>
                  setTeamMap({ ...teamMap, [name]: event.target.value.trim().toUpperCase() })
                }
              />
            </div>
          ))}
        </fieldset>
      )}
      <button type="submit" className="button" disabled={content === null || importFile.isPending}>
        {importFile.isPending ? 'Importing…' : 'Import File'}
      </button>
    </form>
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
