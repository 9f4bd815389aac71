import type { PeriodScoreEntry, PoolRules, UserStats } from '@treble/contracts';
import type { Sql } from '../../platform/database/sql.js';
import { LeaderboardQueries } from './leaderboard.queries.js';

/** The dashboard's and history's numbers for one player. */
export class UserStatsQueries {
  private readonly leaderboards: LeaderboardQueries;

  constructor(
    private readonly db: Sql,
    rules: PoolRules,
  ) {
    this.leaderboards = new LeaderboardQueries(db, rules);
  }

  async forUser(userId: string): Promise<UserStats> {
    const overall = await this.leaderboards.entryOf('overall', userId);
    const last10 = await this.leaderboards.entryOf('last10', userId);
    const survivor = await this.leaderboards.entryOf('survivor', userId);
    // Scored periods only: a period picked ahead, with no result on the player's picks and not
    // completed, is no result at all (it would read as a 0-point loss).
    const { rows: scores } = await this.db.query<PeriodScoreEntry>(
      `SELECT period_id AS "periodId", points AS "totalPoints", is_completed AS "isCompleted", picks,
              scored_picks AS "scoredPicks"
         FROM (
         SELECT ps.period_id, ps.points, ps.picks, coalesce(sp.is_completed, false) AS is_completed,
                (SELECT count(*) FROM choices c JOIN results r ON r.option_id = c.option_id
                  WHERE c.user_id = ps.user_id AND c.period_id = ps.period_id AND c.status = 'active')::integer AS scored_picks
           FROM period_scores ps
           LEFT JOIN standings_periods sp ON sp.period_id = ps.period_id
          WHERE ps.user_id = $1
       ) scored
       WHERE is_completed OR scored_picks > 0
       ORDER BY period_id`,
      [userId],
    );
    return {
      overallRank: overall?.rank ?? null,
      last10Rank: last10?.rank ?? null,
      survivorRank: survivor?.rank ?? null,
      totalPoints: overall?.totalPoints ?? 0,
      isEliminated: survivor?.isEliminated ?? false,
      strikeCount: survivor?.strikeCount ?? 0,
      scores,
    };
  }
}
