import type { Recorded } from '../../event-store/read-stream.js';
import type { ChoiceMadeData, PicksEvent } from '../../picks/index.js';
import type { Sql } from '../../platform/database/sql.js';
import { assertNever } from '../../shared/domain/event.js';
import type { Tables } from './standings.tables.js';

/** A run of consecutive picks events, which the standings projection applies set-based. */
export type PickRun = readonly Recorded<PicksEvent>[];

/** A `choices` row a run writes, every column: a made choice's fields, and what the run adds to them. */
export type ChoiceRow = ChoiceMadeData & {
  status: 'active' | 'voided';
  voidReason: string | null;
  retroactive: boolean;
  madeBy: string | null;
  madeAt: string;
};

/** A choice id's row as the run goes: the stored one (maybe voided since), one the run made, or none. */
type Slot =
  | { source: 'stored'; userId: string; status: string; voidReason: string | null }
  | { source: 'run'; row: ChoiceRow }
  | null;

/** The writes that take `choices` from before a run to after it, and what each event changed. */
export interface PickRunPlan {
  /** Rows each event changed, as its own statement would count them (0: a replay, say). */
  changed: number[];
  /** Stored rows to delete (withdrawn, cleared, or replaced by a row the run made). */
  deletes: string[];
  /** Rows the run made that are there after it. */
  inserts: ChoiceRow[];
  /** Stored rows the run voided. */
  voids: { choiceId: string; reason: string }[];
}

/** Every choice id the events of a run name. */
export function choiceIdsOf(run: PickRun): string[] {
  const ids = new Set<string>();
  for (const event of run) {
    switch (event.type) {
      case 'ChoiceMade':
      case 'ChoiceWithdrawn':
      case 'ChoiceVoided':
        ids.add(event.data.choiceId);
        break;
      case 'PeriodChoicesCleared':
        for (const id of event.data.choiceIds) ids.add(id);
        break;
      case 'RetroactiveChoicesMade':
        for (const choice of event.data.choices) ids.add(choice.choiceId);
        break;
      default:
        return assertNever(event);
    }
  }
  return [...ids];
}

/**
 * Plays a run of picks events over the rows they name, exactly as their statements one after the
 * other would (`ON CONFLICT DO NOTHING` on a made pick, a withdrawal or a void only of the player's
 * own row, a void only once), and answers the net writes: the order of the run is settled here, so
 * the writes themselves can be set-based.
 */
export function planPickRun(
  run: PickRun,
  /** What the events test of the rows that were there before the run. */
  stored: ReadonlyMap<string, { userId: string; status: string }>,
): PickRunPlan {
  const slots = new Map<string, Slot>();
  const slot = (id: string): Slot => {
    if (slots.has(id)) return slots.get(id)!;
    const row = stored.get(id);
    return row ? { source: 'stored', userId: row.userId, status: row.status, voidReason: null } : null;
  };
  const userOf = (s: NonNullable<Slot>) => (s.source === 'stored' ? s.userId : s.row.userId);
  const changed: number[] = [];
  for (const event of run) {
    const madeBy = event.metadata?.actor ?? null;
    const madeAt = event.metadata?.occurredAt ?? event.recordedAt.toISOString();
    let count = 0;
    const make = (
      { choiceId, userId, periodId, optionId, teamKey, teamName }: ChoiceMadeData,
      retroactive: boolean,
    ) => {
      if (slot(choiceId) !== null) return;
      const row: ChoiceRow = {
        choiceId,
        userId,
        periodId,
        optionId,
        teamKey,
        teamName,
        status: 'active',
        voidReason: null,
        retroactive,
        madeBy,
        madeAt,
      };
      slots.set(choiceId, { source: 'run', row });
      count++;
    };
    const remove = (id: string, userId: string) => {
      const current = slot(id);
      if (current === null || userOf(current) !== userId) return;
      slots.set(id, null);
      count++;
    };
    switch (event.type) {
      case 'ChoiceMade':
        make(event.data, false);
        break;
      case 'RetroactiveChoicesMade': {
        const { userId, periodId, choices } = event.data;
        for (const choice of choices) make({ ...choice, userId, periodId }, true);
        break;
      }
      case 'ChoiceWithdrawn':
        remove(event.data.choiceId, event.data.userId);
        break;
      case 'PeriodChoicesCleared':
        for (const id of new Set(event.data.choiceIds)) remove(id, event.data.userId);
        break;
      case 'ChoiceVoided': {
        const d = event.data;
        const current = slot(d.choiceId);
        if (current === null || userOf(current) !== d.userId) break;
        if (current.source === 'stored' && current.status !== 'voided') {
          slots.set(d.choiceId, { ...current, status: 'voided', voidReason: d.reason });
          count++;
        } else if (current.source === 'run' && current.row.status !== 'voided') {
          slots.set(d.choiceId, {
            source: 'run',
            row: { ...current.row, status: 'voided', voidReason: d.reason },
          });
          count++;
        }
        break;
      }
      default:
        return assertNever(event);
    }
    changed.push(count);
  }
  const plan: PickRunPlan = { changed, deletes: [], inserts: [], voids: [] };
  for (const [id, current] of slots) {
    const before = stored.get(id);
    if (before && (current === null || current.source === 'run')) plan.deletes.push(id);
    if (current?.source === 'run') plan.inserts.push(current.row);
    if (current?.source === 'stored' && current.status === 'voided' && before?.status !== 'voided') {
      plan.voids.push({ choiceId: id, reason: current.voidReason! });
    }
  }
  return plan;
}

/**
 * Applies a run of picks events to `choices` in a handful of statements: reads the rows they name,
 * plans the net writes, and writes them. Answers how many rows each event changed.
 */
export async function writePickRun(sql: Sql, t: Tables, run: PickRun): Promise<number[]> {
  const ids = choiceIdsOf(run);
  const { rows } = await sql.query<{ choice_id: string; user_id: string; status: string }>(
    `SELECT choice_id, user_id, status FROM ${t.choices} WHERE choice_id = ANY($1::text[])`,
    [ids],
  );
  const plan = planPickRun(
    run,
    new Map(rows.map((row) => [row.choice_id, { userId: row.user_id, status: row.status }])),
  );
  if (plan.deletes.length > 0) {
    await sql.query(`DELETE FROM ${t.choices} WHERE choice_id = ANY($1::text[])`, [plan.deletes]);
  }
  if (plan.inserts.length > 0) {
    const column = <K extends keyof ChoiceRow>(key: K) => plan.inserts.map((row) => row[key]);
    await sql.query(
      `INSERT INTO ${t.choices} (choice_id, user_id, period_id, option_id, team_key, team_name, status, void_reason,
                                 retroactive, made_by, made_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::integer[], $4::text[], $5::text[], $6::text[], $7::text[],
                            $8::text[], $9::boolean[], $10::text[], $11::timestamptz[])`,
      [
        column('choiceId'),
        column('userId'),
        column('periodId'),
        column('optionId'),
        column('teamKey'),
        column('teamName'),
        column('status'),
        column('voidReason'),
        column('retroactive'),
        column('madeBy'),
        column('madeAt'),
      ],
    );
  }
  if (plan.voids.length > 0) {
    await sql.query(
      `UPDATE ${t.choices} c SET status = 'voided', void_reason = v.reason
         FROM unnest($1::text[], $2::text[]) AS v(choice_id, reason)
        WHERE c.choice_id = v.choice_id`,
      [plan.voids.map((v) => v.choiceId), plan.voids.map((v) => v.reason)],
    );
  }
  return plan.changed;
}
