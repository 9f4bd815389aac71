import type { PoolRules } from '@treble/contracts';
import { assertNever } from '../../shared/domain/event.js';
import { isStrike } from '../domain/survivor.js';

/**
 * The survivor rule (`isStrike` and `strikeEliminates` in standings/domain/survivor.ts) as SQL over
 * the `period_scores` rows, written once for the pool's rules: every statement of the survivor fold
 * builds its conditions from here. A player with no score row in a completed period made no picks:
 * 0 points and no losing pick, whose answer is the domain's own (`isStrike(undefined)`).
 */
export class SurvivorRuleSql {
  /** Whether a completed period without picks is a strike (in `strikes` mode it is, in `loss` mode not). */
  readonly missingRowStrikes: boolean;

  constructor(
    private readonly rules: PoolRules,
    /** The period scores table (physical name). */
    private readonly scores: string,
  ) {
    this.missingRowStrikes = isStrike(undefined, rules);
  }

  /** SQL true when the score row aliased `ps` is a strike. */
  rowStrikes(ps: string): string {
    const mode = this.rules.survivor.mode;
    switch (mode) {
      case 'strikes':
        return `${ps}.points < ${this.rules.survivor.strikeBelow}`;
      case 'loss':
        return `${ps}.losses > 0`;
      default:
        return assertNever(mode);
    }
  }

  /**
   * SQL true for the score rows that answer otherwise than a missing row: the safe rows when a period
   * without picks strikes, else the striking rows. A pass over the score rows alone counts these.
   */
  rowUnlikeMissing(ps: string): string {
    return this.missingRowStrikes ? `NOT (${this.rowStrikes(ps)})` : this.rowStrikes(ps);
  }

  /**
   * SQL true when player `userId` strikes in completed period `periodId` (SQL expressions): a
   * set-based (anti-)semi-join on that period's score row, or the missing row's answer without one.
   */
  strikes(userId: string, periodId: string): string {
    const row = `SELECT 1 FROM ${this.scores} ps WHERE ps.user_id = ${userId} AND ps.period_id = ${periodId}`;
    return `${this.missingRowStrikes ? 'NOT ' : ''}EXISTS (${row} AND ${this.rowUnlikeMissing('ps')})`;
  }

  /** SQL true when a strike on top of `strikeCount` strikes (an SQL expression) eliminates. */
  strikeEliminates(strikeCount: string): string {
    return `${strikeCount} + 1 >= ${this.rules.survivor.strikesToEliminate}`;
  }
}
