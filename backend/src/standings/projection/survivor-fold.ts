import type { PoolRules } from '@treble/contracts';
import type { Sql } from '../../platform/database/sql.js';
import type { PeriodScore } from '../domain/period-scores.js';
import { isRollover, isStrike, strikeEliminates } from '../domain/survivor.js';
import { type Tables, uuidOrNull } from './standings.tables.js';
import { SurvivorRuleSql } from './survivor-rule.sql.js';
import { refoldSurvivor } from './survivor-refold.js';

interface CompletedPeriod {
  periodId: number;
  active: number | null;
  eliminating: number | null;
}

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
    this.rule = new SurvivorRuleSql(rules, t.completed_scores);
  }

  /**
   * A period has just completed: folded onto the standings when it comes after every other completed
   * period, else (completed out of order) the whole fold again.
   */
  async periodCompleted(periodId: number): Promise<boolean> {
    const later = (await this.completedPeriods()).some((period) => period.periodId > periodId);
    return later ? this.refold() : this.appendPeriod(periodId);
  }

  private async completedPeriods(): Promise<CompletedPeriod[]> {
    const { rows } = await this.sql.query<CompletedPeriod>(
      `SELECT period_id AS "periodId", survivor_active AS active, survivor_eliminating AS eliminating
         FROM ${this.t.standings_periods} WHERE is_completed ORDER BY period_id`,
    );
    return rows;
  }

  /**
   * Folds a completed period ($1) that comes after every other completed one onto the standings,
   * set-based: counts the active players and those the period would eliminate; if it would
   * eliminate all of them it is a rollover (no strikes), else the strikes are given. Active players
   * add the period's points and winning picks.
   */
  private async appendPeriod(periodId: number): Promise<boolean> {
    const { survivor, completed_scores: scores, standings_periods: periods } = this.t;
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

  /** The whole survivor fold again, over the completed periods in order (survivor-refold.ts). */
  async refold(): Promise<boolean> {
    const completed = (await this.completedPeriods()).map((period) => period.periodId);
    return refoldSurvivor(this.sql, this.t, this.rules, this.rule, completed);
  }

  /**
   * Players join (`+1`) or leave (`-1`) the entrants (a run of picks), one after the other, while
   * their scores in completed periods stay as they were. Everyone else's standing changes only if a
   * player flips a rollover decision of some completed period; the stored per-period counts tell, so
   * each player is folded alone (≤ 38 steps of arithmetic on that one player) and the full re-fold
   * runs only when a decision flips. With no completed period yet, in one statement each way.
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
             ON CONFLICT (pool_id, user_id) DO NOTHING`,
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

    const { rows } = await this.sql.query<PeriodScore>(
      `SELECT user_id AS "userId", period_id AS "periodId", points, wins, picks, losses > 0 AS "hasLosingPick"
         FROM ${this.t.completed_scores} WHERE user_id = $1`,
      [userId],
    );
    const scoreOf = new Map(rows.map((score) => [score.periodId, score]));
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
         ON CONFLICT (pool_id, user_id) DO UPDATE
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
}
