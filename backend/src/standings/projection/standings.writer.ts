import type { PoolRules, Segment } from '@treble/contracts';
import type { Sql } from '../../platform/database/sql.js';
import type { PeriodScore } from '../domain/period-scores.js';
import { isStrike } from '../domain/survivor.js';
import type { StandingsTable } from './standings.tables.js';

export type Tables = Record<StandingsTable, string>;

/**
 * Whose period scores an event changes: one player in one period (a pick), or every player who
 * picked one of some options (a result).
 */
export type ScoreScope =
  | { kind: 'pick'; userId: string; periodId: number }
  | { kind: 'options'; periodId: number; optionIds: readonly string[] };

export interface ScoreChange {
  scores: boolean;
  overall: boolean;
  last10: boolean;
}

export interface PeriodFacts {
  segment: Segment;
  isCompleted: boolean;
}

interface CompletedPeriod {
  periodId: number;
  active: number | null;
  eliminating: number | null;
}

const canonicalUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user id as a uuid when it is one (the accounts' ids are), for the join to `users`. */
const uuidOrNull = (userId: string): string | null => (canonicalUuid.test(userId) ? userId : null);

/** Name of the scratch table a full survivor re-fold works in (session-private, dropped at commit). */
const FOLD_TABLE = 'standings_survivor_fold';

/**
 * The set-based SQL of the standings projection. Period scores are absolute values recomputed from
 * the projection's own copies (picks, results, periods) for the players an event touches; the
 * totals move by exactly the change of those rows in the same statement, and the survivor fold is
 * recomputed from the scores. So applying an event twice leaves the same rows (the second time
 * nothing changes), and nothing loops over players.
 */
export class StandingsWriter {
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

  /** `keys (user_id, period_id)`: the score rows the scope touches; params $1, $2. */
  private keys(scope: ScoreScope): { cte: string; params: unknown[] } {
    if (scope.kind === 'pick') {
      return {
        cte: `keys AS (SELECT $1::text AS user_id, $2::integer AS period_id)`,
        params: [scope.userId, scope.periodId],
      };
    }
    return {
      cte: `keys AS (SELECT DISTINCT user_id, period_id FROM ${this.t.choices}
                     WHERE period_id = $1 AND option_id = ANY($2::text[]))`,
      params: [scope.periodId, [...scope.optionIds]],
    };
  }

  async periodFacts(periodId: number): Promise<PeriodFacts> {
    const { rows } = await this.sql.query<{ segment: Segment; is_completed: boolean }>(
      `SELECT segment, is_completed FROM ${this.t.standings_periods} WHERE period_id = $1`,
      [periodId],
    );
    return { segment: rows[0]?.segment ?? 'main', isCompleted: rows[0]?.is_completed ?? false };
  }

  async isEntrant(userId: string): Promise<boolean> {
    const { rows } = await this.sql.query(`SELECT 1 FROM ${this.t.overall} WHERE user_id = $1`, [userId]);
    return rows.length > 0;
  }

  /**
   * Recomputes the period scores the scope touches from the picks and results (absolute values),
   * and moves the Overall and Last 10 totals by exactly the change of those rows, all in one
   * statement. A repeated event finds the rows already right: no change, nothing moves. Reading a
   * player's other periods to re-add them would cost up to 38 rows per player, for 50,000 players
   * on one result; the change costs one row each. A player whose last score row goes leaves.
   */
  async refreshScores(scope: ScoreScope): Promise<ScoreChange> {
    const { cte, params } = this.keys(scope);
    const { choices, results, period_scores: scores, overall, last10, standings_periods: periods } = this.t;
    const totalsDelta = (from: string) =>
      `SELECT d.user_id, sum(d.d_points)::integer AS points, sum(d.d_wins)::integer AS wins,
              sum(d.d_periods)::integer AS periods
         FROM ${from} GROUP BY d.user_id`;
    // A pick may make a new entrant (one player: an upsert); results only move existing rows.
    const moveTotals = (target: string, delta: string) =>
      scope.kind === 'pick'
        ? `INSERT INTO ${target} AS o (user_id, points, wins, periods, user_uuid)
           SELECT user_id, points, wins, periods, $3::uuid FROM ${delta}
           ON CONFLICT (user_id) DO UPDATE
              SET points = o.points + EXCLUDED.points, wins = o.wins + EXCLUDED.wins, periods = o.periods + EXCLUDED.periods
            WHERE (EXCLUDED.points, EXCLUDED.wins, EXCLUDED.periods) IS DISTINCT FROM (0, 0, 0)`
        : `UPDATE ${target} o SET points = o.points + d.points, wins = o.wins + d.wins, periods = o.periods + d.periods
             FROM ${delta} d
            WHERE o.user_id = d.user_id AND (d.points, d.wins, d.periods) IS DISTINCT FROM (0, 0, 0)`;
    // Rows a leaderboard shows differently: new ones, or points or wins moved (reads see the table
    // as it was before this statement).
    const shownChanges = (target: string, delta: string) =>
      scope.kind === 'pick'
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
         ON CONFLICT (user_id, period_id) DO UPDATE
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
      scope.kind === 'pick' ? [...params, uuidOrNull(scope.userId)] : params,
    );
    const change = {
      scores: (rows[0]?.scores ?? 0) > 0,
      overall: (rows[0]?.overall ?? 0) > 0,
      last10: (rows[0]?.last10 ?? 0) > 0,
    };
    if (scope.kind === 'pick') {
      // Only a pick event can take a player's last pick away (results never change who has picks).
      for (const target of [overall, last10] as const) {
        const gone = await this.sql.query(`DELETE FROM ${target} WHERE user_id = $1 AND periods = 0`, [
          scope.userId,
        ]);
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
       ON CONFLICT (user_id) DO UPDATE SET points = EXCLUDED.points, wins = EXCLUDED.wins, periods = EXCLUDED.periods
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

  private async completedPeriods(): Promise<CompletedPeriod[]> {
    const { rows } = await this.sql.query<{
      period_id: number;
      survivor_active: number | null;
      survivor_eliminating: number | null;
    }>(
      `SELECT period_id, survivor_active, survivor_eliminating FROM ${this.t.standings_periods}
        WHERE is_completed ORDER BY period_id`,
    );
    return rows.map((row) => ({
      periodId: row.period_id,
      active: row.survivor_active,
      eliminating: row.survivor_eliminating,
    }));
  }

  /**
   * Whether a player of `target` aliased `s` strikes in a completed period ($1): set-based, as a
   * (anti-)semi-join on that period's score rows. No row means 0 points and no losing pick.
   */
  private strikes(): string {
    const scores = this.t.period_scores;
    return this.rules.survivor.mode === 'loss'
      ? `EXISTS (SELECT 1 FROM ${scores} ps WHERE ps.user_id = s.user_id AND ps.period_id = $1 AND ps.losses > 0)`
      : `NOT EXISTS (SELECT 1 FROM ${scores} ps WHERE ps.user_id = s.user_id AND ps.period_id = $1
                      AND ps.points >= ${this.rules.survivor.strikeBelow})`;
  }

  /**
   * One period of the survivor fold over the players still active in `target`, set-based: counts
   * the active players and those the period would eliminate; if it would eliminate all of them it
   * is a rollover (no strikes), else the strikes are given. With `addPoints`, active players add
   * the period's points and winning picks (a re-fold adds them all at the end instead).
   */
  private async foldPeriod(target: string, periodId: number, addPoints: boolean): Promise<boolean> {
    const strikesToEliminate = this.rules.survivor.strikesToEliminate;
    const { rows } = await this.sql.query<{ active: number; eliminating: number }>(
      `SELECT count(*)::integer AS active,
              (count(*) FILTER (WHERE s.strike_count + 1 >= ${strikesToEliminate} AND ${this.strikes()}))::integer AS eliminating
         FROM ${target} s
        WHERE s.eliminated_in_period IS NULL`,
      [periodId],
    );
    const active = rows[0]?.active ?? 0;
    const eliminating = rows[0]?.eliminating ?? 0;
    let changed = 0;
    if (addPoints) {
      changed += (
        await this.sql.query(
          `UPDATE ${target} s SET points = s.points + ps.points, wins = s.wins + ps.wins
             FROM ${this.t.period_scores} ps
            WHERE ps.user_id = s.user_id AND ps.period_id = $1 AND s.eliminated_in_period IS NULL
              AND (ps.points <> 0 OR ps.wins <> 0)`,
          [periodId],
        )
      ).rowCount;
    }
    const rollover = active > 0 && eliminating === active;
    if (!rollover) {
      changed += (
        await this.sql.query(
          `UPDATE ${target} s
              SET strike_count = s.strike_count + 1,
                  eliminated_in_period = CASE WHEN s.strike_count + 1 >= ${strikesToEliminate} THEN $1::integer END
            WHERE s.eliminated_in_period IS NULL AND ${this.strikes()}`,
          [periodId],
        )
      ).rowCount;
    }
    await this.sql.query(
      `UPDATE ${this.t.standings_periods} SET survivor_active = $2, survivor_eliminating = $3 WHERE period_id = $1`,
      [periodId, active, eliminating],
    );
    return changed > 0;
  }

  /** Folds a newly completed period that comes after every other completed one onto the standings. */
  async appendSurvivorPeriod(periodId: number): Promise<boolean> {
    return this.foldPeriod(this.t.survivor, periodId, true);
  }

  /**
   * The whole survivor fold again, for every Overall entrant over the completed periods in order,
   * without stepping period by period. Position `idx` numbers the completed periods 1..K.
   *
   * 1. Leaving rollovers aside, a player is out at their N-th strike: in `strikes` mode the N-th
   *    completed period that is not safe (no row scores `strikeBelow` or more), found from the safe
   *    rows alone (before the k-th safe one lie idx - k strikes); in `loss` mode the N-th period with
   *    a losing pick. One pass over the score rows of completed periods, with the points and wins
   *    up to the elimination.
   * 2. A period eliminates every player still active only if it is the last elimination and nobody
   *    survives: then it is a rollover; its players (all on N - 1 strikes) go on to their next
   *    strike after it, and the same test repeats on them (a handful of players, ≤ K times).
   * 3. Each completed period's counts (active, would-be eliminated) follow from the eliminations,
   *    and only the survivor rows that differ are written back.
   */
  async refoldSurvivor(): Promise<boolean> {
    const { overall, period_scores: scores, standings_periods: periods, survivor } = this.t;
    const n = this.rules.survivor.strikesToEliminate;
    const below = this.rules.survivor.strikeBelow;
    const lossMode = this.rules.survivor.mode === 'loss';
    const completed = (await this.completedPeriods()).map((period) => period.periodId);
    const k = completed.length;
    const positions = `SELECT period_id, idx::integer AS idx FROM unnest($1::integer[]) WITH ORDINALITY AS c(period_id, idx)`;
    // One window pass over the score rows of completed periods, per player in period order: `run`
    // counts the flagged rows so far (safe rows in strikes mode, losing ones in loss mode), which
    // tells where the N-th strike falls and whether the player was still in at each row.
    const flag = lossMode ? 'ps.losses > 0' : `ps.points >= ${below}`;
    const stillIn = lossMode ? `run - flag::integer < ${n}` : `(idx - 1) - (run - flag::integer) < ${n}`;
    const elimIdx = lossMode
      ? `a.elim_idx`
      : `CASE WHEN a.k_over IS NOT NULL THEN ${n} + a.k_over - 1
              WHEN ${n} + coalesce(a.flagged, 0) <= ${k} THEN ${n} + coalesce(a.flagged, 0) END`;
    const strikesSoFar = lossMode ? `coalesce(a.flagged, 0)` : `${k} - coalesce(a.flagged, 0)`;
    // The pass sorts every score row of the completed periods: give it room in memory (for this
    // transaction only) rather than spilling to disk.
    await this.sql.query(`SET LOCAL work_mem = '64MB'`);
    await this.sql.query(`DROP TABLE IF EXISTS pg_temp.${FOLD_TABLE}`);
    await this.sql.query(
      `CREATE TEMP TABLE ${FOLD_TABLE} (
         user_id text PRIMARY KEY,
         elim_idx integer,
         strike_count integer NOT NULL,
         points integer NOT NULL,
         wins integer NOT NULL,
         rolled boolean NOT NULL
       ) ON COMMIT DROP`,
    );
    await this.sql.query(
      `INSERT INTO ${FOLD_TABLE} (user_id, elim_idx, strike_count, points, wins, rolled)
       WITH w AS (
         SELECT ps.user_id COLLATE "C" AS user_id, array_position($1::integer[], ps.period_id) AS idx,
                ps.points, ps.wins, (${flag}) AS flag,
                count(*) FILTER (WHERE ${flag})
                  OVER (PARTITION BY ps.user_id COLLATE "C" ORDER BY ps.period_id ROWS UNBOUNDED PRECEDING) AS run
           FROM ${scores} ps
          WHERE ps.period_id = ANY($1::integer[])
       ),
       a AS (
         SELECT user_id,
                min(run) FILTER (WHERE flag AND idx - run >= ${n}) AS k_over,
                min(idx) FILTER (WHERE flag AND run = ${n}) AS elim_idx,
                count(*) FILTER (WHERE flag) AS flagged,
                sum(points) FILTER (WHERE ${stillIn}) AS points,
                sum(wins) FILTER (WHERE ${stillIn}) AS wins
           FROM w GROUP BY user_id
       ),
       e AS (
         SELECT o.user_id, (${elimIdx})::integer AS elim_idx, (${strikesSoFar})::integer AS strikes,
                coalesce(a.points, 0)::integer AS points, coalesce(a.wins, 0)::integer AS wins
           FROM ${overall} o LEFT JOIN a ON a.user_id = o.user_id
       )
       SELECT user_id, elim_idx, CASE WHEN elim_idx IS NULL THEN strikes ELSE ${n} END, points, wins, false FROM e`,
      [completed],
    );
    await this.sql.query(`ANALYZE ${FOLD_TABLE}`);

    const strikesAt = lossMode
      ? `EXISTS (SELECT 1 FROM ${scores} ps WHERE ps.user_id = f.user_id AND ps.period_id = c.period_id AND ps.losses > 0)`
      : `NOT EXISTS (SELECT 1 FROM ${scores} ps WHERE ps.user_id = f.user_id AND ps.period_id = c.period_id AND ps.points >= ${below})`;
    const rollovers: number[] = [];
    for (let round = 0; round <= k; round++) {
      const { rows } = await this.sql.query<{ total: number; survivors: number; last: number | null }>(
        `SELECT count(*)::integer AS total, (count(*) FILTER (WHERE elim_idx IS NULL))::integer AS survivors,
                max(elim_idx) AS last
           FROM ${FOLD_TABLE}`,
      );
      const state = rows[0];
      if (!state || state.total === 0 || state.survivors > 0 || state.last === null) break;
      const last = state.last;
      rollovers.push(last);
      await this.sql.query(
        `WITH x AS MATERIALIZED (
           SELECT f.user_id, (SELECT min(c.idx) FROM (${positions}) c WHERE c.idx > $2 AND ${strikesAt}) AS next
             FROM ${FOLD_TABLE} f WHERE f.elim_idx = $2
         )
         UPDATE ${FOLD_TABLE} f
            SET elim_idx = x.next,
                strike_count = CASE WHEN x.next IS NULL THEN ${n - 1} ELSE ${n} END,
                rolled = true
           FROM x
          WHERE f.user_id = x.user_id`,
        [completed, last],
      );
    }
    if (rollovers.length > 0) {
      await this.sql.query(
        `UPDATE ${FOLD_TABLE} f SET points = coalesce(x.points, 0), wins = coalesce(x.wins, 0)
           FROM (SELECT p.user_id,
                        sum(ps.points) FILTER (WHERE c.idx <= coalesce(p.elim_idx, ${k}))::integer AS points,
                        sum(ps.wins) FILTER (WHERE c.idx <= coalesce(p.elim_idx, ${k}))::integer AS wins
                   FROM ${FOLD_TABLE} p
                   LEFT JOIN ${scores} ps ON ps.user_id = p.user_id
                   LEFT JOIN (${positions}) c ON c.period_id = ps.period_id
                  WHERE p.rolled
                  GROUP BY p.user_id) x
          WHERE f.user_id = x.user_id`,
        [completed],
      );
    }

    // Each completed period's counts: active = not out before it; would-be eliminated = out in it,
    // or everyone active in a rollover.
    const { rows: histogram } = await this.sql.query<{ elim_idx: number | null; players: number }>(
      `SELECT elim_idx, count(*)::integer AS players FROM ${FOLD_TABLE} GROUP BY elim_idx`,
    );
    const total = histogram.reduce((sum, row) => sum + row.players, 0);
    const outAt = (idx: number) => histogram.find((row) => row.elim_idx === idx)?.players ?? 0;
    const active: number[] = [];
    const eliminating: number[] = [];
    let outBefore = 0;
    for (let idx = 1; idx <= k; idx++) {
      active.push(total - outBefore);
      eliminating.push(rollovers.includes(idx) ? total - outBefore : outAt(idx));
      outBefore += outAt(idx);
    }
    await this.sql.query(
      `UPDATE ${periods} sp SET survivor_active = d.active, survivor_eliminating = d.eliminating
         FROM unnest($1::integer[], $2::integer[], $3::integer[]) AS d(period_id, active, eliminating)
        WHERE sp.period_id = d.period_id
          AND (sp.survivor_active, sp.survivor_eliminating) IS DISTINCT FROM (d.active, d.eliminating)`,
      [completed, active, eliminating],
    );
    await this.sql.query(
      `UPDATE ${periods} SET survivor_active = NULL, survivor_eliminating = NULL
        WHERE NOT is_completed AND (survivor_active IS NOT NULL OR survivor_eliminating IS NOT NULL)`,
    );

    const removed = await this.sql.query(
      `DELETE FROM ${survivor} s WHERE NOT EXISTS (SELECT 1 FROM ${FOLD_TABLE} f WHERE f.user_id = s.user_id)`,
    );
    const written = await this.sql.query(
      `INSERT INTO ${survivor} AS s (user_id, strike_count, eliminated_in_period, points, wins, user_uuid)
       SELECT f.user_id, f.strike_count, ($1::integer[])[f.elim_idx], f.points, f.wins, o.user_uuid
         FROM ${FOLD_TABLE} f JOIN ${overall} o ON o.user_id = f.user_id
       ON CONFLICT (user_id) DO UPDATE
          SET strike_count = EXCLUDED.strike_count, eliminated_in_period = EXCLUDED.eliminated_in_period,
              points = EXCLUDED.points, wins = EXCLUDED.wins
        WHERE (s.strike_count, s.eliminated_in_period, s.points, s.wins)
              IS DISTINCT FROM (EXCLUDED.strike_count, EXCLUDED.eliminated_in_period, EXCLUDED.points, EXCLUDED.wins)`,
      [completed],
    );
    await this.sql.query(`DROP TABLE ${FOLD_TABLE}`);
    return removed.rowCount + written.rowCount > 0;
  }

  /**
   * A player joins (`+1`) or leaves (`-1`) the entrants while their scores in completed periods stay
   * as they were. Everyone else's standing changes only if the player flips a rollover decision of
   * some completed period; the stored per-period counts tell, so the player is folded alone (≤ 38
   * steps of arithmetic on that one player) and the full re-fold runs only when a decision flips.
   */
  async foldInEntrant(userId: string, sign: 1 | -1): Promise<boolean> {
    const periods = await this.completedPeriods();
    const survivor = this.t.survivor;
    if (periods.length === 0) {
      const written =
        sign > 0
          ? await this.sql.query(
              `INSERT INTO ${survivor} (user_id, strike_count, eliminated_in_period, points, wins, user_uuid)
               VALUES ($1, 0, NULL, 0, 0, $2) ON CONFLICT (user_id) DO NOTHING`,
              [userId, uuidOrNull(userId)],
            )
          : await this.sql.query(`DELETE FROM ${survivor} WHERE user_id = $1`, [userId]);
      return written.rowCount > 0;
    }
    if (periods.some((period) => period.active === null || period.eliminating === null))
      return this.refoldSurvivor();

    const { rows } = await this.sql.query<{
      period_id: number;
      points: number;
      wins: number;
      picks: number;
      losses: number;
    }>(`SELECT period_id, points, wins, picks, losses FROM ${this.t.period_scores} WHERE user_id = $1`, [
      userId,
    ]);
    const scoreOf = new Map<number, PeriodScore>(
      rows.map((row) => [
        row.period_id,
        {
          userId,
          periodId: row.period_id,
          points: row.points,
          wins: row.wins,
          picks: row.picks,
          hasLosingPick: row.losses > 0,
        },
      ]),
    );
    const rollover = (active: number, eliminating: number) => active > 0 && eliminating === active;
    const player = { strikeCount: 0, eliminatedInPeriod: null as number | null, points: 0, wins: 0 };
    const deltas: { periodId: number; active: number; eliminating: number }[] = [];
    for (const period of periods) {
      if (player.eliminatedInPeriod !== null) break;
      const score = scoreOf.get(period.periodId);
      const strike = isStrike(score, this.rules);
      const eliminating = strike && player.strikeCount + 1 >= this.rules.survivor.strikesToEliminate;
      const stored = rollover(period.active!, period.eliminating!);
      const changed = rollover(period.active! + sign, period.eliminating! + (eliminating ? sign : 0));
      if (stored !== changed) return this.refoldSurvivor();
      player.points += score?.points ?? 0;
      player.wins += score?.wins ?? 0;
      if (!stored && strike) {
        player.strikeCount += 1;
        if (eliminating) player.eliminatedInPeriod = period.periodId;
      }
      deltas.push({ periodId: period.periodId, active: sign, eliminating: eliminating ? sign : 0 });
    }

    if (sign > 0) {
      await this.sql.query(
        `INSERT INTO ${survivor} AS s (user_id, strike_count, eliminated_in_period, points, wins, user_uuid)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (user_id) DO UPDATE
            SET strike_count = EXCLUDED.strike_count, eliminated_in_period = EXCLUDED.eliminated_in_period,
                points = EXCLUDED.points, wins = EXCLUDED.wins`,
        [
          userId,
          player.strikeCount,
          player.eliminatedInPeriod,
          player.points,
          player.wins,
          uuidOrNull(userId),
        ],
      );
    } else {
      await this.sql.query(`DELETE FROM ${survivor} WHERE user_id = $1`, [userId]);
    }
    await this.sql.query(
      `UPDATE ${this.t.standings_periods} sp
          SET survivor_active = sp.survivor_active + d.active,
              survivor_eliminating = sp.survivor_eliminating + d.eliminating
         FROM unnest($1::integer[], $2::integer[], $3::integer[]) AS d(period_id, active, eliminating)
        WHERE sp.period_id = d.period_id`,
      [deltas.map((d) => d.periodId), deltas.map((d) => d.active), deltas.map((d) => d.eliminating)],
    );
    return true;
  }

  /** The last completed period before this one completes (null if none). */
  async latestOtherCompleted(periodId: number): Promise<number | null> {
    const { rows } = await this.sql.query<{ latest: number | null }>(
      `SELECT max(period_id) AS latest FROM ${this.t.standings_periods} WHERE is_completed AND period_id <> $1`,
      [periodId],
    );
    return rows[0]?.latest ?? null;
  }
}
