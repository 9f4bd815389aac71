import type { LeaderboardKind } from '@treble/contracts';
import type { Sql, TransactionalSql } from '../../platform/database/sql.js';
import type { LiveBase, LiveEntrant } from '../domain/live-table.js';
import { byNameSql, type UserColumns, userColumnsSql, type UsersJoin } from './read-sql.js';

interface EntrantRow extends UserColumns {
  user_id: string;
  points: number;
  wins: number;
  official_rank: number;
  name_order: number;
  strike_count?: number;
  eliminated_in_period?: number | null;
  period_points?: number;
  period_wins?: number;
  period_losses?: number;
}

/** The columns each official board ranks by, all descending (as LeaderboardQueries ranks). */
const officialOrder: Record<LeaderboardKind, string> = {
  overall: 's.points DESC, s.wins DESC',
  last10: 's.points DESC, s.wins DESC',
  survivor: 's.standing DESC, s.points DESC, s.wins DESC',
};

/**
 * What the live table starts from (`LiveBase`, standings/domain/live-table.ts), read once per
 * state of the official tables: the rows of the board as the viewer may see them (`source`), with
 * their official rank and their place in name order, and who picked which option in play. Two
 * statements in one snapshot, with room for their sorts in memory.
 */
export class LiveTableSql {
  constructor(private readonly db: TransactionalSql) {}

  async base(
    kind: LeaderboardKind,
    source: string,
    join: UsersJoin,
    periodId: number,
    /** The options in play that count on this board. */
    options: readonly { optionId: string; periodId: number }[],
  ): Promise<LiveBase> {
    return this.db.transaction(async (sql: Sql) => {
      await sql.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      await sql.query(`SET LOCAL work_mem = '64MB'`);
      const survivor = kind === 'survivor';
      const { rows } = await sql.query<EntrantRow>(
        `SELECT x.*, (row_number() OVER (ORDER BY ${byNameSql('x.display_name', 'x.user_id')}))::integer AS name_order
           FROM (SELECT s.user_id, s.points, s.wins,
                        rank() OVER (ORDER BY ${officialOrder[kind]})::integer AS official_rank,
                        ${survivor ? 's.strike_count, s.eliminated_in_period, coalesce(ps.points, 0) AS period_points, coalesce(ps.wins, 0) AS period_wins, coalesce(ps.losses, 0) AS period_losses,' : ''}
                        ${userColumnsSql()}
                   FROM ${source} s ${join('s')}
                   ${survivor ? 'LEFT JOIN period_scores ps ON ps.user_id = s.user_id AND ps.period_id = $1' : ''}) x`,
        survivor ? [periodId] : [],
      );
      const entrants = rows.map((row): LiveEntrant => ({
        userId: row.user_id,
        firstName: row.first_name,
        lastName: row.last_name,
        displayName: row.display_name,
        profileImageUrl: row.profile_image_url,
        nameOrder: row.name_order,
        officialRank: row.official_rank,
        points: row.points,
        wins: row.wins,
        ...(survivor
          ? {
              strikeCount: row.strike_count ?? 0,
              eliminatedInPeriod: row.eliminated_in_period ?? null,
              periodPoints: row.period_points ?? 0,
              periodWins: row.period_wins ?? 0,
              periodLosses: row.period_losses ?? 0,
            }
          : {}),
      }));
      const index = new Map(entrants.map((entrant, i) => [entrant.userId, i]));
      const picks = new Map<string, number[]>(options.map(({ optionId }) => [optionId, []]));
      if (options.length > 0) {
        const { rows: chosen } = await sql.query<{ user_id: string; option_id: string }>(
          `SELECT c.user_id, c.option_id FROM choices c
            WHERE c.period_id = ANY($1::integer[]) AND c.option_id = ANY($2::text[]) AND c.status = 'active'`,
          [[...new Set(options.map((option) => option.periodId))], options.map((option) => option.optionId)],
        );
        for (const { user_id, option_id } of chosen) {
          const at = index.get(user_id);
          if (at !== undefined) picks.get(option_id)?.push(at);
        }
      }
      return { kind, periodId, entrants, picks };
    });
  }
}
