import type { PoolRules } from '@treble/contracts';
import type { Sql } from '../../platform/database/sql.js';
import type { Change } from './standings.events.js';
import { type Tables, uuidOrNull } from './standings.tables.js';

/**
 * Whose period scores events change: some players each in one period (picks: one event's player, or
 * a run of picks'), or every player who picked one of some options (a result).
 */
export type ScoreScope =
  | { kind: 'picks'; players: readonly { userId: string; periodId: number }[] }
  | { kind: 'options'; periodId: number; optionIds: readonly string[] };

/**
 * The score totals of the standings projection, in set-based SQL: each player's period scores, and
 * the Overall and Last 10 totals over them. Period scores are absolute values recomputed from the
 * projection's own copies (picks, results, periods) for the players an event touches; the totals move
 * by exactly the change of those rows in the same statement. So applying an event twice leaves the
 * same rows (the second time nothing changes), and nothing loops over players.
 */
export class ScoreTotals {
  constructor(
    private readonly sql: Sql,
    private readonly t: Tables,
    private readonly rules: PoolRules,
  ) {}

  /** Points of a result outcome, from the configured points (not the number stored with the result). */
  private points(outcome: string): string {
    const { win, draw, loss } = this.rules.points;
    return `CASE ${outcome} WHEN 'win' THEN ${win} WHEN 'draw' THEN ${draw} WHEN 'loss' THEN ${loss} ELSE 0 END`;
  }

  /**
   * `keys (user_id, period_id)`: the score rows the scope touches; params $1, $2 (picks: and $3, the
   * players' `user_uuid`, in `players (user_id, user_uuid)`).
   */
  private keys(scope: ScoreScope): { cte: string; params: unknown[] } {
    if (scope.kind === 'picks') {
      const userIds = [...new Set(scope.players.map((p) => p.userId))];
      return {
        cte: `keys AS (SELECT DISTINCT user_id, period_id FROM unnest($1::text[], $2::integer[]) AS k(user_id, period_id)),
              players AS (SELECT * FROM unnest($3::text[], $4::uuid[]) AS p(user_id, user_uuid))`,
        params: [
          scope.players.map((p) => p.userId),
          scope.players.map((p) => p.periodId),
          userIds,
          userIds.map(uuidOrNull),
        ],
      };
    }
    return {
      cte: `keys AS (SELECT DISTINCT user_id, period_id FROM ${this.t.choices}
                     WHERE period_id = $1 AND option_id = ANY($2::text[]))`,
      params: [scope.periodId, [...scope.optionIds]],
    };
  }

  /** Which of these players are Overall entrants. */
  async entrants(userIds: readonly string[]): Promise<Set<string>> {
    const { rows } = await this.sql.query<{ user_id: string }>(
      `SELECT user_id FROM ${this.t.overall} WHERE user_id = ANY($1::text[])`,
      [[...userIds]],
    );
    return new Set(rows.map((row) => row.user_id));
  }

  /**
   * Recomputes the period scores the scope touches from the picks and results (absolute values),
   * and moves the Overall and Last 10 totals by exactly the change of those rows, all in one
   * statement. A repeated event finds the rows already right: no change, nothing moves. Reading a
   * player's other periods to re-add them would cost up to 38 rows per player, for 50,000 players
   * on one result; the change costs one row each. A player whose last score row goes leaves.
   */
  async refreshScores(scope: ScoreScope): Promise<Pick<Change, 'scores' | 'overall' | 'last10'>> {
    const { cte, params } = this.keys(scope);
    const { choices, results, period_scores: scores, overall, last10, standings_periods: periods } = this.t;
    const totalsDelta = (from: string) =>
      `SELECT d.user_id, sum(d.d_points)::integer AS points, sum(d.d_wins)::integer AS wins,
              sum(d.d_periods)::integer AS periods
         FROM ${from} GROUP BY d.user_id`;
    // A pick may make a new entrant (an upsert); results only move existing rows.
    const moveTotals = (target: string, delta: string) =>
      scope.kind === 'picks'
        ? `INSERT INTO ${target} AS o (user_id, points, wins, periods, user_uuid)
           SELECT x.user_id, x.points, x.wins, x.periods, p.user_uuid FROM ${delta} x JOIN players p ON p.user_id = x.user_id
           ON CONFLICT (pool_id, user_id) DO UPDATE
              SET points = o.points + EXCLUDED.points, wins = o.wins + EXCLUDED.wins, periods = o.periods + EXCLUDED.periods
            WHERE (EXCLUDED.points, EXCLUDED.wins, EXCLUDED.periods) IS DISTINCT FROM (0, 0, 0)`
        : `UPDATE ${target} o SET points = o.points + d.points, wins = o.wins + d.wins, periods = o.periods + d.periods
             FROM ${delta} d
            WHERE o.user_id = d.user_id AND (d.points, d.wins, d.periods) IS DISTINCT FROM (0, 0, 0)`;
    // Rows a leaderboard shows differently: new ones, or points or wins moved (reads see the table
    // as it was before this statement).
    const shownChanges = (target: string, delta: string) =>
      scope.kind === 'picks'
        ? `(SELECT count(*) FROM ${delta} x LEFT JOIN ${target} o ON o.user_id = x.user_id
             WHERE o.user_id IS NULL OR x.points <> 0 OR x.wins <> 0)::integer`
        : `(SELECT count(*) FROM ${delta} x WHERE x.points <> 0 OR x.wins <> 0)::integer`;
    const { rows } = await this.sql.query<{ scores: number; overall: number; last10: number }>(
      `WITH ${cte},
       fresh AS (
         SELECT k.user_id, k.period_id,
                coalesce(sum(CASE WHEN c.status = 'active' THEN ${this.points('r.outcome')} ELSE 0 END), 0)::integer AS points,
                (count(*) FILTER (WHERE c.status = 'active' AND r.outcome = 'win'))::integer AS wins,
                count(c.choice_id)::integer AS picks,
                (count(*) FILTER (WHERE c.status = 'active' AND r.outcome = 'loss'))::integer AS losses
           FROM keys k
           LEFT JOIN ${choices} c ON c.user_id = k.user_id AND c.period_id = k.period_id
           LEFT JOIN ${results} r ON r.option_id = c.option_id
          GROUP BY k.user_id, k.period_id
       ),
       diff AS (
         SELECT f.user_id, f.period_id, f.points, f.wins, f.picks, f.losses,
                f.points - coalesce(ps.points, 0) AS d_points,
                f.wins - coalesce(ps.wins, 0) AS d_wins,
                (f.picks > 0)::integer - (ps.user_id IS NOT NULL)::integer AS d_periods
           FROM fresh f
           LEFT JOIN ${scores} ps ON ps.user_id = f.user_id AND ps.period_id = f.period_id
          WHERE CASE WHEN ps.user_id IS NULL THEN f.picks > 0
                     ELSE (ps.points, ps.wins, ps.picks, ps.losses) IS DISTINCT FROM (f.points, f.wins, f.picks, f.losses) END
       ),
       written AS (
         INSERT INTO ${scores} AS ps (user_id, period_id, points, wins, picks, losses)
         SELECT user_id, period_id, points, wins, picks, losses FROM diff WHERE picks > 0
         ON CONFLICT (pool_id, user_id, period_id) DO UPDATE
            SET points = EXCLUDED.points, wins = EXCLUDED.wins, picks = EXCLUDED.picks, losses = EXCLUDED.losses
         RETURNING 1
       ),
       removed AS (
         DELETE FROM ${scores} ps USING diff d
          WHERE d.picks = 0 AND ps.user_id = d.user_id AND ps.period_id = d.period_id
         RETURNING 1
       ),
       overall_delta AS (${totalsDelta('diff d')}),
       last10_delta AS (${totalsDelta(`diff d JOIN ${periods} sp ON sp.period_id = d.period_id AND sp.segment = 'last10'`)}),
       overall_moved AS (${moveTotals(overall, 'overall_delta')}),
       last10_moved AS (${moveTotals(last10, 'last10_delta')})
       SELECT ((SELECT count(*) FROM written) + (SELECT count(*) FROM removed))::integer AS scores,
              ${shownChanges(overall, 'overall_delta')} AS overall,
              ${shownChanges(last10, 'last10_delta')} AS last10`,
      params,
    );
    const change = {
      scores: (rows[0]?.scores ?? 0) > 0,
      overall: (rows[0]?.overall ?? 0) > 0,
      last10: (rows[0]?.last10 ?? 0) > 0,
    };
    if (scope.kind === 'picks') {
      // Only a pick event can take a player's last pick away (results never change who has picks).
      for (const target of [overall, last10] as const) {
        const gone = await this.sql.query(
          `DELETE FROM ${target} WHERE user_id = ANY($1::text[]) AND periods = 0`,
          [[...new Set(scope.players.map((p) => p.userId))]],
        );
        if (gone.rowCount > 0) change[target === overall ? 'overall' : 'last10'] = true;
      }
    }
    return change;
  }

  /**
   * A period's segment changed: the Last 10 totals of its players, recomputed from their period
   * scores in the periods whose segment is now last10 (absolute values; a rare admin event).
   */
  async recountLast10(periodId: number): Promise<boolean> {
    const { period_scores: scores, standings_periods: periods, last10 } = this.t;
    const from = `${scores} ps JOIN ${periods} sp ON sp.period_id = ps.period_id AND sp.segment = 'last10'`;
    const affected = `SELECT user_id FROM ${scores} WHERE period_id = $1`;
    const upsert = await this.sql.query(
      `INSERT INTO ${last10} AS o (user_id, points, wins, periods, user_uuid)
       SELECT ps.user_id, sum(ps.points), sum(ps.wins), count(*), e.user_uuid
         FROM ${from} JOIN ${this.t.overall} e ON e.user_id = ps.user_id
        WHERE ps.user_id IN (${affected}) GROUP BY ps.user_id, e.user_uuid
       ON CONFLICT (pool_id, user_id) DO UPDATE SET points = EXCLUDED.points, wins = EXCLUDED.wins, periods = EXCLUDED.periods
        WHERE (o.points, o.wins, o.periods) IS DISTINCT FROM (EXCLUDED.points, EXCLUDED.wins, EXCLUDED.periods)`,
      [periodId],
    );
    const removed = await this.sql.query(
      `DELETE FROM ${last10} o WHERE o.user_id IN (${affected})
          AND NOT EXISTS (SELECT 1 FROM ${from} WHERE ps.user_id = o.user_id)`,
      [periodId],
    );
    return upsert.rowCount + removed.rowCount > 0;
  }
}
