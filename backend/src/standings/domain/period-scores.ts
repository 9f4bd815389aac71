import type { PoolRules } from '@treble/contracts';
import type { Outcome } from '../../results/domain/index.js';

/** A pick that was made and not withdrawn or cleared; a voided pick is kept, and scores 0. */
export interface ScoredPick {
  userId: string;
  periodId: number;
  optionId: string;
  voided?: boolean;
}

export interface OptionOutcome {
  optionId: string;
  outcome: Outcome;
}

/** One player's score in one period; a row exists only where the player has picks. */
export interface PeriodScore {
  userId: string;
  periodId: number;
  points: number;
  /** Winning picks, the ranking tie-breaker. */
  wins: number;
  /** Picks made, voided ones included. */
  picks: number;
  /** A pick whose result is a loss (survivor `loss` mode). */
  hasLosingPick: boolean;
}

/**
 * Points come from the configured points per outcome, so the scores follow the rules module. A pick
 * without a result yet scores 0 and is neither a win nor a loss; sorted by user, then period.
 */
export function periodScores(
  picks: readonly ScoredPick[],
  results: readonly OptionOutcome[],
  rules: PoolRules,
): PeriodScore[] {
  const outcomeOf = new Map(results.map((result) => [result.optionId, result.outcome]));
  const scores = new Map<string, PeriodScore>();
  for (const pick of picks) {
    const key = `${pick.userId}\u0000${pick.periodId}`;
    let score = scores.get(key);
    if (score === undefined) {
      score = {
        userId: pick.userId,
        periodId: pick.periodId,
        points: 0,
        wins: 0,
        picks: 0,
        hasLosingPick: false,
      };
      scores.set(key, score);
    }
    score.picks += 1;
    const outcome = pick.voided === true ? undefined : outcomeOf.get(pick.optionId);
    if (outcome === undefined) continue;
    score.points += rules.points[outcome];
    if (outcome === 'win') score.wins += 1;
    if (outcome === 'loss') score.hasLosingPick = true;
  }
  return [...scores.values()].sort((a, b) =>
    a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : a.periodId - b.periodId,
  );
}
