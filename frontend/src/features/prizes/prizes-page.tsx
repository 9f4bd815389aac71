import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import {
  describeSurvivorRule,
  type Competition,
  type Payout,
  type PoolRules,
  type Prize,
} from '@treble/contracts';
import { Tabs } from 'radix-ui';
import { activePrizesQueryOptions, payoutsQueryOptions } from '../../api/public-prizes';
import { usePoolRules } from '../../api/rules';
import { errorMessage } from '../../lib/errors';
import { formatMoney, formatTotals } from './money';
import { RefreshNotice } from '../../components/refresh-notice';

function competitionsUnder(rules: PoolRules): { id: Competition; label: string; rule: string }[] {
  return [
    { id: 'overall', label: 'Overall', rule: `Most points over all ${rules.periodsPerSeason} periods.` },
    { id: 'survivor', label: 'Survivor', rule: describeSurvivorRule(rules) },
    {
      id: 'last10',
      label: 'Last 10',
      rule: `Most points in periods ${rules.last10FirstPeriod}-${rules.periodsPerSeason}.`,
    },
  ];
}

/**
 * The public prize structure: works signed out too (GET /api/prizes and /api/prizes/payouts are public).
 * The route's loader loads the prizes; the payouts load with their tab.
 */
export function PrizesPage() {
  const prizes = useSuspenseQuery(activePrizesQueryOptions());
  const competitions = competitionsUnder(usePoolRules());

  const active = prizes.data.filter((prize) => prize.isActive);
  const of = (competition: Competition) => active.filter((prize) => prize.competition === competition);

  return (
    <section className="page" aria-labelledby="prizes-title">
      <header className="page-header">
        <h1 id="prizes-title">Prizes</h1>
        <p className="page-header__lead">What the three competitions pay out this season.</p>
      </header>
      <RefreshNotice queries={[prizes]} />

      <div className="stat-grid">
        <div className="stat-tile stat-tile--highlight" data-testid="prize-total">
          <span className="stat-tile__label">Total Prize Pool</span>
          <strong className="stat-tile__value">{formatTotals(active)}</strong>
        </div>
        {competitions.map((competition) => (
          <div key={competition.id} className="stat-tile" data-testid={`prize-total-${competition.id}`}>
            <span className="stat-tile__label">{competition.label}</span>
            <strong className="stat-tile__value">{formatTotals(of(competition.id))}</strong>
          </div>
        ))}
      </div>

      <Tabs.Root defaultValue="overall" className="tabs">
        <Tabs.List className="tabs__list" aria-label="Competitions">
          {competitions.map((competition) => (
            <Tabs.Trigger key={competition.id} value={competition.id} className="tabs__trigger">
              {competition.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {competitions.map((competition) => (
          <Tabs.Content key={competition.id} value={competition.id} className="panel">
            <p className="muted">{competition.rule}</p>
            <PrizeCards prizes={of(competition.id)} label={competition.label} />
            <Standings competition={competition.id} />
          </Tabs.Content>
        ))}
      </Tabs.Root>

      <footer className="panel prize-footer">
        <p>When players tie for prize positions, they share the sum of the tied positions' prizes equally.</p>
        <p className="muted">Prize distribution may be adjusted by the pool host with advance notice.</p>
      </footer>
    </section>
  );
}

function PrizeCards({ prizes, label }: { prizes: Prize[]; label: string }) {
  if (prizes.length === 0) return <p className="empty-state">No prizes configured for {label}</p>;
  return (
    <ul className="prize-grid">
      {prizes.map((prize) => (
        <li key={prize.id} className="prize-card" data-testid="prize-card">
          <span className="prize-card__position">{prize.position}</span>
          <strong className="prize-card__amount">{formatMoney(prize.amount, prize.currency)}</strong>
          {prize.description && <span className="muted">{prize.description}</span>}
        </li>
      ))}
    </ul>
  );
}

/** Who would take the prizes if the season ended now (ties share). */
function Standings({ competition }: { competition: Competition }) {
  const payouts = useQuery(payoutsQueryOptions());
  if (payouts.isPending) return <span className="skeleton skeleton--line" aria-hidden="true" />;
  if (payouts.isLoadingError) {
    return (
      <div className="error-state" role="alert">
        <p className="error-state__message">{errorMessage(payouts.error)}</p>
        <button type="button" className="button" onClick={() => void payouts.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  const rows: Payout[] = payouts.data.filter((payout) => payout.competition === competition);
  if (rows.length === 0) return null;
  return (
    <>
      <h3>If the season ended now</h3>
      <ol className="result-list">
        {rows.map((payout) => (
          <li key={payout.userId} className="result-row" data-testid="payout-row">
            <span>
              #{payout.rank} {payout.displayName}
              {payout.sharedBy > 1 && <span className="muted"> (shared by {payout.sharedBy})</span>}
            </span>
            <strong>
              {payout.amounts.map((money) => formatMoney(money.amount, money.currency)).join(' + ')}
            </strong>
          </li>
        ))}
      </ol>
    </>
  );
}
