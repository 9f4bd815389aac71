import type { ChoiceView, TeamUsage } from '@treble/contracts';
import type { Sql } from '../../platform/database/sql.js';
import { pickShownToOthersSql } from './pick-visibility.sql.js';

/** A `choices` row (aliased `c`) as `ChoiceView` has it, but for `madeAt`, a Date here. */
const columns = `c.choice_id AS id, c.user_id AS "userId", c.period_id AS "periodId", c.option_id AS "optionId",
  c.team_key AS "teamKey", c.team_name AS "teamName", c.status, c.retroactive, c.made_at AS "madeAt"`;

type ChoiceRow = Omit<ChoiceView, 'madeAt'> & { madeAt: Date };

const toChoice = (row: ChoiceRow): ChoiceView => ({ ...row, madeAt: row.madeAt.toISOString() });

/**
 * Reads of the `choices` table (kept by the standings projection). Only `shownInPeriod` applies the
 * pick-visibility rule (another player's pick shows once its option locks); the others read the
 * picks as they are, for their own player or an admin.
 */
export class ChoiceQueries {
  constructor(private readonly db: Sql) {}

  /** A player's picks of one period, oldest first. */
  async forUserInPeriod(userId: string, periodId: number): Promise<ChoiceView[]> {
    const { rows } = await this.db.query<ChoiceRow>(
      `SELECT ${columns} FROM choices c WHERE c.user_id = $1 AND c.period_id = $2 ORDER BY c.made_at, c.choice_id`,
      [userId, periodId],
    );
    return rows.map(toChoice);
  }

  /** Everyone's picks of one period (the Historical tab), by user then time. */
  async forPeriod(periodId: number): Promise<ChoiceView[]> {
    const { rows } = await this.db.query<ChoiceRow>(
      `SELECT ${columns} FROM choices c WHERE c.period_id = $1 ORDER BY c.user_id, c.made_at, c.choice_id`,
      [periodId],
    );
    return rows.map(toChoice);
  }

  /**
   * Everyone's picks of one period that show at `now`: those on options that have locked (the
   * viewer's own included; they read theirs through `forUserInPeriod`), by user then time.
   */
  async shownInPeriod(periodId: number, now: Date): Promise<ChoiceView[]> {
    const { rows } = await this.db.query<ChoiceRow>(
      `SELECT ${columns} FROM choices c
        WHERE c.period_id = $1
          AND EXISTS (SELECT 1 FROM options o
                       WHERE o.id = c.option_id AND o.period_id = c.period_id AND ${pickShownToOthersSql('o', '$2')})
        ORDER BY c.user_id, c.made_at, c.choice_id`,
      [periodId, now],
    );
    return rows.map(toChoice);
  }

  /** A player's uses per team key over the season. */
  async usage(userId: string): Promise<TeamUsage[]> {
    const { rows } = await this.db.query<TeamUsage>(
      `SELECT team_key AS "teamKey", min(team_name) AS "teamName", count(*)::integer AS uses
         FROM choices WHERE user_id = $1 AND status = 'active'
        GROUP BY team_key ORDER BY team_key`,
      [userId],
    );
    return rows;
  }
}
