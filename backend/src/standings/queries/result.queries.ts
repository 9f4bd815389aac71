import type { ResultView } from '@treble/contracts';
import type { Sql } from '../../platform/database/sql.js';

/** A `results` row as `ResultView` has it, but for `recordedAt`, a Date here. */
const columns = `option_id AS "optionId", period_id AS "periodId", outcome, points, source, fixture_id AS "fixtureId",
  home_score AS "homeScore", away_score AS "awayScore", recorded_at AS "recordedAt"`;

type ResultRow = Omit<ResultView, 'recordedAt'> & { recordedAt: Date };

const toView = (row: ResultRow): ResultView => ({ ...row, recordedAt: row.recordedAt.toISOString() });

/** Reads of the `results` table (kept by the standings projection). */
export class ResultQueries {
  constructor(private readonly db: Sql) {}

  /** Every applied result, by period then option. */
  async all(): Promise<ResultView[]> {
    const { rows } = await this.db.query<ResultRow>(
      `SELECT ${columns} FROM results ORDER BY period_id, option_id`,
    );
    return rows.map(toView);
  }

  async forPeriod(periodId: number): Promise<ResultView[]> {
    const { rows } = await this.db.query<ResultRow>(
      `SELECT ${columns} FROM results WHERE period_id = $1 ORDER BY option_id`,
      [periodId],
    );
    return rows.map(toView);
  }
}
