import type { PoolRules } from '@treble/contracts';
import type { Sql } from '../../platform/database/sql.js';
import type { Tables } from './standings.tables.js';
import type { SurvivorRuleSql } from './survivor-rule.sql.js';

/** Name of the scratch table a full survivor re-fold works in (session-private, dropped at commit). */
const FOLD_TABLE = 'standings_survivor_fold';

/**
 * The whole survivor fold again, for every Overall entrant over the completed periods (`completed`,
 * in order), without stepping period by period. Position `idx` numbers them 1..K.
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
export async function refoldSurvivor(
  sql: Sql,
  t: Tables,
  rules: PoolRules,
  rule: SurvivorRuleSql,
  completed: readonly number[],
): Promise<boolean> {
  const { totals: overall, completed_scores: scores, standings_periods: periods, survivor } = t;
  const n = rules.survivor.strikesToEliminate;
  // Flagged rows are the safe ones when a period without picks strikes, else the striking ones.
  const flaggedAreSafe = rule.missingRowStrikes;
  const k = completed.length;
  const positions = `SELECT period_id, idx::integer AS idx FROM unnest($1::integer[]) WITH ORDINALITY AS c(period_id, idx)`;
  // One window pass over the score rows of completed periods, per player in period order: `run`
  // counts the flagged rows so far, which tells where the N-th strike falls and whether the player
  // was still in at each row.
  const flag = rule.rowUnlikeMissing('ps');
  const stillIn = flaggedAreSafe ? `(idx - 1) - (run - flag::integer) < ${n}` : `run - flag::integer < ${n}`;
  const elimIdx = flaggedAreSafe
    ? `CASE WHEN a.k_over IS NOT NULL THEN ${n} + a.k_over - 1
            WHEN ${n} + coalesce(a.flagged, 0) <= ${k} THEN ${n} + coalesce(a.flagged, 0) END`
    : `a.elim_idx`;
  const strikesSoFar = flaggedAreSafe ? `${k} - coalesce(a.flagged, 0)` : `coalesce(a.flagged, 0)`;
  // The pass sorts every score row of the completed periods: give it room in memory (for this
  // transaction only) rather than spilling to disk.
  await sql.query(`SET LOCAL work_mem = '64MB'`);
  await sql.query(`DROP TABLE IF EXISTS pg_temp.${FOLD_TABLE}`);
  await sql.query(
    `CREATE TEMP TABLE ${FOLD_TABLE} (
       user_id text PRIMARY KEY,
       elim_idx integer,
       strike_count integer NOT NULL,
       points integer NOT NULL,
       wins integer NOT NULL,
       rolled boolean NOT NULL
     ) ON COMMIT DROP`,
  );
  await sql.query(
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
  await sql.query(`ANALYZE ${FOLD_TABLE}`);

  const strikesAt = rule.strikes('f.user_id', 'c.period_id');
  const rollovers: number[] = [];
  for (let round = 0; round <= k; round++) {
    const { rows } = await sql.query<{ total: number; survivors: number; last: number | null }>(
      `SELECT count(*)::integer AS total, (count(*) FILTER (WHERE elim_idx IS NULL))::integer AS survivors,
              max(elim_idx) AS last
         FROM ${FOLD_TABLE}`,
    );
    const state = rows[0];
    if (!state || state.total === 0 || state.survivors > 0 || state.last === null) break;
    const last = state.last;
    rollovers.push(last);
    await sql.query(
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
    await sql.query(
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
  const { rows: histogram } = await sql.query<{ elim_idx: number | null; players: number }>(
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
  await sql.query(
    `UPDATE ${periods} sp SET survivor_active = d.active, survivor_eliminating = d.eliminating
       FROM unnest($1::integer[], $2::integer[], $3::integer[]) AS d(period_id, active, eliminating)
      WHERE sp.period_id = d.period_id
        AND (sp.survivor_active, sp.survivor_eliminating) IS DISTINCT FROM (d.active, d.eliminating)`,
    [completed, active, eliminating],
  );
  await sql.query(
    `UPDATE ${periods} SET survivor_active = NULL, survivor_eliminating = NULL
      WHERE NOT is_completed AND (survivor_active IS NOT NULL OR survivor_eliminating IS NOT NULL)`,
  );

  const removed = await sql.query(
    `DELETE FROM ${survivor} s WHERE NOT EXISTS (SELECT 1 FROM ${FOLD_TABLE} f WHERE f.user_id = s.user_id)`,
  );
  const written = await sql.query(
    `INSERT INTO ${survivor} AS s (user_id, strike_count, eliminated_in_period, points, wins, user_uuid)
     SELECT f.user_id, f.strike_count, ($1::integer[])[f.elim_idx], f.points, f.wins, o.user_uuid
       FROM ${FOLD_TABLE} f JOIN ${overall} o ON o.user_id = f.user_id
     ON CONFLICT (pool_id, user_id) DO UPDATE
        SET strike_count = EXCLUDED.strike_count, eliminated_in_period = EXCLUDED.eliminated_in_period,
            points = EXCLUDED.points, wins = EXCLUDED.wins
      WHERE (s.strike_count, s.eliminated_in_period, s.points, s.wins)
            IS DISTINCT FROM (EXCLUDED.strike_count, EXCLUDED.eliminated_in_period, EXCLUDED.points, EXCLUDED.wins)`,
    [completed],
  );
  await sql.query(`DROP TABLE ${FOLD_TABLE}`);
  return removed.rowCount + written.rowCount > 0;
}
