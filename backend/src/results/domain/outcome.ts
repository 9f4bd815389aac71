import { ErrorCodes, type Outcome } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';

export type { Outcome };

export const outcomes: readonly Outcome[] = ['win', 'draw', 'loss'];

export function isOutcome(value: unknown): value is Outcome {
  return typeof value === 'string' && (outcomes as readonly string[]).includes(value);
}

/** A home win is a win for the home option and a loss for the away option; a draw is a draw for both. */
export function outcomesFromScore(homeScore: number, awayScore: number): { home: Outcome; away: Outcome } {
  for (const score of [homeScore, awayScore]) {
    if (!Number.isInteger(score) || score < 0) {
      throw new DomainError(
        ErrorCodes.VALIDATION_FAILED,
        `A score must be a whole number of goals, not ${score}.`,
      );
    }
  }
  if (homeScore > awayScore) return { home: 'win', away: 'loss' };
  if (homeScore < awayScore) return { home: 'loss', away: 'win' };
  return { home: 'draw', away: 'draw' };
}
