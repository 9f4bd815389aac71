import type { PoolRules } from '@treble/contracts';
import type { Sql } from '../../platform/database/sql.js';
import type { PeriodScore } from '../domain/period-scores.js';
import { isRollover, isStrike, strikeEliminates } from '../domain/survivor.js';
import { type Tables, uuidOrNull } from './standings.tables.js';
import { SurvivorRuleSql } from './survivor-rule.sql.js';

interface CompletedPeriod {
  periodId: number;
  active: number | null;
  eliminating: number | null;
}

/** Name of the scratch table a full survivor re-fold works in (session-private, dropped at commit). */
const FOLD_TABLE = 'standings_survivor_fold';

/**
 * The survivor fold of the standings projection (standings/domain/survivor.ts is its readable
 * reference): each entrant's strikes and elimination over the completed periods, recomputed from
 * the period scores in set-based SQL whose strike conditions all come from one `SurvivorRuleSql`.
 * Each completed period keeps its counts (players active, players it would eliminate), which
 * tell whether it was a rollover without folding everyone again.
 */
export class SurvivorFold {
  private readonly rule: SurvivorRuleSql;

  constructor(
    private readonly sql: Sql,
    private readonly t: Tables,
    private readonly rules: PoolRules,
  ) {
    this.rule = new SurvivorRuleSql(rules, t.period_scores);
  }

  /**
   * A period has just completed: folded onto the standings when it comes after every other completed
   * period, else (completed out of order) the whole fold again.
   */
  async periodCompleted(periodId: number): Promise<boolean> {
    const latest = await this.latestOtherCompleted(periodId);
    return latest === null || latest < periodId ? this.appendPeriod(periodId) : this.refold();
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
   * Folds a completed period ($1) that comes after every other completed one onto the standings,
   * set-based: counts the active players and those the period would eliminate; if it would
   * eliminate all of them it is a rollover (no strikes), else the strikes are given. Active players
   * add the period's points and winning picks.
   */
  private async appendPeriod(periodId: number): Promise<boolean> {
    const { survivor, period_scores: scores, standings_periods: periods } = this.t;
    const strikes = this.rule.strikes('s.user_id', '$1');
    const { rows } = await this.sql.query<{ active: number; eliminating: number }>(
      `SELECT count(*)::integer AS active,
              (count(*) FILTER (WHERE ${this.rule.strikeEliminates('s.strike_count')} AND ${strikes}))::integer AS eliminating
         FROM ${survivor} s
        WHERE s.eliminated_in_period IS NULL`,
      [periodId],
    );
    const active = rows[0]?.active ?? 0;
    const eliminating = rows[0]?.eliminating ?? 0;
    let changed = (
      await this.sql.query(
        `UPDATE ${survivor} s SET points = s.points + ps.points, wins = s.wins + ps.wins
           FROM ${scores} ps
          WHERE ps.user_id = s.user_id AND ps.period_id = $1 AND s.eliminated_in_period IS NULL
            AND (ps.points <> 0 OR ps.wins <> 0)`,
        [periodId],
      )
    ).rowCount;
    if (!isRollover(active, eliminating)) {
      changed += (
        await this.sql.query(
          `UPDATE ${survivor} s
              SET strike_count = s.strike_count + 1,
                  eliminated_in_period = CASE WHEN ${this.rule.strikeEliminates('s.strike_count')} THEN $1::integer END
            WHERE s.eliminated_in_period IS NULL AND ${strikes}`,
          [periodId],
        )
      ).rowCount;
    }
    await this.sql.query(
      `UPDATE ${periods} SET survivor_active = $2, survivor_eliminating = $3 WHERE period_id = $1`,
      [periodId, active, eliminating],
    );
    return changed > 0;
  }

  /**
   * The whole survivor fold again, for every Overall entrant over the completed periods in order,
   * without stepping period by period. Position `idx` numbers the completed periods 1..K.
   *
   * 1. Leaving rollovers aside, a player is out at their N-th strike. The pass sees only the score
   *    rows, so it counts the rows that answer otherwise than a period without picks: when a period
   *    without picks strikes (`strikes` mode), the N-th strike is the N-th completed period that is
   *    not safe, found from the safe rows alone (before the k-th safe one lie idx - k strikes); else
   *    (`loss` mode) it is the N-th striking row. One pass over the score rows of completed periods,
   *    with the points and wins up to the elimination.
   * 2. A period eliminates every player still active only if it is the last elimination and nobody
   *    survives: then it is a rollover; its players (all on N - 1 strikes) go on to their next
   *    strike after it, and the same test repeats on them (a handful of players, ≤ K times).
   * 3. Each completed period's counts (active, would-be eliminated) follow from the eliminations,
   *    and only the survivor rows that differ are written back.
   */
  async refold(): Promise<boolean> {
    const { overall, period_scores: scores, standings_periods: periods, survivor } = this.t;
    const n = this.rules.survivor.strikesToEliminate;
    // Flagged rows are the safe ones when a period without picks strikes, else the striking ones.
    const flaggedAreSafe = this.rule.missingRowStrikes;
    const completed = (await this.completedPeriods()).map((period) => period.periodId);
    const k = completed.length;
    const positions = `SELECT period_id, idx::integer AS idx FROM unnest($1::integer[]) WITH ORDINALITY AS c(period_id, idx)`;
    // One window pass over the score rows of completed periods, per player in period order: `run`
    // counts the flagged rows so far, which tells where the N-th strike falls and whether the player
    // was still in at each row.
    const flag = this.rule.rowUnlikeMissing('ps');
    const stillIn = flaggedAreSafe
      ? `(idx - 1) - (run - flag::integer) < ${n}`
      : `run - flag::integer < ${n}`;
    const elimIdx = flaggedAreSafe
      ? `CASE WHEN a.k_over IS NOT NULL THEN ${n} + a.k_over - 1
              WHEN ${n} + coalesce(a.flagged, 0) <= ${k} THEN ${n} + coalesce(a.flagged, 0) END`
      : `a.elim_idx`;
    const strikesSoFar = flaggedAreSafe ? `${k} - coalesce(a.flagged, 0)` : `coalesce(a.flagged, 0)`;
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

    const strikesAt = this.rule.strikes('f.user_id', 'c.period_id');
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
    return this.foldInEntrants([{ userId, sign }]);
  }

  /**
   * Several players join or leave the entrants (a run of picks), as `foldInEntrant` one after the
   * other; with no completed period yet, in one statement each way.
   */
  async foldInEntrants(entrants: readonly { userId: string; sign: 1 | -1 }[]): Promise<boolean> {
    if (entrants.length === 0) return false;
    const periods = await this.completedPeriods();
    const survivor = this.t.survivor;
    if (periods.length === 0) {
      const joining = entrants.filter((e) => e.sign > 0).map((e) => e.userId);
      const leaving = entrants.filter((e) => e.sign < 0).map((e) => e.userId);
      let written = 0;
      if (leaving.length > 0) {
        written += (
          await this.sql.query(`DELETE FROM ${survivor} WHERE user_id = ANY($1::text[])`, [leaving])
        ).rowCount;
      }
      if (joining.length > 0) {
        written += (
          await this.sql.query(
            `INSERT INTO ${survivor} (user_id, strike_count, eliminated_in_period, points, wins, user_uuid)
             SELECT user_id, 0, NULL, 0, 0, user_uuid FROM unnest($1::text[], $2::uuid[]) AS j(user_id, user_uuid)
             ON CONFLICT (user_id) DO NOTHING`,
            [joining, joining.map(uuidOrNull)],
          )
        ).rowCount;
      }
      return written > 0;
    }
    let changed = false;
    for (const [index, { userId, sign }] of entrants.entries()) {
      // The stored counts moved with the players folded in before this one.
      const folded = await this.foldInOne(
        userId,
        sign,
        index === 0 ? periods : await this.completedPeriods(),
      );
      // A full re-fold covers every entrant, those still to come included.
      if (folded.refolded) return changed || folded.changed;
      changed ||= folded.changed;
    }
    return changed;
  }

  /** One player folded in against the completed periods' stored counts, or else the full re-fold. */
  private async foldInOne(
    userId: string,
    sign: 1 | -1,
    periods: readonly CompletedPeriod[],
  ): Promise<{ changed: boolean; refolded: boolean }> {
    const survivor = this.t.survivor;
    const refold = async () => ({ changed: await this.refold(), refolded: true });
    if (periods.some((period) => period.active === null || period.eliminating === null)) return refold();

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
    const player = { strikeCount: 0, eliminatedInPeriod: null as number | null, points: 0, wins: 0 };
    const deltas: { periodId: number; active: number; eliminating: number }[] = [];
    for (const period of periods) {
      if (player.eliminatedInPeriod !== null) break;
      const score = scoreOf.get(period.periodId);
      const strike = isStrike(score, this.rules);
      const eliminating = strike && strikeEliminates(player.strikeCount, this.rules);
      const stored = isRollover(period.active!, period.eliminating!);
      const changed = isRollover(period.active! + sign, period.eliminating! + (eliminating ? sign : 0));
      if (stored !== changed) return refold();
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
    return { changed: true, refolded: false };
  }

  /** The last completed period before this one completes (null if none). */
  private async latestOtherCompleted(periodId: number): Promise<number | null> {
    const { rows } = await this.sql.query<{ latest: number | null }>(
      `SELECT max(period_id) AS latest FROM ${this.t.standings_periods} WHERE is_completed AND period_id <> $1`,
      [periodId],
    );
    return rows[0]?.latest ?? null;
  }
}
