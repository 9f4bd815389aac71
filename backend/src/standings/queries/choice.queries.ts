import type { ChoiceView, TeamUsage } from '@treble/contracts';
import type { Sql } from '../../platform/database/sql.js';
import { pickShownToOthersSql } from './pick-visibility.sql.js';

export interface OptionPickCount {
  optionId: string;
  /** Active picks on the option (voided ones left out). */
  picks: number;
}

interface ChoiceRow {
  choice_id: string;
  user_id: string;
  period_id: number;
  option_id: string;
  team_key: string;
  team_name: string;
  status: 'active' | 'voided';
  retroactive: boolean;
  made_at: Date;
}

const toChoice = (row: ChoiceRow): ChoiceView => ({
  id: row.choice_id,
  userId: row.user_id,
  periodId: row.period_id,
  optionId: row.option_id,
  teamKey: row.team_key,
  teamName: row.team_name,
  status: row.status,
  retroactive: row.retroactive,
  madeAt: row.made_at.toISOString(),
});

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
      `SELECT * FROM choices WHERE user_id = $1 AND period_id = $2 ORDER BY made_at, choice_id`,
      [userId, periodId],
    );
    return rows.map(toChoice);
  }

  /** Everyone's picks of one period (the Historical tab), by user then time. */
  async forPeriod(periodId: number): Promise<ChoiceView[]> {
    const { rows } = await this.db.query<ChoiceRow>(
      `SELECT * FROM choices WHERE period_id = $1 ORDER BY user_id, made_at, choice_id`,
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
      `SELECT c.* FROM choices c
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
    const { rows } = await this.db.query<{ team_key: string; team_name: string; uses: number }>(
      `SELECT team_key, min(team_name) AS team_name, count(*)::integer AS uses
         FROM choices WHERE user_id = $1 AND status = 'active'
        GROUP BY team_key ORDER BY team_key`,
      [userId],
    );
    return rows.map((row) => ({ teamKey: row.team_key, teamName: row.team_name, uses: row.uses }));
  }

  /** Picks per option of a period (options nobody picked are absent). */
  async pickCounts(periodId: number): Promise<OptionPickCount[]> {
    const { rows } = await this.db.query<{ option_id: string; picks: number }>(
      `SELECT option_id, count(*)::integer AS picks
         FROM choices WHERE period_id = $1 AND status = 'active'
        GROUP BY option_id ORDER BY option_id`,
      [periodId],
    );
    return rows.map((row) => ({ optionId: row.option_id, picks: row.picks }));
  }
}
