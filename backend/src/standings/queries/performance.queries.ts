import {
  type CompareChoice,
  type CompareEntry,
  type DetailedPerformance,
  ErrorCodes,
  maxComparedPeriods,
  type Outcome,
  type PoolRules,
  type TrendEntry,
} from '@treble/contracts';
import type { Sql } from '../../platform/database/sql.js';
import { DomainError } from '../../shared/domain/domain-error.js';
import { LeaderboardQueries } from './leaderboard.queries.js';
import { average, performanceTrend, standardDeviation } from './performance-stats.js';
import { pickShownToOthersSql } from './pick-visibility.sql.js';
import { percent, round2 } from './read-sql.js';

interface ScoredPeriod {
  period_id: number;
  points: number;
  wins: number;
  picks: number;
}

/**
 * Performance analysis of one player. It looks at the player's scored periods: periods where the
 * player has picks and which are completed or have at least one result (an open period without any
 * result would only read as a 0 and drag the trend down).
 */
export class PerformanceQueries {
  private readonly leaderboards: LeaderboardQueries;

  constructor(
    private readonly db: Sql,
    private readonly rules: PoolRules,
  ) {
    this.leaderboards = new LeaderboardQueries(db, rules);
  }

  private async scoredPeriods(userId: string): Promise<ScoredPeriod[]> {
    const { rows } = await this.db.query<ScoredPeriod>(
      `SELECT ps.period_id, ps.points, ps.wins, ps.picks
         FROM period_scores ps
         LEFT JOIN standings_periods sp ON sp.period_id = ps.period_id
        WHERE ps.user_id = $1
          AND (coalesce(sp.is_completed, false) OR EXISTS (SELECT 1 FROM results r WHERE r.period_id = ps.period_id))
        ORDER BY ps.period_id`,
      [userId],
    );
    return rows;
  }

  async detailed(userId: string): Promise<DetailedPerformance> {
    const periods = await this.scoredPeriods(userId);
    const overall = await this.leaderboards.entryOf('overall', userId);
    const points = periods.map((period) => period.points);
    let best: ScoredPeriod | null = null;
    for (const period of periods) if (best === null || period.points > best.points) best = period;
    const wins = periods.reduce((sum, period) => sum + period.wins, 0);
    const picks = periods.reduce((sum, period) => sum + period.picks, 0);
    return {
      totalPoints: overall?.totalPoints ?? 0,
      overallAccuracy: percent(wins, picks),
      currentRank: overall?.rank ?? null,
      periodsPlayed: periods.length,
      bestPeriod: best === null ? null : { points: best.points, periodId: best.period_id },
      averagePoints: round2(average(points)),
      consistencyScore: round2(standardDeviation(points)),
      trend: performanceTrend(points),
    };
  }

  async trends(userId: string): Promise<TrendEntry[]> {
    return (await this.scoredPeriods(userId)).map((period) => ({
      periodId: period.period_id,
      points: period.points,
      accuracy: percent(period.wins, period.picks),
    }));
  }

  /**
   * One card per selected period (at most 5), by period id. `visibleAt` is set when the viewer is
   * another player (head-to-head): picks on options that have not locked by then stay hidden
   * (docs/rules.md "Picks"), as on `GET /api/periods/:id/picks`.
   */
  async compare(
    userId: string,
    periodIds: readonly number[],
    { visibleAt }: { visibleAt?: Date } = {},
  ): Promise<CompareEntry[]> {
    const ids = [...new Set(periodIds)];
    if (ids.some((id) => !Number.isSafeInteger(id) || id < 1)) {
      throw new DomainError(ErrorCodes.VALIDATION_FAILED, 'Period ids must be whole numbers of 1 or more');
    }
    if (ids.length > maxComparedPeriods) {
      throw new DomainError(ErrorCodes.VALIDATION_FAILED, `Compare at most ${maxComparedPeriods} periods`);
    }
    if (ids.length === 0) return [];
    const { rows: periods } = await this.db.query<{ period_id: number; name: string | null }>(
      `SELECT p.period_id, sp.name
         FROM unnest($1::integer[]) AS p(period_id)
         LEFT JOIN standings_periods sp ON sp.period_id = p.period_id
        ORDER BY p.period_id`,
      [ids],
    );
    const { rows: choices } = await this.db.query<{
      choice_id: string;
      period_id: number;
      option_id: string;
      team_name: string;
      status: 'active' | 'voided';
      outcome: Outcome | null;
    }>(
      `SELECT c.choice_id, c.period_id, c.option_id, c.team_name, c.status, r.outcome
         FROM choices c
         LEFT JOIN results r ON r.option_id = c.option_id
        WHERE c.user_id = $1 AND c.period_id = ANY($2::integer[])
        ${visibleAt ? `AND EXISTS (SELECT 1 FROM options o WHERE o.id = c.option_id AND ${pickShownToOthersSql('o', '$3')})` : ''}
        ORDER BY c.period_id, c.made_at, c.choice_id`,
      visibleAt ? [userId, ids, visibleAt] : [userId, ids],
    );
    // Counted from the picks listed: another player sees only what has locked, so an unlocked pick
    // changes no count (docs/rules.md "Picks").
    const cards: CompareEntry[] = periods.map((period) => {
      const picks: CompareChoice[] = choices
        .filter((choice) => choice.period_id === period.period_id)
        .map((choice) => {
          const voided = choice.status === 'voided';
          const result = voided ? null : choice.outcome;
          return {
            id: choice.choice_id,
            optionId: choice.option_id,
            optionName: choice.team_name,
            points: result === null ? 0 : this.rules.points[result],
            result,
            voided,
          };
        });
      const wins = picks.filter((pick) => pick.result === 'win').length;
      return {
        periodId: period.period_id,
        periodName: period.name ?? `Period ${period.period_id}`,
        rank: null,
        totalPoints: picks.reduce((sum, pick) => sum + pick.points, 0),
        accuracy: percent(wins, picks.length),
        correctPicks: wins,
        totalPicks: picks.length,
        choices: picks,
      };
    });
    // The rank among every player's scores of the period; none without a pick.
    const ranked = cards.filter((card) => card.totalPicks > 0);
    if (ranked.length === 0) return cards;
    const { rows } = await this.db.query<{ period_id: number; rank: number }>(
      `SELECT v.period_id,
              (1 + (SELECT count(*) FROM period_scores a
                     WHERE a.period_id = v.period_id AND (a.points, a.wins) > (v.points, v.wins)))::integer AS rank
         FROM unnest($1::integer[], $2::integer[], $3::integer[]) AS v(period_id, points, wins)`,
      [
        ranked.map((card) => card.periodId),
        ranked.map((card) => card.totalPoints),
        ranked.map((card) => card.correctPicks),
      ],
    );
    for (const row of rows) ranked.find((card) => card.periodId === row.period_id)!.rank = row.rank;
    return cards;
  }
}
