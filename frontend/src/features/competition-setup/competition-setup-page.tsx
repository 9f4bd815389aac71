import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { describeSurvivorRule, type Competition, type PoolRules, type Prize } from '@treble/contracts';
import { toast } from 'sonner';
import { importScheduleMutationOptions } from '../../api/periods';
import { activePrizesQueryOptions } from '../../api/public-prizes';
import { usePoolRules } from '../../api/rules';
import { ConfirmButton } from '../../components/confirm-button';
import { errorMessage } from '../../lib/errors';
import { toastAdminError } from '../../lib/admin-errors';
import { competitionSummaryQueryOptions, setupOptionsMutationOptions } from './competition-setup-api';
import './competition-setup.css';

/** The three competitions, described by the pool's configured rules. */
function competitions(rules: PoolRules): { key: Competition; name: string; description: string }[] {
  return [
    { key: 'overall', name: 'Overall', description: 'Points from every matchweek of the season.' },
    { key: 'survivor', name: 'Survivor', description: describeSurvivorRule(rules) },
    {
      key: 'last10',
      name: 'Last 10',
      description: `Points from matchweeks ${rules.last10FirstPeriod} to ${rules.periodsPerSeason} only.`,
    },
  ];
}

function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}

/** The active prizes of one competition, summed per currency: e.g. "$1,150" or "$1,000 + £50". */
export function prizePool(prizes: readonly Prize[], competition: Competition): string {
  const totals = new Map<string, number>();
  for (const prize of prizes) {
    if (!prize.isActive || prize.competition !== competition) continue;
    totals.set(prize.currency, (totals.get(prize.currency) ?? 0) + Number(prize.amount));
  }
  if (totals.size === 0) return 'No prize yet';
  return [...totals].map(([currency, amount]) => formatMoney(amount, currency)).join(' + ');
}

/** /competition-setup: the three competitions, the season setup buttons and the summary. */
export function CompetitionSetupPage() {
  return (
    <section className="page" aria-labelledby="competition-setup-title">
      <header className="page-header">
        <h1 id="competition-setup-title">Competition Setup</h1>
        <p className="page-header__lead">
          Set up the triple competition: the season's matchweeks and the team options to pick from.
        </p>
      </header>
      <CompetitionSetupPanel headingLevel={2} />
    </section>
  );
}

/** The setup itself, also embedded in the admin dashboard. */
export function CompetitionSetupPanel({ headingLevel }: { headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const queryClient = useQueryClient();
  const rules = usePoolRules();
  const prizes = useQuery(activePrizesQueryOptions());
  const summary = useQuery(competitionSummaryQueryOptions());
  const setupPeriods = useMutation(importScheduleMutationOptions(queryClient));
  const setupOptions = useMutation(setupOptionsMutationOptions(queryClient));

  return (
    <div className="competition-setup">
      <section className="panel" aria-labelledby="competitions-title">
        <Heading id="competitions-title">The three competitions</Heading>
        {prizes.isError && (
          <p className="notice notice--error" role="alert">
            Could not load the prizes: {errorMessage(prizes.error)}
          </p>
        )}
        <ul className="competition-cards">
          {competitions(rules).map((competition) => (
            <li key={competition.key} className="competition-card" aria-label={competition.name}>
              <span className="competition-card__name">{competition.name}</span>
              <span className="competition-card__pool">
                {prizes.isPending ? 'Loading…' : prizes.data ? prizePool(prizes.data, competition.key) : '--'}
              </span>
              <span className="competition-card__description">{competition.description}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="panel" aria-labelledby="season-setup-title">
        <Heading id="season-setup-title">Season setup</Heading>
        <p className="muted">Both steps can be run again safely: they only add what is missing.</p>
        <div className="setup-steps">
          <SetupStep
            label="Create All 38 Periods"
            busyLabel="Creating periods…"
            question="Create all 38 periods?"
            explanation={`This creates the ${rules.periodsPerSeason} matchweeks of the season from the bundled Premier League schedule, with their real fixture dates. Periods that already exist are left as they are.`}
            pending={setupPeriods.isPending}
            result={setupPeriods.isSuccess ? setupPeriods.data.message : null}
            onConfirm={() =>
              setupPeriods.mutate(undefined, {
                onSuccess: (answer) => toast.success('Success!', { description: answer.message }),
                onError: (error) => toastAdminError(error, 'Failed to create periods'),
              })
            }
          />
          <SetupStep
            label="Create All Team Options"
            busyLabel="Creating team options…"
            question="Create all team options?"
            explanation="This gives every period its 20 Premier League teams as options (20 teams x 38 periods = 760 options). Options that already exist are left as they are."
            pending={setupOptions.isPending}
            result={setupOptions.isSuccess ? setupOptions.data.message : null}
            onConfirm={() =>
              setupOptions.mutate(undefined, {
                onSuccess: (answer) => toast.success('Success!', { description: answer.message }),
                onError: (error) => toastAdminError(error, 'Failed to create options'),
              })
            }
          />
        </div>
      </section>

      <section className="panel" aria-labelledby="summary-title">
        <Heading id="summary-title">Competition summary</Heading>
        {summary.isPending && <p role="status">Loading the summary…</p>}
        {summary.isError && (
          <p className="notice notice--error" role="alert">
            Could not load the summary: {errorMessage(summary.error)}
          </p>
        )}
        {summary.data && (
          <>
            <dl className="summary-grid">
              <div>
                <dt>Total periods</dt>
                <dd>{summary.data.totalPeriods}</dd>
              </div>
              <div>
                <dt>Overall periods</dt>
                <dd>{summary.data.overallPeriods}</dd>
              </div>
              <div>
                <dt>Last 10 periods</dt>
                <dd>{summary.data.last10Periods}</dd>
              </div>
              <div>
                <dt>Survivor periods</dt>
                <dd>{summary.data.survivorPeriods}</dd>
              </div>
            </dl>
            <p className="muted">{summary.data.dualScoringNote}</p>
          </>
        )}
      </section>
    </div>
  );
}

function SetupStep({
  label,
  busyLabel,
  question,
  explanation,
  pending,
  result,
  onConfirm,
}: {
  label: string;
  busyLabel: string;
  question: string;
  explanation: string;
  pending: boolean;
  result: string | null;
  onConfirm: () => void;
}) {
  return (
    <div className="setup-step">
      <ConfirmButton
        label={pending ? busyLabel : label}
        title={question}
        description={explanation}
        confirmLabel={label}
        disabled={pending}
        busy={pending}
        onConfirm={onConfirm}
      />
      {pending && (
        <div className="setup-step__progress">
          <progress aria-label={busyLabel} />
        </div>
      )}
      {result && (
        <p className="notice notice--success" role="status">
          {result}
        </p>
      )}
    </div>
  );
}
