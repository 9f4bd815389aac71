import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NextSeasonStatus } from '@treble/contracts';
import { toast } from 'sonner';
import { startNextSeasonMutationOptions } from '../../api/season-admin';
import { ConfirmButton, seasonText, toastError } from './admin-ui';

/**
 * Pool years: when the season is over, the admin starts the next one in the same pool. Accounts,
 * admins, invitations and prizes stay; picks, team usage, strikes and standings start fresh, and
 * the season that ends stays readable (season switcher, Hall of Fame).
 */
export function NextSeason({
  next,
  current,
  past,
}: {
  next: NextSeasonStatus;
  current: string;
  past: string[];
}) {
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
