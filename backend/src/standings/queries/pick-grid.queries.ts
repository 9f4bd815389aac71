import type { Outcome, PeriodPickGrid, PickGridRow } from '@treble/contracts';
import type { Sql } from '../../platform/database/sql.js';
import { pickShownToOthersSql } from './pick-visibility.sql.js';
import { displayNameSql } from './read-sql.js';

interface GridPickRow {
  user_id: string;
  display_name: string;
  option_id: string;
  team_key: string;
  team_name: string;
  status: 'active' | 'voided';
  outcome: Outcome | null;
  points: number | null;
}

/**
 * Everyone's picks of a period, for the players' grid. Only picks on options whose lock time has
 * passed at `now` are read (docs/rules.md "Picks": a pick stays hidden until its deadline), so a period
 * that has not locked yet gives no rows at all. The viewer's row comes first, then by points and name.
 */
export class PickGridQueries {
  constructor(private readonly db: Sql) {}

  async forPeriod(periodId: number, viewerId: string, now: Date): Promise<PeriodPickGrid> {
    const { rows: counts } = await this.db.query<{ total: number; locked: number }>(
      `SELECT count(*)::integer AS total, count(*) FILTER (WHERE ${pickShownToOthersSql('o', '$2')})::integer AS locked
         FROM options o WHERE o.period_id = $1`,
      [periodId, now],
    );
    const { rows } = await this.db.query<GridPickRow>(
      `SELECT c.user_id, ${displayNameSql('u')} AS display_name, c.option_id, c.team_key, c.team_name, c.status,
              r.outcome, r.points
         FROM choices c
         JOIN options o ON o.id = c.option_id AND ${pickShownToOthersSql('o', '$2')}
         LEFT JOIN results r ON r.option_id = c.option_id
         LEFT JOIN users u ON u.id::text = c.user_id
        WHERE c.period_id = $1
        ORDER BY c.user_id, o.sort_order, o.name`,
      [periodId, now],
    );
    const byUser = new Map<string, PickGridRow>();
    for (const row of rows) {
      let player = byUser.get(row.user_id);
      if (player === undefined) {
        player = { userId: row.user_id, displayName: row.display_name, points: 0, picks: [] };
        byUser.set(row.user_id, player);
      }
      const voided = row.status === 'voided';
      const points = voided ? null : row.points;
      player.points += points ?? 0;
      player.picks.push({
        optionId: row.option_id,
        teamKey: row.team_key,
        teamName: row.team_name,
        outcome: voided ? null : row.outcome,
        points,
        voided,
      });
    }
    const ordered = [...byUser.values()].sort(
      (a, b) =>
        Number(b.userId === viewerId) - Number(a.userId === viewerId) ||
        b.points - a.points ||
        a.displayName.localeCompare(b.displayName) ||
        a.userId.localeCompare(b.userId),
    );
    return {
      periodId,
      totalOptions: counts[0]?.total ?? 0,
      lockedOptions: counts[0]?.locked ?? 0,
      rows: ordered,
    };
  }
}
