import type { RecordedEvent } from '../event-store/event-store.port.js';
import {
  poolIdColumn,
  relatedName,
  type Projection,
  type ProjectionContext,
} from '../projections/projection.js';
import { withoutPersonalData } from '../shared/domain/personal-data.js';

/** Ids an event is about, wherever its data keeps them: what the audit can be filtered by. */
function subjects(event: RecordedEvent) {
  const data = (event.data ?? {}) as Record<string, unknown>;
  const nested = (data.prize ?? data.user ?? {}) as Record<string, unknown>;
  const periodId = typeof data.periodId === 'number' ? data.periodId : null;
  const userId =
    typeof data.userId === 'string'
      ? data.userId
      : typeof nested.id === 'string' && data.user
        ? nested.id
        : null;
  const optionId = typeof data.optionId === 'string' ? data.optionId : null;
  return { periodId, userId, optionId };
}

/** Every event of a batch as a row, in one statement (a rebuild's 5,000 events, a rush's picks). */
async function insert(events: readonly RecordedEvent[], { sql, table }: ProjectionContext): Promise<void> {
  const rows = events.map((event) => ({ event, ...subjects(event) }));
  await sql.query(
    `INSERT INTO ${table('audit_log')}
       (position, stream_id, type, actor, source, occurred_at, correlation_id, period_id, user_id, option_id, data)
     SELECT position, stream_id, type, actor, source, occurred_at, correlation_id, period_id, user_id, option_id,
            data::jsonb
       FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::text[],
                   $8::integer[], $9::text[], $10::text[], $11::text[])
            AS e(position, stream_id, type, actor, source, occurred_at, correlation_id, period_id, user_id, option_id, data)
     ON CONFLICT (pool_id, position) DO NOTHING`,
    [
      rows.map((row) => row.event.position.toString()),
      rows.map((row) => row.event.streamId),
      rows.map((row) => row.event.type),
      rows.map((row) => row.event.metadata.actor),
      rows.map((row) => row.event.metadata.source),
      rows.map((row) => row.event.metadata.occurredAt),
      rows.map((row) => row.event.metadata.correlationId),
      rows.map((row) => row.periodId),
      rows.map((row) => row.userId),
      rows.map((row) => row.optionId),
      // Who did what, never the person's data itself (docs/adr/017): names come from `users` at read time.
      rows.map((row) => JSON.stringify(withoutPersonalData(row.event.type, row.event.data))),
    ],
  );
}

/**
 * The event history as admins read it: what happened, when, by whom, from which source. Every
 * event of the log, with the ids it concerns pulled out for filtering.
 */
export const auditProjection: Projection = {
  name: 'audit',
  version: 3,
  tables: [
    {
      name: 'audit_log',
      ddl: (table) => [
        `CREATE TABLE ${table} (
          ${poolIdColumn},
          position bigint NOT NULL,
          stream_id text NOT NULL,
          type text NOT NULL,
          actor text NOT NULL,
          source text NOT NULL,
          occurred_at timestamptz NOT NULL,
          correlation_id text,
          period_id integer,
          user_id text,
          option_id text,
          data jsonb NOT NULL,
          PRIMARY KEY (pool_id, position)
        )`,
        `CREATE INDEX ${relatedName(table, 'stream_idx')} ON ${table} (pool_id, stream_id, position)`,
        `CREATE INDEX ${relatedName(table, 'period_idx')} ON ${table} (pool_id, period_id, position) WHERE period_id IS NOT NULL`,
        `CREATE INDEX ${relatedName(table, 'user_idx')} ON ${table} (pool_id, user_id, position) WHERE user_id IS NOT NULL`,
        `CREATE INDEX ${relatedName(table, 'actor_idx')} ON ${table} (pool_id, actor, position)`,
      ],
    },
  ],
  eventTypes: 'all',
  async apply(event, context) {
    await insert([event], context);
  },
  async applyBatch(events, context) {
    await insert(events, context);
    return events.length > 0 ? [{ keys: [['admin', 'audit']], audience: null }] : [];
  },
  queryKeysFor: () => [['admin', 'audit']],
};
