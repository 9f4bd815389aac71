import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { EventMetadata } from '../shared/domain/event.js';
import type { Sql, TransactionalSql } from '../platform/database/sql.js';
import { PollingSubscription } from './polling-subscription.js';
import {
  WrongExpectedVersionError,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  type SubscriptionHandler,
} from './event-store.port.js';

interface EventRow {
  position: string;
  stream_id: string;
  version: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
}

const selectColumns = 'position, stream_id, version, event_id, type, data, metadata, recorded_at';

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    version: Number(row.version),
    position: BigInt(row.position),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
  };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

/**
 * Event store on a Postgres `events` table: a global position, a per-stream version and a unique
 * (stream, version) constraint. Appends check the expected version with a single conditional
 * statement on `event_streams`, so concurrent appenders at the same version serialize on that row
 * and all but one fail with WrongExpectedVersionError; no duplicate version can ever be written.
 */
export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private readonly appended = new EventEmitter();

  constructor(
    private readonly database: TransactionalSql,
    private readonly pollIntervalMs = 500,
  ) {
    this.appended.setMaxListeners(0);
  }

  async append(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    let result: AppendResult;
    try {
      result = await this.database.transaction((sql) => this.appendIn(sql, streamId, events, expectedVersion));
    } catch (error) {
      // Two first appends to a new stream with `any` can race on the insert: report a conflict.
      if (isUniqueViolation(error)) {
        throw new WrongExpectedVersionError(streamId, expectedVersion, await this.currentVersion(this.database, streamId));
      }
      throw error;
    }
    this.appended.emit('appended');
    return result;
  }

  private async appendIn(sql: Sql, streamId: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    const count = events.length;
    let rows: { version: string }[];
    if (expected === 'no_stream') {
      ({ rows } = await sql.query<{ version: string }>(
        `INSERT INTO event_streams (stream_id, version) VALUES ($1, $2 - 1)
         ON CONFLICT (stream_id) DO NOTHING RETURNING version`,
        [streamId, count],
      ));
    } else if (expected === 'any') {
      ({ rows } = await sql.query<{ version: string }>(
        `INSERT INTO event_streams (stream_id, version) VALUES ($1, $2 - 1)
         ON CONFLICT (stream_id) DO UPDATE SET version = event_streams.version + $2, updated_at = now()
         RETURNING version`,
        [streamId, count],
      ));
    } else if (expected === 'stream_exists') {
      ({ rows } = await sql.query<{ version: string }>(
        `UPDATE event_streams SET version = version + $2, updated_at = now() WHERE stream_id = $1 RETURNING version`,
        [streamId, count],
      ));
    } else {
      if (!Number.isInteger(expected) || expected < 0) throw new Error(`Invalid expected version ${expected}`);
      ({ rows } = await sql.query<{ version: string }>(
        `UPDATE event_streams SET version = version + $2, updated_at = now()
         WHERE stream_id = $1 AND version = $3 RETURNING version`,
        [streamId, count, expected],
      ));
    }
    const head = rows[0];
    if (head === undefined) {
      throw new WrongExpectedVersionError(streamId, expected, await this.currentVersion(sql, streamId));
    }
    const lastVersion = Number(head.version);
    const firstVersion = lastVersion - count + 1;
    const values: unknown[] = [];
    const tuples = events.map((event, index) => {
      values.push(streamId, firstVersion + index, event.id ?? randomUUID(), event.type, JSON.stringify(event.data), JSON.stringify(event.metadata));
      const base = index * 6;
      return `($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}, $${base + 5}::jsonb, $${base + 6}::jsonb)`;
    });
    const inserted = await sql.query<{ position: string }>(
      `INSERT INTO events (stream_id, version, event_id, type, data, metadata) VALUES ${tuples.join(', ')}
       RETURNING position`,
      values,
    );
    const positions = inserted.rows.map((row) => BigInt(row.position));
    const position = positions.reduce((max, value) => (value > max ? value : max), 0n);
    return { nextExpectedVersion: lastVersion, position };
  }

  private async currentVersion(sql: Sql, streamId: string): Promise<number | 'no_stream'> {
    const { rows } = await sql.query<{ version: string }>('SELECT version FROM event_streams WHERE stream_id = $1', [streamId]);
    return rows[0] === undefined ? 'no_stream' : Number(rows[0].version);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.database.query<EventRow>(
      `SELECT ${selectColumns} FROM events WHERE stream_id = $1 AND version >= $2 ORDER BY version LIMIT $3`,
      [streamId, options.fromVersion ?? 0, options.maxCount ?? null],
    );
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    // Only events of transactions older than every running one: a later commit can then never
    // appear behind a position a reader has already passed.
    const { rows } = await this.database.query<EventRow>(
      `SELECT ${selectColumns} FROM events
       WHERE position > $1 AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY position LIMIT $2`,
      [options.after.toString(), options.maxCount],
    );
    return rows.map(toRecorded);
  }

  async headPosition(): Promise<bigint> {
    const { rows } = await this.database.query<{ head: string | null }>(
      'SELECT max(position) AS head FROM events WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())',
    );
    return BigInt(rows[0]?.head ?? '0');
  }

  async countAfter(position: bigint): Promise<number> {
    const { rows } = await this.database.query<{ count: string }>(
      'SELECT count(*) AS count FROM events WHERE position > $1 AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())',
      [position.toString()],
    );
    return Number(rows[0]?.count ?? 0);
  }

  subscribe(handler: SubscriptionHandler, options: SubscribeOptions): Subscription {
    return new PollingSubscription(this, this.appended, handler, options, this.pollIntervalMs);
  }

  async close(): Promise<void> {
    this.appended.emit('closed');
    this.appended.removeAllListeners();
  }
}
