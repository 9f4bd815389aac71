import { useQuery } from '@tanstack/react-query';
import type { HallOfFameSeason } from '@treble/contracts';
import { hallOfFameQueryOptions } from '../../api/seasons';
import { pointsLabel } from '../../lib/words';

const competitionNames: Record<HallOfFameSeason['competitions'][number]['competition'], string> = {
  overall: 'Overall',
  survivor: 'Survivor',
  last10: 'Last 10',
};

function money(amount: number, currency: string | null): string {
  if (currency === null) return String(amount);
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency, maximumFractionDigits: 0 }).format(
      amount,
    );
  } catch {
    return `${amount} ${currency}`;
  }
}

/** Pool years: every past season's winners, newest first. Nothing is shown before a season has ended. */
export function HallOfFame() {
  const fame = useQuery(hallOfFameQueryOptions());
  if (!fame.isSuccess || fame.data.length === 0) return null;
  return (
    <section className="panel hall-of-fame" aria-labelledby="hall-of-fame-title" data-testid="hall-of-fame">
      <h2 id="hall-of-fame-title">Hall of Fame</h2>
      <ol className="hall-of-fame__seasons">
        {fame.data.map((season) => (
          <li key={season.season} className="hall-of-fame__season">
            <h3>
              {season.season.replace('-', '/')}{' '}
              <span className="muted">
                · {season.players} player{season.players === 1 ? '' : 's'}
              </span>
            </h3>
            <dl className="hall-of-fame__winners">
              {season.competitions.map((competition) => (
                <div key={competition.competition}>
                  <dt>{competitionNames[competition.competition]}</dt>
                  <dd>
                    {competition.winners.length === 0
                      ? 'No winner'
                      : competition.winners.map((winner, index) => (
                          <span key={winner.userId}>
                            {index > 0 && ', '}
                            <strong>{winner.displayName}</strong> ({pointsLabel(winner.points)}
                            {winner.payout !== null ? `, ${money(winner.payout, winner.currency)}` : ''})
                          </span>
                        ))}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ol>
    </section>
  );
}
