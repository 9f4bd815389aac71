import type { Outcome, PoolRules } from '@treble/contracts';
import type { Sql } from '../../platform/database/sql.js';

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly (string | number | null)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

export const exportColumns = [
  'Period',
  'Period Name',
  'Segment',
  'Option ID',
  'Option',
  'Team',
  'Status',
  'Outcome',
  'Points',
  'Period Points',
] as const;

export interface PickRow {
  period_id: number;
  period_name: string | null;
  segment: string | null;
  option_id: string;
  team_name: string;
  team_key: string;
  status: string;
  made_at: Date;
  outcome: Outcome | null;
  period_points: number;
}

/** A player's own data as a file: picks, their results and scores. */
export class ExportQueries {
  constructor(
    private readonly db: Sql,
    private readonly rules: PoolRules,
  ) {}

  /**
   * The player's picks by period: option, team, outcome (null while there is no result; a voided
   * pick has none), and the player's points in that period.
   */
  async picks(userId: string): Promise<PickRow[]> {
    const { rows } = await this.db.query<PickRow>(
      `SELECT c.period_id, sp.name AS period_name, sp.segment, c.option_id, c.team_name, c.team_key, c.status,
              c.made_at, CASE WHEN c.status = 'active' THEN r.outcome END AS outcome,
              coalesce(ps.points, 0) AS period_points
         FROM choices c
         LEFT JOIN results r ON r.option_id = c.option_id
         LEFT JOIN standings_periods sp ON sp.period_id = c.period_id
         LEFT JOIN period_scores ps ON ps.user_id = c.user_id AND ps.period_id = c.period_id
        WHERE c.user_id = $1
        ORDER BY c.period_id, c.made_at, c.choice_id`,
      [userId],
    );
    return rows;
  }

  /** A pick's points: its outcome's, 0 while it has none. */
  points(row: PickRow): number {
    return row.outcome === null ? 0 : this.rules.points[row.outcome];
  }

  /** CSV text (RFC 4180: CRLF line ends, a header row): one row per pick, as `picks` reads them. */
  async picksCsv(userId: string): Promise<string> {
    const rows = await this.picks(userId);
    return (
      csvLine(exportColumns) +
      rows
        .map((row) =>
          csvLine([
            row.period_id,
            row.period_name,
            row.segment,
            row.option_id,
            row.team_name,
            row.team_key,
            row.status,
            row.outcome,
            this.points(row),
            row.period_points,
          ]),
        )
        .join('')
    );
  }
}
