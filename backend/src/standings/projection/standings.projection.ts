import { defaultSegment, type PoolRules } from '@treble/contracts';
import type { Recorded } from '../../event-store/read-stream.js';
import type { PicksEvent } from '../../picks/index.js';
import {
  applyInRuns,
  type ChangedKeyGroup,
  type Projection,
  type ProjectionContext,
} from '../../projections/projection.js';
import type { ResultRecordedData } from '../../results/index.js';
import { assertNever } from '../../shared/domain/event.js';
import { writePickRun } from './pick-run.js';
import { outcomeScore, periodScoresView, ScoreTotals } from './score-totals.js';
import {
  audienceFor,
  type Change,
  isPickEvent,
  keysOf,
  nothing,
  possibleKeys,
  type StandingsEvent,
  standingsEventTypes,
} from './standings.events.js';
import { standingsTables, type Tables, tablesOf, totalsViews } from './standings.tables.js';
import { SurvivorFold } from './survivor-fold.js';

export const STANDINGS_PROJECTION = 'standings';

/**
 * Writes an applied or a held result: an upsert that changes the row only when a fact differs, so
 * its row count says whether anything changed (a repeated event changes nothing).
 */
function upsertResult(
  sql: ProjectionContext['sql'],
  table: string,
  timeColumn: 'recorded_at' | 'held_at',
  d: ResultRecordedData,
  at: string,
) {
  return sql.query(
    `INSERT INTO ${table} AS r (option_id, period_id, outcome, points, source, fixture_id, home_score, away_score, ${timeColumn})
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (pool_id, option_id) DO UPDATE
        SET period_id = EXCLUDED.period_id, outcome = EXCLUDED.outcome, points = EXCLUDED.points,
            source = EXCLUDED.source, fixture_id = EXCLUDED.fixture_id, home_score = EXCLUDED.home_score,
            away_score = EXCLUDED.away_score, ${timeColumn} = EXCLUDED.${timeColumn}
      WHERE (r.period_id, r.outcome, r.points, r.source, r.fixture_id, r.home_score, r.away_score, r.${timeColumn})
            IS DISTINCT FROM (EXCLUDED.period_id, EXCLUDED.outcome, EXCLUDED.points, EXCLUDED.source,
              EXCLUDED.fixture_id, EXCLUDED.home_score, EXCLUDED.away_score, EXCLUDED.${timeColumn})`,
    [
      d.optionId,
      d.periodId,
      d.outcome,
      d.points,
      d.source,
      d.fixtureId ?? null,
      d.homeScore ?? null,
      d.awayScore ?? null,
      at,
    ],
  );
}

/** The applied results' outcomes of some options (null without one), as they stand, one per option. */
async function outcomesOf(
  sql: ProjectionContext['sql'],
  t: Tables,
  optionIds: readonly string[],
): Promise<{ optionId: string; outcome: string | null }[]> {
  const { rows } = await sql.query<{ option_id: string; outcome: string }>(
    `SELECT option_id, outcome FROM ${t.results} WHERE option_id = ANY($1::text[])`,
    [[...optionIds]],
  );
  const outcomes = new Map(rows.map((row) => [row.option_id, row.outcome]));
  return [...new Set(optionIds)].map((optionId) => ({ optionId, outcome: outcomes.get(optionId) ?? null }));
}

function assertWholeNumbers(rules: PoolRules): void {
  const { points, survivor } = rules;
  const numbers = [points.win, points.draw, points.loss, survivor.strikeBelow, survivor.strikesToEliminate];
  // They are written into the SQL text, so they must be plain integers.
  if (!numbers.every((n) => Number.isSafeInteger(n))) {
    throw new Error(`Standings rules must be whole numbers: ${JSON.stringify(rules)}`);
  }
}

/** Whether the projection's copy of a period says it is completed (an unknown period is not). */
export async function isCompleted(
  sql: ProjectionContext['sql'],
  t: Tables,
  periodId: number,
): Promise<boolean> {
  const { rows } = await sql.query<{ is_completed: boolean }>(
    `SELECT is_completed FROM ${t.standings_periods} WHERE period_id = $1`,
    [periodId],
  );
  return rows[0]?.is_completed ?? false;
}

/**
 * A run of consecutive picks events (a single one is a run of one), set-based: the `choices` rows
 * in a few statements (pick-run.ts, the one way they are written, settles their order), then the
 * period scores and totals of every (player, period) they touched in one refresh, then the survivor
 * fold once. Each changed event's keys go to its audience, with what the run as a whole moved.
 */
async function applyPickRun(
  run: Recorded<PicksEvent>[],
  context: ProjectionContext,
  rules: PoolRules,
): Promise<ChangedKeyGroup[]> {
  const t = tablesOf(context);
  const { sql } = context;
  const rowsChanged = await writePickRun(sql, t, run);
  const touched = run.filter((_, index) => rowsChanged[index]! > 0);
  // Replayed events find the picks as they left them: nothing else can have changed.
  if (touched.length === 0) return [];
  const survivor = new SurvivorFold(sql, t, rules);
  const moved = await new ScoreTotals(sql, t, rules).refresh(touched.map((event) => event.data));
  // Every touched pick changed its period's score (its picks, if not its points).
  const change: Change = { ...nothing(), scores: true, overall: moved.overall, last10: moved.last10 };
  if (moved.completed) {
    // Completed periods are what the survivor fold is made of: it is redone.
    change.survivor = await survivor.refold();
  } else {
    const flips = [
      ...moved.joined.map((userId) => ({ userId, sign: 1 as const })),
      ...moved.left.map((userId) => ({ userId, sign: -1 as const })),
    ];
    change.survivor = await survivor.foldInEntrants(flips);
  }
  // An admin's picks in an ended period, or their clearing, may show or hide a player on every board
  // (a player is listed once a pick of theirs has locked), whatever the points.
  if (
    touched.some((event) => event.type === 'RetroactiveChoicesMade' || event.type === 'PeriodChoicesCleared')
  )
    Object.assign(change, { overall: true, survivor: true, last10: true });
  return touched.map((event) => ({
    keys: keysOf({ ...change, choicesPeriod: event.data.periodId }),
    audience: audienceFor(event),
  }));
}

/** One event that is not a pick (results, periods), applied on its own. */
async function applyEvent(
  event: Recorded<Exclude<StandingsEvent, PicksEvent>>,
  context: ProjectionContext,
  rules: PoolRules,
): Promise<Change> {
  const t = tablesOf(context);
  const { sql } = context;
  const totals = new ScoreTotals(sql, t, rules);
  const survivor = new SurvivorFold(sql, t, rules);
  const at = event.metadata?.occurredAt ?? event.recordedAt.toISOString();
  const change = nothing();

  /**
   * After results of some options of a period changed (recorded, overwritten, held, deleted,
   * removed): `applied` rows of `results` and `held` rows of `pending_results`. Scores follow the
   * applied results only: an unchanged result changes no score. `before` holds the options'
   * outcomes read before the change, `outcome` the one they all have after it (null: none).
   */
  const afterResults = async (
    periodId: number,
    before: readonly { optionId: string; outcome: string | null }[],
    outcome: string | null,
    applied: number,
    held = 0,
  ): Promise<Change> => {
    if (applied + held > 0) change.resultsPeriod = periodId;
    if (applied === 0) return change;
    if (await isCompleted(sql, t, periodId)) {
      // Results normally wait as pending while a period is completed; should one land anyway, its
      // pickers' stored scores and totals are recomputed and the survivor fold is redone.
      const { rows } = await sql.query<{ user_id: string }>(
        `SELECT DISTINCT user_id FROM ${t.choices} WHERE period_id = $1 AND option_id = ANY($2::text[])`,
        [periodId, before.map((b) => b.optionId)],
      );
      const moved = await totals.refresh(rows.map((row) => ({ userId: row.user_id, periodId })));
      Object.assign(change, { scores: moved.completed, overall: moved.overall, last10: moved.last10 });
      if (moved.completed) change.survivor = await survivor.refold();
      return change;
    }
    const now = outcomeScore(rules, outcome);
    const deltas = before.map((b) => {
      const was = outcomeScore(rules, b.outcome);
      return {
        optionId: b.optionId,
        points: now.points - was.points,
        wins: now.wins - was.wins,
        losses: now.losses - was.losses,
      };
    });
    const moved = await totals.applyResults(periodId, deltas);
    // A result locks its options: before kickoff it shows their picks, and the rows of players
    // with no other pick locked, to everyone (its deletion hides them again). When it touched a
    // pick, every board follows, even when no total moved (a loss).
    const boards = moved.scores ? { overall: true, last10: true, survivor: true } : {};
    return Object.assign(change, moved, boards);
  };

  switch (event.type) {
    case 'ResultRecorded': {
      const d = event.data;
      const before = await outcomesOf(sql, t, [d.optionId]);
      const written = await upsertResult(sql, t.results, 'recorded_at', d, at);
      // A recorded result replaces whatever was held for the option.
      const released = await sql.query(`DELETE FROM ${t.pending_results} WHERE option_id = $1`, [d.optionId]);
      return afterResults(d.periodId, before, d.outcome, written.rowCount, released.rowCount);
    }
    case 'ResultDeleted': {
      const d = event.data;
      const before = await outcomesOf(sql, t, [d.optionId]);
      const deleted = await sql.query(`DELETE FROM ${t.results} WHERE option_id = $1`, [d.optionId]);
      return afterResults(d.periodId, before, null, deleted.rowCount);
    }
    case 'ResultHeldPending': {
      const d = event.data;
      const written = await upsertResult(sql, t.pending_results, 'held_at', d, at);
      return afterResults(d.periodId, [], null, 0, written.rowCount);
    }
    case 'OptionsRemoved': {
      const d = event.data;
      const before = await outcomesOf(sql, t, d.optionIds);
      const remove = (table: string) =>
        sql.query(`DELETE FROM ${table} WHERE option_id = ANY($1::text[])`, [d.optionIds]);
      const deleted = await remove(t.results);
      const released = await remove(t.pending_results);
      return afterResults(d.periodId, before, null, deleted.rowCount, released.rowCount);
    }
    case 'PeriodScheduled': {
      const d = event.data;
      const before = await sql.query<{ segment: string }>(
        `SELECT segment FROM ${t.standings_periods} WHERE period_id = $1`,
        [d.periodId],
      );
      await sql.query(
        `INSERT INTO ${t.standings_periods} (period_id, name, segment) VALUES ($1, $2, $3)
         ON CONFLICT (pool_id, period_id) DO UPDATE SET name = EXCLUDED.name, segment = EXCLUDED.segment`,
        [d.periodId, d.name, d.segment],
      );
      // Picks may only be counted in Last 10 once their period's segment is known to be last10.
      if ((before.rows[0]?.segment ?? 'main') !== d.segment) {
        change.last10 = (await totals.refreshPeriod(d.periodId)).last10;
      }
      return change;
    }
    case 'PeriodCompleted': {
      const d = event.data;
      if (await isCompleted(sql, t, d.periodId)) return change;
      await sql.query(
        `INSERT INTO ${t.standings_periods} (period_id, name, segment, is_completed, completed_at) VALUES ($1, $2, $3, true, $4)
         ON CONFLICT (pool_id, period_id) DO UPDATE SET is_completed = true, completed_at = EXCLUDED.completed_at`,
        [d.periodId, `Period ${d.periodId}`, defaultSegment(d.periodId, rules), d.completedAt],
      );
      change.periodStatus = true;
      await totals.freeze(d.periodId);
      change.survivor = await survivor.periodCompleted(d.periodId);
      return change;
    }
    case 'PeriodReopened': {
      const d = event.data;
      if (!(await isCompleted(sql, t, d.periodId))) return change;
      await sql.query(
        `UPDATE ${t.standings_periods}
            SET is_completed = false, completed_at = NULL, survivor_active = NULL, survivor_eliminating = NULL
          WHERE period_id = $1`,
        [d.periodId],
      );
      await totals.thaw(d.periodId);
      change.periodStatus = true;
      change.survivor = await survivor.refold();
      return change;
    }
    default:
      return assertNever(event);
  }
}

/** One event: a pick as a run of one, anything else on its own. */
async function applyOne(
  event: Recorded<StandingsEvent>,
  context: ProjectionContext,
  rules: PoolRules,
): Promise<ChangedKeyGroup[]> {
  if (isPickEvent(event)) return applyPickRun([event], context, rules);
  return [{ keys: keysOf(await applyEvent(event, context, rules)), audience: null }];
}

/**
 * The standings projection: everyone's picks and the results (as the picks, results and option
 * views serve them), period scores, and the Overall, Last 10 and Survivor standings, kept by
 * set-based SQL. Rules come from configuration, so it is built for the app's rules.
 *
 * Query keys are precise: what an event actually changed (a pick in an open period without a
 * result yet changes no leaderboard); `queryKeysFor` answers every key the event could have changed.
 */
export function standingsProjection(rules: PoolRules): Projection<StandingsEvent> {
  assertWholeNumbers(rules);
  return {
    name: STANDINGS_PROJECTION,
    // 6: `period_scores` reads an open period's picks through a semi-join (the tables are 5's).
    version: 6,
    readableFrom: 5,
    tables: standingsTables,
    views: [...totalsViews, { name: 'period_scores', select: periodScoresView(rules) }],
    eventTypes: standingsEventTypes,
    async apply(event, context) {
      return (await applyOne(event, context, rules)).flatMap((group) => group.keys);
    },
    applyBatch(events, context) {
      // Runs of picks set-based; results, periods and the like one by one, in order between them.
      return applyInRuns(
        events,
        isPickEvent,
        (run) => applyPickRun(run, context, rules),
        (event) => applyOne(event, context, rules),
      );
    },
    audienceFor,
    queryKeysFor: possibleKeys,
  };
}
