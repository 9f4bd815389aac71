import type { Outcome, Result, ResultView } from '@treble/contracts';
import type { Sql } from '../../platform/database/sql.js';

/** A result held while its period was completed: listed for admins, applied when it is reopened. */
export interface PendingResultView extends Result {
  fixtureId: string | null;
  homeScore: number | null;
  awayScore: number | null;
  heldAt: string;
}

interface ResultRow {
  option_id: string;
  period_id: number;
  outcome: Outcome;
  points: number;
  source: 'admin' | 'provider';
  fixture_id: string | null;
  home_score: number | null;
  away_score: number | null;
  recorded_at?: Date;
  held_at?: Date;
}

const base = (row: ResultRow) => ({
  optionId: row.option_id,
  periodId: row.period_id,
  outcome: row.outcome,
  points: row.points,
  source: row.source,
  fixtureId: row.fixture_id,
  homeScore: row.home_score,
  awayScore: row.away_score,
});

/** Reads of the `results` and `pending_results` tables (kept by the standings projection). */
export class ResultQueries {
  constructor(private readonly db: Sql) {}

  /** Every applied result, by period then option. */
  async all(): Promise<ResultView[]> {
    const { rows } = await this.db.query<ResultRow>(`SELECT * FROM results ORDER BY period_id, option_id`);
    return rows.map((row) => ({ ...base(row), recordedAt: row.recorded_at!.toISOString() }));
  }

  async forPeriod(periodId: number): Promise<ResultView[]> {
    const { rows } = await this.db.query<ResultRow>(
      `SELECT * FROM results WHERE period_id = $1 ORDER BY option_id`,
      [periodId],
    );
    return rows.map((row) => ({ ...base(row), recordedAt: row.recorded_at!.toISOString() }));
  }

  /** Held results, of one period or all. */
  async pending(periodId?: number): Promise<PendingResultView[]> {
    const { rows } = await this.db.query<ResultRow>(
      `SELECT * FROM pending_results WHERE ($1::integer IS NULL OR period_id = $1::integer) ORDER BY period_id, option_id`,
      [periodId ?? null],
    );
    return rows.map((row) => ({ ...base(row), heldAt: row.held_at!.toISOString() }));
  }
}
