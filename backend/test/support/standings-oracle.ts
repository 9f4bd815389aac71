import type { PoolRules } from '@treble/contracts';
import type { Recorded } from '../../src/event-store/read-stream.js';
import type { PicksEvent } from '../../src/picks/domain/picks.events.js';
import type { Sql } from '../../src/platform/database/sql.js';
import type { Projection } from '../../src/projections/projection.js';
import { ScoreTotals } from '../../src/standings/projection/score-totals.js';
import { isPickEvent, type StandingsEvent } from '../../src/standings/projection/standings.events.js';
import { standingsProjection } from '../../src/standings/projection/standings.projection.js';
import { type Tables, tablesOf } from '../../src/standings/projection/standings.tables.js';
import { SurvivorFold } from '../../src/standings/projection/survivor-fold.js';

/**
 * A test oracle, not app code: the standings projection with every pick applied on its own, by
 * that event's own statement on `choices` and then that player's scores, totals and survivor
 * standing, as the projection did before it applied picks as runs. The projection writes `choices`
 * only through pick-run.ts (a single pick is a run of one); standings.batch.int.spec.ts holds its
 * runs to this independent way of writing the same rows. Every other event goes to the projection.
 */
export function perEventStandings(rules: PoolRules): Projection<StandingsEvent> {
  const projection = standingsProjection(rules);
  return {
    ...projection,
    applyBatch: undefined,
    async apply(event, context) {
      if (!isPickEvent(event)) return projection.apply(event, context);
      const t = tablesOf(context);
      const { sql } = context;
      const { userId, periodId } = event.data;
      // A replayed event finds the picks as it left them: nothing else can have changed.
      if ((await writeChoices(sql, t, event)) === 0) return;
      const survivor = new SurvivorFold(sql, t, rules);
      const moved = await new ScoreTotals(sql, t, rules).refresh([{ userId, periodId }]);
      if (moved.completed) await survivor.refold();
      else if (moved.joined.length + moved.left.length > 0)
        await survivor.foldInEntrants([{ userId, sign: moved.joined.length > 0 ? 1 : -1 }]);
    },
  };
}

/** One picks event's own statement on `choices`: how many rows it changed. */
async function writeChoices(sql: Sql, t: Tables, event: Recorded<PicksEvent>): Promise<number> {
  const madeBy = event.metadata?.actor ?? null;
  const at = event.metadata?.occurredAt ?? event.recordedAt.toISOString();
  const query = async (text: string, values: unknown[]) => (await sql.query(text, values)).rowCount;
  switch (event.type) {
    case 'ChoiceMade': {
      const d = event.data;
      return query(
        `INSERT INTO ${t.choices} (choice_id, user_id, period_id, option_id, team_key, team_name, made_by, made_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (pool_id, choice_id) DO NOTHING`,
        [d.choiceId, d.userId, d.periodId, d.optionId, d.teamKey, d.teamName, madeBy, at],
      );
    }
    case 'RetroactiveChoicesMade': {
      const { userId, periodId, choices } = event.data;
      return query(
        `INSERT INTO ${t.choices} (choice_id, user_id, period_id, option_id, team_key, team_name, retroactive, made_by, made_at)
         SELECT x.choice_id, $1, $2, x.option_id, x.team_key, x.team_name, true, $3, $4
           FROM unnest($5::text[], $6::text[], $7::text[], $8::text[]) AS x(choice_id, option_id, team_key, team_name)
         ON CONFLICT (pool_id, choice_id) DO NOTHING`,
        [
          userId,
          periodId,
          madeBy,
          at,
          ...(['choiceId', 'optionId', 'teamKey', 'teamName'] as const).map((key) =>
            choices.map((c) => c[key]),
          ),
        ],
      );
    }
    case 'ChoiceWithdrawn':
      return query(`DELETE FROM ${t.choices} WHERE choice_id = $1 AND user_id = $2`, [
        event.data.choiceId,
        event.data.userId,
      ]);
    case 'ChoiceVoided':
      return query(
        `UPDATE ${t.choices} SET status = 'voided', void_reason = $3
          WHERE choice_id = $1 AND user_id = $2 AND status <> 'voided'`,
        [event.data.choiceId, event.data.userId, event.data.reason],
      );
    case 'PeriodChoicesCleared':
      return query(`DELETE FROM ${t.choices} WHERE choice_id = ANY($1::text[]) AND user_id = $2`, [
        event.data.choiceIds,
        event.data.userId,
      ]);
  }
}
