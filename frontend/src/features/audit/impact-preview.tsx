import { useQuery } from '@tanstack/react-query';
import type {
  ImpactPreview,
  Movement,
  Outcome,
  PlayerImpact,
  StandingFigures,
  SurvivorFigures,
} from '@treble/contracts';
import {
  completeImpactQueryOptions,
  reopenImpactQueryOptions,
  resultImpactQueryOptions,
} from '../../api/audit';
import { errorMessage } from '../../lib/errors';
import { plural, pointsLabel } from '../../lib/words';

const outcomeLabel: Record<Outcome, string> = { win: 'Win', draw: 'Draw', loss: 'Loss' };

/**
 * Which players' points, ranks and survivor status a result would change, before it is saved.
 * `outcome` null previews deleting the option's result. Nothing is written.
 */
export function ResultImpactPreview({ optionId, outcome }: { optionId: string; outcome: Outcome | null }) {
  const preview = useQuery(resultImpactQueryOptions(optionId, outcome));
  return <PreviewState label="Impact of this result" query={preview} />;
}

/** Which players a reopening would move: survivor strikes taken back and held results applied. */
export function ReopenImpactPreview({ periodId }: { periodId: number }) {
  const preview = useQuery(reopenImpactQueryOptions(periodId));
  return <PreviewState label={`Impact of reopening period ${periodId}`} query={preview} />;
}

/** Which players a completion would move, with a warning for every option that has no result yet. */
export function CompleteImpactPreview({ periodId }: { periodId: number }) {
  const preview = useQuery(completeImpactQueryOptions(periodId));
  return <PreviewState label={`Impact of completing period ${periodId}`} query={preview} />;
}

interface PreviewQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: ImpactPreview | undefined;
  refetch: () => Promise<unknown>;
}

function PreviewState({ label, query }: { label: string; query: PreviewQuery }) {
  if (query.isPending) {
    return (
      <div className="impact-preview" role="status" aria-busy="true" aria-label={label}>
        <span className="skeleton skeleton--line" aria-hidden="true" />
        <span className="skeleton skeleton--line" aria-hidden="true" />
        <span className="visually-hidden">Working out who would be affected…</span>
      </div>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <div className="error-state impact-preview" role="alert">
        <p className="error-state__message">{errorMessage(query.error)}</p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  return <ImpactSummary label={label} preview={query.data} />;
}

function effectText(preview: ImpactPreview): string {
  switch (preview.effect) {
    case 'recorded':
      return 'The result applies at once.';
    case 'deleted':
      return 'The result is removed at once.';
    case 'pending':
      return `Period ${preview.periodId} is completed: the result would be held until the period is reopened.`;
    case 'unchanged':
      return 'The option already has this result: nothing would change.';
    case 'reopened':
      return `Period ${preview.periodId} would count as not completed: its survivor strikes are taken back until it completes again.`;
    case 'completed':
      return `Period ${preview.periodId} would be final: its survivor strikes count from now on.`;
  }
}

export function ImpactSummary({ label, preview }: { label: string; preview: ImpactPreview }) {
  return (
    <section className="impact-preview" aria-label={label}>
      <p className="muted">{effectText(preview)}</p>
      {preview.missingResults && preview.missingResults.length > 0 && (
        <div className="notice notice--warning" role="alert" data-testid="missing-results">
          <strong>
            {preview.missingResults.length === 1
              ? '1 option has no result'
              : `${preview.missingResults.length} options have no result`}
          </strong>
          : picks on {preview.missingResults.length === 1 ? 'it' : 'them'} would score nothing (
          {preview.missingResults.map((option) => option.optionName).join(', ')}).
        </div>
      )}
      {preview.appliedResults.length > 0 && (
        <ul className="impact-preview__results" aria-label="Results that would apply">
          {preview.appliedResults.map((result) => (
            <li key={result.optionId}>
              {result.optionName ?? result.optionId}: {outcomeLabel[result.outcome]}
            </li>
          ))}
        </ul>
      )}
      <ImpactTable
        caption="Players whose standing would change"
        changes={preview.changes}
        empty="No player's points, rank or survivor status would change."
      />
      {preview.onReopen !== null && (
        <ImpactTable
          caption={`Once period ${preview.periodId} is reopened`}
          changes={preview.onReopen}
          empty="Reopening afterwards would change no player's standing."
        />
      )}
    </section>
  );
}

function ImpactTable({
  caption,
  changes,
  empty,
}: {
  caption: string;
  changes: PlayerImpact[];
  empty: string;
}) {
  if (changes.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <table className="admin-table" aria-label={caption}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Player</th>
          <th scope="col">Overall</th>
          <th scope="col">Last 10</th>
          <th scope="col">Survivor</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.userId} data-testid="impact-row">
            <th scope="row">{change.displayName}</th>
            <td>{describeMovement(change.overall)}</td>
            <td>{describeMovement(change.last10)}</td>
            <td>{describeSurvivor(change.survivor)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function figures(value: StandingFigures | null): string {
  return value === null ? 'not entered' : `#${value.rank}, ${pointsLabel(value.points)}`;
}

/** e.g. "#2, 8 pts → #3, 5 pts"; a dash where the competition does not change. */
export function describeMovement(movement: Movement<StandingFigures> | null): string {
  if (movement === null) return '—';
  return `${figures(movement.before)} → ${figures(movement.after)}`;
}

function survivorStatus(value: SurvivorFigures | null): string {
  if (value === null) return 'not entered';
  const status = value.isEliminated ? `out in period ${value.eliminatedInPeriod}` : 'active';
  return `${status}, ${plural(value.strikeCount, 'strike')}, #${value.rank}, ${pointsLabel(value.points)}`;
}

export function describeSurvivor(movement: Movement<SurvivorFigures> | null): string {
  if (movement === null) return '—';
  return `${survivorStatus(movement.before)} → ${survivorStatus(movement.after)}`;
}
