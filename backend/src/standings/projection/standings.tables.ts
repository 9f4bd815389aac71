import {
  poolIdColumn,
  type ProjectionContext,
  type ProjectionTable,
  type ProjectionView,
} from '../../projections/projection.js';

/**
 * The tables of the standings projection. It reads only these (a rebuild of another projection
 * never disturbs it), so it keeps its own copies of the picks, the results and each period's segment
 * and completion. User ids are text: they are whatever the picks streams carry; names are joined
 * from the `users` view at query time and never copied here.
 */
/** `results` and `pending_results` hold the same facts; they differ in what their time records. */
function resultTableDdl(table: string, timeColumn: 'recorded_at' | 'held_at'): string[] {
  return [
    `CREATE TABLE ${table} (
        ${poolIdColumn},
        option_id text NOT NULL,
        period_id integer NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('win', 'draw', 'loss')),
        points integer NOT NULL,
        source text NOT NULL,
        fixture_id text,
        home_score integer,
        away_score integer,
        ${timeColumn} timestamptz NOT NULL,
        PRIMARY KEY (pool_id, option_id)
      )`,
    `CREATE INDEX ON ${table} (pool_id, period_id)`,
  ];
}

/** The physical name of each standings table in the generation being written. */
export type Tables = Record<StandingsTable, string>;

export function tablesOf(context: ProjectionContext): Tables {
  return Object.fromEntries(standingsTableNames.map((name) => [name, context.table(name)])) as Tables;
}

/**
 * The user id as a uuid when it is one (the accounts' ids are), else null: kept beside the text id in
 * the leaderboard tables so that the join to the `users` view uses its primary key. Written when
 * the row is inserted (a stored generated column would re-run its check on every update).
 */
const userUuid = 'user_uuid uuid';

/** A user id as sessions hold it (checked before it is written into a query). */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A player's `user_uuid` column: the user id as a uuid when it is one, else null. */
export const uuidOrNull = (userId: string): string | null => (uuidPattern.test(userId) ? userId : null);

/** Elimination "period" of an active player in the survivor sort key: after every real period. */
export const ACTIVE_STANDING = 2147483647;

const tables = [
  {
    // Everyone's picks that count: active or voided (a voided pick scores 0 but is still a pick).
    // Withdrawn and cleared picks are deleted.
    name: 'choices',
    ddl: (table) => [
      `CREATE TABLE ${table} (
        ${poolIdColumn},
        choice_id text NOT NULL,
        user_id text NOT NULL,
        period_id integer NOT NULL,
        option_id text NOT NULL,
        team_key text NOT NULL,
        team_name text NOT NULL,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'voided')),
        void_reason text,
        retroactive boolean NOT NULL DEFAULT false,
        made_by text,
        made_at timestamptz NOT NULL,
        PRIMARY KEY (pool_id, choice_id)
      )`,
      `CREATE INDEX ON ${table} (pool_id, user_id, period_id)`,
      `CREATE INDEX ON ${table} (pool_id, period_id, option_id)`,
    ],
  },
  {
    // Applied results, one per option.
    name: 'results',
    ddl: (table) => resultTableDdl(table, 'recorded_at'),
  },
  {
    // Results that arrived while their period was completed: held for admins, never scored.
    name: 'pending_results',
    ddl: (table) => resultTableDdl(table, 'held_at'),
  },
  {
    // The period facts the standings depend on, and the survivor fold's counts per completed period
    // (players still active before it, and how many of them it would eliminate) that let a new
    // entrant be folded in without re-folding everyone.
    name: 'standings_periods',
    ddl: (table) => [
      `CREATE TABLE ${table} (
        ${poolIdColumn},
        period_id integer NOT NULL,
        name text NOT NULL,
        segment text NOT NULL,
        is_completed boolean NOT NULL DEFAULT false,
        completed_at timestamptz,
        survivor_active integer,
        survivor_eliminating integer,
        PRIMARY KEY (pool_id, period_id)
      )`,
    ],
  },
  {
    // The period scores of completed periods, one row per player and period where the player has
    // picks (voided ones included): written when the period completes, and by admins' picks in it.
    // An open period's scores are read from its picks and the per-option results (`period_scores`,
    // period-scores.sql.ts), so a result that lands writes no row per picker here.
    name: 'completed_scores',
    ddl: (table) => [
      `CREATE TABLE ${table} (
        ${poolIdColumn},
        user_id text NOT NULL,
        period_id integer NOT NULL,
        points integer NOT NULL,
        wins integer NOT NULL,
        picks integer NOT NULL,
        losses integer NOT NULL,
        PRIMARY KEY (pool_id, user_id, period_id)
      )`,
      `CREATE INDEX ON ${table} (pool_id, period_id, points, wins)`,
    ],
  },
  {
    // Overall entrants (a pick in the season) with their totals over every period and over the
    // Last 10 periods, in one row: a result moves one row per picker. `periods` counts the periods
    // they have picks in, and the row goes when it reaches 0; `last10_periods` the Last 10 ones.
    // Readers query the views `overall` and `last10` (a row with `last10_periods` > 0).
    name: 'totals',
    ddl: (table) => [
      `CREATE TABLE ${table} (
        ${poolIdColumn},
        user_id text NOT NULL,
        points integer NOT NULL,
        wins integer NOT NULL,
        periods integer NOT NULL,
        last10_points integer NOT NULL,
        last10_wins integer NOT NULL,
        last10_periods integer NOT NULL,
        ${userUuid},
        PRIMARY KEY (pool_id, user_id)
      )`,
      `CREATE INDEX ON ${table} (pool_id, points, wins)`,
      `CREATE INDEX ON ${table} (pool_id, last10_points, last10_wins) WHERE last10_periods > 0`,
    ],
  },
  {
    // Survivor: the fold over completed periods, one row per Overall entrant. `standing` orders
    // active players first, then by later elimination period.
    name: 'survivor',
    ddl: (table) => [
      `CREATE TABLE ${table} (
        ${poolIdColumn},
        user_id text NOT NULL,
        strike_count integer NOT NULL,
        eliminated_in_period integer,
        points integer NOT NULL,
        wins integer NOT NULL,
        is_eliminated boolean GENERATED ALWAYS AS (eliminated_in_period IS NOT NULL) STORED,
        standing integer GENERATED ALWAYS AS (coalesce(eliminated_in_period, ${ACTIVE_STANDING})) STORED,
        ${userUuid},
        PRIMARY KEY (pool_id, user_id)
      )`,
      `CREATE INDEX ON ${table} (pool_id, standing, points, wins)`,
    ],
  },
] as const satisfies readonly ProjectionTable[];

type StandingsTable = (typeof tables)[number]['name'];

export const standingsTableNames: readonly StandingsTable[] = tables.map((table) => table.name);

/** Every standings table is of the season the pool plays: the next season starts them empty. */
export const standingsTables: ProjectionTable[] = tables.map((table) => ({ ...table, seasons: 'archived' }));

/** The boards readers query by name, over `totals`. */
export const totalsViews: ProjectionView[] = [
  { name: 'overall', select: 'SELECT pool_id, user_id, points, wins, periods, user_uuid FROM totals' },
  {
    name: 'last10',
    select: `SELECT pool_id, user_id, last10_points AS points, last10_wins AS wins, last10_periods AS periods, user_uuid
               FROM totals WHERE last10_periods > 0`,
  },
];
