import type { PoolRules } from '@treble/contracts';
import type { Sql } from '../../platform/database/sql.js';
import { SurvivorRuleSql } from '../projection/survivor-rule.sql.js';
import { byNameSql, type UserColumns, userColumnsSql, type UsersJoin } from './read-sql.js';

/** An option whose match is being played (or finished, its result not recorded): what it would score now. */
export interface ProvisionalOption {
  optionId: string;
  periodId: number;
  points: number;
  win: 0 | 1;
  loss: 0 | 1;
}

export interface LiveTableRow extends UserColumns {
  user_id: string;
  rank: number;
  official_rank: number;
  points: number;
  official_points: number;
  live_points: number;
  wins: number;
  strike_count?: number;
  is_eliminated?: boolean;
  would_strike?: boolean;
  would_be_eliminated?: boolean;
}

/** The provisional options as a table `lp` (option_id, period_id, points, win, loss), from $1..$5. */
const provisionalTable = `lp AS (
  SELECT * FROM unnest($1::text[], $2::integer[], $3::integer[], $4::integer[], $5::integer[])
    AS l(option_id, period_id, points, win, loss))`;

const provisionalParams = (options: readonly ProvisionalOption[]): unknown[] => [
  options.map((o) => o.optionId),
  options.map((o) => o.periodId),
  options.map((o) => o.points),
  options.map((o) => o.win),
  options.map((o) => o.loss),
];

/** Each player's provisional points, wins and losses from their active picks on those options. */
const deltaTable = `d AS (
  SELECT c.user_id, sum(lp.points)::integer AS points, sum(lp.win)::integer AS wins, sum(lp.loss)::integer AS losses
    FROM choices c JOIN lp ON lp.option_id = c.option_id AND lp.period_id = c.period_id
   WHERE c.status = 'active'
   GROUP BY c.user_id)`;

/**
 * The live tables (docs/rules.md "Live table"): each board's rows as they would stand if every
 * current score held, beside the official ones, in one statement over the boards' own tables (the
 * viewer's `source`, so players hidden from the viewer stay hidden) and the provisional options.
 * Nothing here is written: the official tables never see a provisional point.
 */
export class LiveTableSql {
  constructor(
    private readonly db: Sql,
    private readonly rules: PoolRules,
  ) {}

  /**
   * Overall and Last 10: official totals plus the provisional points of the options (for Last 10,
   * the caller passes those of its periods only), ranked by points then winning picks, as the
   * official boards rank.
   */
  async totals(
    source: string,
    join: UsersJoin,
    options: readonly ProvisionalOption[],
  ): Promise<LiveTableRow[]> {
    const { rows } = await this.db.query<LiveTableRow>(
      `WITH ${provisionalTable}, ${deltaTable},
       b AS (
         SELECT s.user_id, s.user_uuid, s.points AS official_points, s.wins AS official_wins,
                coalesce(d.points, 0) AS live_points,
                s.points + coalesce(d.points, 0) AS points, s.wins + coalesce(d.wins, 0) AS wins
           FROM ${source} s LEFT JOIN d ON d.user_id = s.user_id),
       r AS (
         SELECT b.*, rank() OVER (ORDER BY b.official_points DESC, b.official_wins DESC)::integer AS official_rank,
                rank() OVER (ORDER BY b.points DESC, b.wins DESC)::integer AS rank
           FROM b)
       SELECT * FROM (SELECT r.*, ${userColumnsSql()} FROM r ${join('r')}) x
        ORDER BY x.rank, ${byNameSql('x.display_name', 'x.user_id')}`,
      provisionalParams(options),
    );
    return rows;
  }

  /**
   * Survivor: the fold's next step with the matchweek `periodId` as if it completed now: its
   * official points so far plus the provisional ones make each active player's score; a score the
   * rule strikes adds a strike (and eliminates on the last one), unless every active player would
   * be eliminated (a rollover: nobody is struck, as in the fold).
   */
  async survivor(
    source: string,
    join: UsersJoin,
    options: readonly ProvisionalOption[],
    periodId: number,
  ): Promise<LiveTableRow[]> {
    const rule = new SurvivorRuleSql(this.rules, 'period_scores');
    const eliminates = (strikes: string) => rule.strikeEliminates(strikes);
    const { rows } = await this.db.query<LiveTableRow>(
      `WITH ${provisionalTable}, ${deltaTable},
       ps AS (SELECT user_id, points, wins, losses FROM period_scores WHERE period_id = $6),
       b AS (
         SELECT s.user_id, s.user_uuid, s.strike_count, s.eliminated_in_period, s.is_eliminated,
                s.standing AS official_standing, s.points AS official_points, s.wins AS official_wins,
                coalesce(ps.points, 0) + coalesce(d.points, 0) AS period_points,
                coalesce(ps.wins, 0) + coalesce(d.wins, 0) AS period_wins,
                coalesce(ps.losses, 0) + coalesce(d.losses, 0) AS period_losses
           FROM ${source} s LEFT JOIN ps ON ps.user_id = s.user_id LEFT JOIN d ON d.user_id = s.user_id),
       k AS (
         SELECT b.*, (NOT b.is_eliminated AND ${rule.rowStrikes('pp')}) AS struck
           FROM b CROSS JOIN LATERAL (SELECT b.period_points AS points, b.period_losses AS losses) pp),
       roll AS (
         SELECT count(*) FILTER (WHERE NOT is_eliminated) AS active,
                count(*) FILTER (WHERE struck AND ${eliminates('strike_count')}) AS eliminating
           FROM k),
       f AS (
         SELECT k.*, k.struck AND NOT (roll.active > 0 AND roll.eliminating = roll.active) AS would_strike
           FROM k, roll),
       g AS (
         SELECT f.*, f.would_strike AND ${eliminates('f.strike_count')} AS would_be_eliminated,
                CASE WHEN f.is_eliminated THEN f.official_points ELSE f.official_points + f.period_points END AS points,
                CASE WHEN f.is_eliminated THEN f.official_wins ELSE f.official_wins + f.period_wins END AS wins,
                CASE WHEN f.is_eliminated THEN 0 ELSE f.period_points END AS live_points
           FROM f),
       r AS (
         SELECT g.*,
                rank() OVER (ORDER BY g.official_standing DESC, g.official_points DESC, g.official_wins DESC)::integer AS official_rank,
                rank() OVER (ORDER BY CASE WHEN g.would_be_eliminated THEN $6 ELSE g.official_standing END DESC,
                                      g.points DESC, g.wins DESC)::integer AS rank
           FROM g)
       SELECT * FROM (SELECT r.*, ${userColumnsSql()} FROM r ${join('r')}) x
        ORDER BY x.rank, ${byNameSql('x.display_name', 'x.user_id')}`,
      [...provisionalParams(options), periodId],
    );
    return rows;
  }
}
