import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ErrorCodes, type SeasonImportResult } from '@treble/contracts';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../api/http';
import { importSeasonFileMutationOptions } from '../../api/season-admin';
import { toastError } from './admin-ui';

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
export function SeasonFileImport({ onDone }: { onDone: (answer: SeasonImportResult) => void }) {
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
