import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { EventMetadata } from '../shared/domain/event.js';
import type { TransactionalSql } from '../platform/database/sql.js';
import { withoutPoolSetting } from '../platform/pool-scope/pool-scope.js';
import { currentVersions, groupAppendSql, isConflict, TurnAppends } from './append-groups.js';
import { PollingSubscription } from './polling-subscription.js';
import {
  WrongExpectedVersionError,
  type AppendOptions,
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

/**
 * The first position of the current transaction's append (its transaction id exists once the
 * `event_streams` row is written): the base keeps positions above any restored or older ones.
 */
const firstPosition = `(SELECT base FROM event_positions) + (pg_current_xact_id()::text::bigint << 20)`;
const firstPositionSql = `${firstPosition} AS first_position`;

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

/** The advisory lock every appending transaction holds (shared) while it runs: readers look for them. */
const APPENDERS_LOCK = 0x7472_6562n;

/**
 * Before anything writes (which would give the statement's transaction its id), the append declares
 * itself an appender (readers wait only for appenders, not for every transaction on the server,
 * ADR 010) and takes its stream's lock, so the one that appends later also gets the later
 * transaction id; it also holds the lock of every other stream its decision read (`$4`), shared, so
 * a writer of one of them waits for it before taking its id. The locks are taken by a one-time
 * condition of the head statement below (a materialized CTE read by an uncorrelated subquery),
 * which Postgres evaluates before it touches a row.
 */
const locks = `locks AS MATERIALIZED (
  SELECT pg_advisory_xact_lock_shared(${APPENDERS_LOCK}), pg_advisory_xact_lock(hashtextextended('stream:' || $1::text, 0)),
         (SELECT count(pg_advisory_xact_lock_shared(hashtextextended('stream:' || id, 0))) FROM unnest($4::text[]) AS id))`;
const locked = '(SELECT count(*) FROM locks) = 1';

/**
 * Every other stream the decision read (`$4` ids, `$5` versions, -1 for none) still stands where it
 * was read. Their locks (above) keep them from moving until the append commits; their rows are read
 * FOR SHARE so that one moved while this statement waited for its lock is seen at its new version,
 * not at the statement's snapshot. So a decision never lands after a change it did not see.
 */
const others = `others AS MATERIALIZED (
  SELECT stream_id, version FROM event_streams WHERE stream_id = ANY($4::text[]) AND ${locked} FOR SHARE)`;
const othersHold = `NOT EXISTS (SELECT FROM unnest($4::text[], $5::bigint[]) AS x(id, version)
  LEFT JOIN others o ON o.stream_id = x.id WHERE coalesce(o.version, -1) <> x.version)`;

/** How an append moves its stream's row to the new version, by what it expects (a version: `$6`). */
const headSql = {
  no_stream: `INSERT INTO event_streams (stream_id, version) SELECT $1, $2 - 1 WHERE ${locked} AND ${othersHold}
    ON CONFLICT (stream_id) DO NOTHING`,
  any: `INSERT INTO event_streams (stream_id, version) SELECT $1, $2 - 1 WHERE ${locked} AND ${othersHold}
    ON CONFLICT (stream_id) DO UPDATE SET version = event_streams.version + $2, updated_at = now()`,
  stream_exists: `UPDATE event_streams SET version = version + $2, updated_at = now()
    WHERE stream_id = $1 AND ${locked} AND ${othersHold}`,
  version: `UPDATE event_streams SET version = version + $2, updated_at = now()
    WHERE stream_id = $1 AND version = $6 AND ${locked} AND ${othersHold}`,
};

/** Most events one append may carry: the low bits of a position number events within a transaction. */
const MAX_EVENTS_PER_APPEND = 1 << 20;

/**
 * Event store on a Postgres `events` table: a global position, a per-stream version and a unique
 * (stream, version) constraint. Appends check the expected version with a single conditional
 * statement on `event_streams`, so concurrent appenders at the same version serialize on that row
 * and all but one fail with WrongExpectedVersionError; no duplicate version can ever be written.
 *
 * Positions follow transaction ids, not a sequence (docs/adr/010-a-reader-that-never-skips.md):
 * position = base + (transaction id << 20) + index within the append. A reader admits only events
 * of transactions older than every running one, so nothing can ever commit BEHIND a position a
 * reader has passed. Appenders to one stream take the stream's advisory lock before their
 * transaction id exists, so a stream's versions and its positions grow together.
 */
export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private readonly appended = new EventEmitter();
  /** This turn's appends that expect a version (or no stream): they go in together at its end. */
  private readonly turn = new TurnAppends(
    (text, params) => this.query(text, params),
    (append) => this.appendAlone(append.streamId, append.events, append.expected, append.alsoExpect),
    () => this.appended.emit('appended'),
    groupAppendSql(APPENDERS_LOCK, firstPosition),
  );

  constructor(
    private readonly database: TransactionalSql,
    private readonly pollIntervalMs = 500,
  ) {
    this.appended.setMaxListeners(0);
  }

  /** The log's statements, on whichever connection is free: the log has no pool's rows (pool-scope.ts). */
  private query<Row>(text: string, params: readonly unknown[] = []) {
    return withoutPoolSetting(() => this.database.query<Row>(text, params));
  }

  /**
   * An append that expects a version (or no stream yet) waits for the end of its turn and goes in
   * with the others of the turn, in as few statements as `groupAppends` allows; any other, alone.
   * Either way its stream's expected version and every other stream its decision read are checked
   * in the statement that writes it.
   */
  async append(
    streamId: string,
    events: NewEvent[],
    expected: ExpectedVersion,
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    const count = events.length;
    if (count === 0) throw new Error('append needs at least one event');
    if (count >= MAX_EVENTS_PER_APPEND)
      throw new Error(`An append carries at most ${MAX_EVENTS_PER_APPEND - 1} events`);
    if (typeof expected === 'number' && (!Number.isInteger(expected) || expected < 0))
      throw new Error(`Invalid expected version ${expected}`);
    const withIds = events.map((event) => ({ ...event, id: event.id ?? randomUUID() }));
    const alsoExpect = (options.alsoExpect ?? []).map((other) => ({
      streamId: other.streamId,
      version: other.version === 'no_stream' ? -1 : other.version,
    }));
    if (expected !== 'no_stream' && typeof expected !== 'number')
      return this.appendAlone(streamId, withIds, expected, alsoExpect);
    return this.turn.add({ streamId, eventCount: count, events: withIds, expected, alsoExpect });
  }

  /**
   * One statement, in a transaction of its own: the stream's lock, the head moved to its new
   * version (only where the expected versions hold) and the events inserted with the versions and
   * positions the head took. A conflict writes nothing and costs one more statement, to report the
   * stream's version.
   */
  private async appendAlone(
    streamId: string,
    events: unknown[],
    expected: ExpectedVersion,
    alsoExpect: { streamId: string; version: number }[],
  ): Promise<AppendResult> {
    const count = events.length;
    const params: unknown[] = [
      streamId,
      count,
      JSON.stringify(events),
      alsoExpect.map((other) => other.streamId),
      alsoExpect.map((other) => other.version),
    ];
    if (typeof expected === 'number') params.push(expected);
    const head = headSql[typeof expected === 'number' ? 'version' : expected];
    let written: { version: string; first_position: string } | undefined;
    try {
      ({
        rows: [written],
      } = await this.query<{ version: string; first_position: string }>(
        `WITH ${locks}, ${others}, head AS (${head} RETURNING version, ${firstPositionSql}),
           appended AS (
             INSERT INTO events (position, stream_id, version, event_id, type, data, metadata)
             SELECT head.first_position + e.n - 1, $1, head.version - $2 + e.n,
                    (e.event->>'id')::uuid, e.event->>'type', e.event->'data', e.event->'metadata'
             FROM head CROSS JOIN jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e(event, n)
           )
           SELECT version, first_position FROM head`,
        params,
      ));
    } catch (error) {
      // Two first appends to a new stream with `any` can race on the insert (a unique violation), and
      // two decisions that each read the other's stream can wait for each other (a deadlock the
      // server breaks): either is a conflict, retried as one.
      if (!isConflict(error)) throw error;
    }
    if (written === undefined) {
      const current = (await currentVersions((text, p) => this.query(text, p), [streamId])).get(streamId);
      throw new WrongExpectedVersionError(streamId, expected, current ?? 'no_stream');
    }
    this.appended.emit('appended');
    const lastVersion = Number(written.version);
    const firstPosition = BigInt(written.first_position);
    return { nextExpectedVersion: lastVersion, position: firstPosition + BigInt(count - 1) };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.query<EventRow>(
      `SELECT ${selectColumns} FROM events WHERE stream_id = $1 AND version >= $2 ORDER BY version LIMIT $3`,
      [streamId, options.fromVersion ?? 0, options.maxCount ?? null],
    );
    return rows.map(toRecorded);
  }

  async readStreams(streamIds: readonly string[]): Promise<RecordedEvent[][]> {
    const ids = [...new Set(streamIds)];
    if (ids.length === 0) return [];
    const { rows } = await this.query<EventRow>(
      `SELECT ${selectColumns} FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, version`,
      [ids],
    );
    const byStream = new Map<string, RecordedEvent[]>(ids.map((id) => [id, []]));
    for (const row of rows) byStream.get(row.stream_id)!.push(toRecorded(row));
    return streamIds.map((id) => [...byStream.get(id)!]);
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    // Only events of transactions older than every appender still running. Positions grow with
    // transaction ids, so every event still to commit has a position above all of these: a reader
    // that has passed a position can never find a new event behind it.
    const boundary = await this.appendersBoundary();
    const { rows } = await this.query<EventRow>(
      `SELECT ${selectColumns} FROM events
       WHERE position > $1 AND transaction_id < $3::text::xid8${options.types ? ' AND type = ANY($4::text[])' : ''}
       ORDER BY position LIMIT $2`,
      [
        options.after.toString(),
        options.maxCount,
        boundary.toString(),
        ...(options.types ? [[...options.types]] : []),
      ],
    );
    return rows.map(toRecorded);
  }

  /**
   * The oldest transaction id an event may still commit with: the smallest id of an appender
   * that is still running, or the next id to be handed out when none is. Read in this order (the
   * next id first, then the appenders, then — by the caller — the events) so that an appender
   * that takes its id in between is either counted or gets an id above the bound. Each appender
   * holds APPENDERS_LOCK (shared) from before it has an id until it ends (ADR 010). A long
   * transaction that appends nothing (a report, an index build, another database) holds no reader.
   */
  private async appendersBoundary(): Promise<bigint> {
    const { rows: next } = await this.query<{ next: string }>(
      'SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next',
    );
    const nextId = BigInt(next[0]!.next);
    // backend_xid is a 32-bit id: widen it with the epoch of the next id. A running appender's id
    // lies less than 2^31 behind it; one that took its id after `next` was read (0 or "ahead")
    // gets a position above anything this read can return, so it does not lower the bound.
    const { rows } = await this.query<{ oldest: string | null }>(
      `SELECT min($1::bigint - d.behind)::text AS oldest
         FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        CROSS JOIN LATERAL (SELECT (($1::bigint % 4294967296) - a.backend_xid::text::bigint + 4294967296) % 4294967296 AS behind) d
        WHERE l.locktype = 'advisory' AND l.granted AND l.classid = $2 AND l.objid = $3 AND l.objsubid = 1
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND a.backend_xid IS NOT NULL AND d.behind BETWEEN 1 AND 2147483648`,
      [nextId.toString(), (APPENDERS_LOCK >> 32n).toString(), (APPENDERS_LOCK & 0xffffffffn).toString()],
    );
    const oldest = rows[0]?.oldest ?? null;
    return oldest !== null && BigInt(oldest) < nextId ? BigInt(oldest) : nextId;
  }

  /** The newest committed event, including one a reader must still hold back behind a running transaction. */
  async headPosition(): Promise<bigint> {
    const { rows } = await this.query<{ head: string | null }>('SELECT max(position) AS head FROM events');
    return BigInt(rows[0]?.head ?? '0');
  }

  /** Every committed event after the position, held back ones included: a lag that is never too small. */
  async countAfter(position: bigint, types?: readonly string[]): Promise<number> {
    const { rows } = await this.query<{ count: string }>(
      `SELECT count(*) AS count FROM events WHERE position > $1${types ? ' AND type = ANY($2::text[])' : ''}`,
      [position.toString(), ...(types ? [[...types]] : [])],
    );
    return Number(rows[0]?.count ?? 0);
  }

  subscribe(handler: SubscriptionHandler, options: SubscribeOptions): Subscription {
    return new PollingSubscription(this, this.appended, handler, options, this.pollIntervalMs);
  }

  async close(): Promise<void> {
    this.appended.removeAllListeners();
  }
}
