import type { PoolRules, UserStats } from '@treble/contracts';
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
    const { rows } = await this.db.query<{ period_id: number; points: number }>(
      `SELECT period_id, points FROM period_scores WHERE user_id = $1 ORDER BY period_id`,
      [userId],
    );
    return {
      overallRank: overall?.rank ?? null,
      last10Rank: last10?.rank ?? null,
      survivorRank: survivor?.rank ?? null,
      totalPoints: overall?.totalPoints ?? 0,
      isEliminated: survivor?.isEliminated ?? false,
      strikeCount: survivor?.strikeCount ?? 0,
      scores: rows.map((row) => ({ periodId: row.period_id, totalPoints: row.points })),
    };
  }
}
