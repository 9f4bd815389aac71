import type { PoolRules } from '@treble/contracts';
import type { Sql } from '../../platform/database/sql.js';
import { type Tables, uuidOrNull } from './standings.tables.js';

/** A player's period: the key of a period score. */
export interface ScoreKey {
  userId: string;
  periodId: number;
}

/** What a refresh moved: completed period scores, the boards as shown, and who joined or left Overall. */
export interface ScoreMoves {
  completed: boolean;
  overall: boolean;
  last10: boolean;
  joined: string[];
  left: string[];
}

/** The change of one option's result: new minus old points, wins and losses of each active pick. */
export interface ResultDelta {
  optionId: string;
  points: number;
  wins: number;
  losses: number;
}

/** The points, wins and losses an outcome (`win`, `draw`, `loss`, or none) gives a pick under the rules. */
export function outcomeScore(rules: PoolRules, outcome: string | null): Omit<ResultDelta, 'optionId'> {
  const points = outcome === null ? 0 : rules.points[outcome as 'win' | 'draw' | 'loss'];
  return { points, wins: outcome === 'win' ? 1 : 0, losses: outcome === 'loss' ? 1 : 0 };
}

/**
 * Period scores read from the picks and the per-option results, one row per (player, period) among
 * the `choices` rows (alias `c`) that `where` admits: a voided pick counts as a pick and scores 0.
 */
export function pickedScores(
  rules: PoolRules,
  names: { choices: string; results: string },
  where: string,
): string {
  const { win, draw, loss } = rules.points;
  return `SELECT c.user_id, c.period_id,
                 coalesce(sum(CASE WHEN c.status = 'active' THEN CASE r.outcome WHEN 'win' THEN ${win} WHEN 'draw' THEN ${draw} WHEN 'loss' THEN ${loss} ELSE 0 END ELSE 0 END), 0)::integer AS points,
                 (count(*) FILTER (WHERE c.status = 'active' AND r.outcome = 'win'))::integer AS wins,
                 count(*)::integer AS picks,
                 (count(*) FILTER (WHERE c.status = 'active' AND r.outcome = 'loss'))::integer AS losses
            FROM ${names.choices} c LEFT JOIN ${names.results} r ON r.option_id = c.option_id
           WHERE ${where}
           GROUP BY c.user_id, c.period_id`;
}

/**
 * What readers query as `period_scores`: the stored rows of completed periods, and the scores of the
 * open ones read from their picks and results (logical names: the pool's live rows, or a past
 * season's in `readSeason`).
 */
export function periodScoresView(rules: PoolRules): string {
  // Every period with picks has its row (scheduled first). A semi-join, not a NOT EXISTS: asked for
  // one completed period, the planner finds no open row and never reads the period's picks.
  const open = `c.period_id IN (SELECT sp.period_id FROM standings_periods sp WHERE NOT sp.is_completed)`;
  return `SELECT user_id, period_id, points, wins, picks, losses FROM completed_scores
          UNION ALL ${pickedScores(rules, { choices: 'choices', results: 'results' }, open)}`;
}

/**
 * The score totals of the standings projection, in set-based SQL. An open period's scores are not
 * stored: they are read from the picks and the per-option results, so a result moves only the
 * totals of its pickers, by the change of its points (`applyResults`: one `totals` row per picker,
 * which holds Overall's and Last 10's). Completed periods' scores are stored (`freeze`), since the
 * survivor fold and the period ranks read them. Picks recompute their players' totals absolutely
 * (`refresh`), so applying an event twice leaves the same rows.
 */
export class ScoreTotals {
  constructor(
    private readonly sql: Sql,
    private readonly t: Tables,
    private readonly rules: PoolRules,
  ) {}

  private picked(where: string): string {
    return pickedScores(this.rules, { choices: this.t.choices, results: this.t.results }, where);
  }

  /**
   * After picks changed in these (player, period) keys: their completed period scores written again
   * from the picks (absolute values), and each of their players' Overall and Last 10 totals
   * recomputed over every period, all in one statement. A player with no pick left leaves.
   */
  async refresh(keys: readonly ScoreKey[]): Promise<ScoreMoves> {
    const userIds = [...new Set(keys.map((key) => key.userId))];
    const { completed_scores: stored, totals, standings_periods: periods } = this.t;
    const completed = (period: string) =>
      `EXISTS (SELECT 1 FROM ${periods} sp WHERE sp.period_id = ${period} AND sp.is_completed)`;
    // Rows a board shows differently: new, gone, or points or wins moved (reads see the table as it
    // was before this statement).
    const shown = (prefix: '' | 'last10_') =>
      `(SELECT count(*) FROM fresh_totals x LEFT JOIN ${totals} o ON o.user_id = x.user_id
         WHERE CASE WHEN coalesce(o.${prefix}periods, 0) = 0 THEN x.${prefix}periods > 0
                    WHEN x.${prefix}periods = 0 THEN true
                    ELSE (o.${prefix}points, o.${prefix}wins) <> (x.${prefix}points, x.${prefix}wins) END)::integer`;
    const { rows } = await this.sql.query<{
      completed: number;
      overall: number;
      last10: number;
      joined: string[] | null;
      left: string[] | null;
    }>(
      `WITH keys AS (SELECT DISTINCT user_id, period_id FROM unnest($1::text[], $2::integer[]) AS k(user_id, period_id)),
       players AS (SELECT * FROM unnest($3::text[], $4::uuid[]) AS p(user_id, user_uuid)),
       picked AS (${this.picked(
         `c.user_id IN (SELECT user_id FROM players)
          AND (NOT ${completed('c.period_id')}
               OR EXISTS (SELECT 1 FROM keys k WHERE k.user_id = c.user_id AND k.period_id = c.period_id))`,
       )}),
       fresh AS (
         SELECT k.user_id, k.period_id, coalesce(p.points, 0) AS points, coalesce(p.wins, 0) AS wins,
                coalesce(p.picks, 0) AS picks, coalesce(p.losses, 0) AS losses
           FROM keys k LEFT JOIN picked p ON p.user_id = k.user_id AND p.period_id = k.period_id
          WHERE ${completed('k.period_id')}
       ),
       written AS (
         INSERT INTO ${stored} AS ps (user_id, period_id, points, wins, picks, losses)
         SELECT user_id, period_id, points, wins, picks, losses FROM fresh WHERE picks > 0
         ON CONFLICT (pool_id, user_id, period_id) DO UPDATE
            SET points = EXCLUDED.points, wins = EXCLUDED.wins, picks = EXCLUDED.picks, losses = EXCLUDED.losses
          WHERE (ps.points, ps.wins, ps.picks, ps.losses) IS DISTINCT FROM (EXCLUDED.points, EXCLUDED.wins, EXCLUDED.picks, EXCLUDED.losses)
         RETURNING 1
       ),
       removed AS (
         DELETE FROM ${stored} ps USING fresh f
          WHERE f.picks = 0 AND ps.user_id = f.user_id AND ps.period_id = f.period_id
         RETURNING 1
       ),
       scores AS (
         SELECT ps.user_id, ps.period_id, ps.points, ps.wins FROM ${stored} ps
          WHERE ps.user_id IN (SELECT user_id FROM players)
            AND NOT EXISTS (SELECT 1 FROM keys k WHERE k.user_id = ps.user_id AND k.period_id = ps.period_id)
         UNION ALL SELECT user_id, period_id, points, wins FROM picked
       ),
       fresh_totals AS (
         SELECT p.user_id, p.user_uuid,
                coalesce(sum(s.points), 0)::integer AS points, coalesce(sum(s.wins), 0)::integer AS wins,
                count(s.period_id)::integer AS periods,
                coalesce(sum(s.points) FILTER (WHERE sp.segment = 'last10'), 0)::integer AS last10_points,
                coalesce(sum(s.wins) FILTER (WHERE sp.segment = 'last10'), 0)::integer AS last10_wins,
                (count(*) FILTER (WHERE sp.segment = 'last10'))::integer AS last10_periods
           FROM players p
           LEFT JOIN scores s ON s.user_id = p.user_id
           LEFT JOIN ${periods} sp ON sp.period_id = s.period_id
          GROUP BY p.user_id, p.user_uuid
       ),
       upserted AS (
         INSERT INTO ${totals} AS o (user_id, points, wins, periods, last10_points, last10_wins, last10_periods, user_uuid)
         SELECT user_id, points, wins, periods, last10_points, last10_wins, last10_periods, user_uuid
           FROM fresh_totals WHERE periods > 0
         ON CONFLICT (pool_id, user_id) DO UPDATE
            SET points = EXCLUDED.points, wins = EXCLUDED.wins, periods = EXCLUDED.periods,
                last10_points = EXCLUDED.last10_points, last10_wins = EXCLUDED.last10_wins,
                last10_periods = EXCLUDED.last10_periods
          WHERE (o.points, o.wins, o.periods, o.last10_points, o.last10_wins, o.last10_periods)
                IS DISTINCT FROM (EXCLUDED.points, EXCLUDED.wins, EXCLUDED.periods,
                                  EXCLUDED.last10_points, EXCLUDED.last10_wins, EXCLUDED.last10_periods)
         RETURNING 1
       ),
       gone AS (DELETE FROM ${totals} o USING fresh_totals x WHERE x.periods = 0 AND o.user_id = x.user_id RETURNING 1)
       SELECT ((SELECT count(*) FROM written) + (SELECT count(*) FROM removed))::integer AS completed,
              ${shown('')} AS overall, ${shown('last10_')} AS last10,
              (SELECT array_agg(x.user_id) FROM fresh_totals x WHERE x.periods > 0
                  AND NOT EXISTS (SELECT 1 FROM ${totals} o WHERE o.user_id = x.user_id)) AS joined,
              (SELECT array_agg(x.user_id) FROM fresh_totals x WHERE x.periods = 0
                  AND EXISTS (SELECT 1 FROM ${totals} o WHERE o.user_id = x.user_id)) AS "left"`,
      [keys.map((key) => key.userId), keys.map((key) => key.periodId), userIds, userIds.map(uuidOrNull)],
    );
    const row = rows[0]!;
    return {
      completed: row.completed > 0,
      overall: row.overall > 0,
      last10: row.last10 > 0,
      joined: row.joined ?? [],
      left: row.left ?? [],
    };
  }

  /** Every player with picks in a period, refreshed (a rare admin event: the period's segment changed). */
  async refreshPeriod(periodId: number): Promise<ScoreMoves> {
    const { rows } = await this.sql.query<{ user_id: string }>(
      `SELECT DISTINCT user_id FROM ${this.t.choices} WHERE period_id = $1`,
      [periodId],
    );
    return this.refresh(rows.map((row) => ({ userId: row.user_id, periodId })));
  }

  /**
   * Results of some options of an open period changed: each active pick of them moves its player's
   * Overall total (and Last 10's, in a Last 10 period, in the same row) by the change, in one
   * statement that writes one row per picker a board shows differently. Nothing else is stored per
   * picker: the period's scores are read from the results. A repeated event has no change, and
   * moves nothing.
   */
  async applyResults(
    periodId: number,
    deltas: readonly ResultDelta[],
  ): Promise<{ scores: boolean; overall: boolean; last10: boolean }> {
    const { choices, totals, standings_periods: periods } = this.t;
    const moved = deltas.filter((d) => d.points !== 0 || d.wins !== 0 || d.losses !== 0);
    if (moved.length === 0) return { scores: false, overall: false, last10: false };
    const { rows } = await this.sql.query<{ scores: number; overall: number; last10: number }>(
      `WITH d AS (SELECT * FROM unnest($2::text[], $3::integer[], $4::integer[], $5::integer[]) AS d(option_id, points, wins, losses)),
       moves AS (
         SELECT c.user_id, sum(d.points)::integer AS points, sum(d.wins)::integer AS wins, sum(d.losses)::integer AS losses
           FROM ${choices} c JOIN d ON d.option_id = c.option_id
          WHERE c.period_id = $1 AND c.status = 'active'
          GROUP BY c.user_id
       ),
       ten AS (SELECT EXISTS (SELECT 1 FROM ${periods} WHERE period_id = $1 AND segment = 'last10') AS counts),
       moved AS (
         UPDATE ${totals} o
            SET points = o.points + m.points, wins = o.wins + m.wins,
                last10_points = o.last10_points + CASE WHEN ten.counts THEN m.points ELSE 0 END,
                last10_wins = o.last10_wins + CASE WHEN ten.counts THEN m.wins ELSE 0 END
           FROM moves m, ten
          WHERE o.user_id = m.user_id AND (m.points, m.wins) <> (0, 0)
         RETURNING ten.counts
       )
       SELECT (SELECT count(*) FROM moves WHERE (points, wins, losses) <> (0, 0, 0))::integer AS scores,
              (SELECT count(*) FROM moved)::integer AS overall,
              (SELECT count(*) FROM moved WHERE counts)::integer AS last10`,
      [
        periodId,
        moved.map((d) => d.optionId),
        moved.map((d) => d.points),
        moved.map((d) => d.wins),
        moved.map((d) => d.losses),
      ],
    );
    const row = rows[0]!;
    return { scores: row.scores > 0, overall: row.overall > 0, last10: row.last10 > 0 };
  }

  /** A period completed: its scores stored from its picks and results, as they stand (the totals already hold them). */
  async freeze(periodId: number): Promise<void> {
    const stored = this.t.completed_scores;
    await this.sql.query(`DELETE FROM ${stored} WHERE period_id = $1`, [periodId]);
    await this.sql.query(
      `INSERT INTO ${stored} (user_id, period_id, points, wins, picks, losses)
       ${this.picked('c.period_id = $1')}`,
      [periodId],
    );
  }

  /** A period reopened: its scores are read from its picks and results again. */
  async thaw(periodId: number): Promise<void> {
    await this.sql.query(`DELETE FROM ${this.t.completed_scores} WHERE period_id = $1`, [periodId]);
  }
}
