/**
 * Appends asked for in one turn of the event loop share one statement (one round trip, one commit)
 * where they can: at a deadline a turn holds twenty or forty picks, each of its own player's stream.
 * docs/adr/018-a-pick-in-two-round-trips.md, "Appends of one turn".
 */
import { WrongExpectedVersionError, type AppendResult } from './event-store.port.js';

type Query = <Row>(text: string, params: readonly unknown[]) => Promise<{ rows: Row[] }>;

/** An append waiting for the end of its turn, to go in with the others of the turn. */
export interface TurnAppend {
  streamId: string;
  eventCount: number;
  /** The events, each with its id. */
  events: unknown[];
  expected: number | 'no_stream';
  /** The other streams its decision read, at the versions read (-1: none). */
  alsoExpect: { streamId: string; version: number }[];
}

/** Two first appends racing on a stream's row, or two decisions waiting for each other: a conflict. */
export const isConflict = (error: unknown): boolean =>
  ['23505', '40P01'].includes((error as { code?: string } | null)?.code ?? '');

/** The versions of the streams named (a stream not there yet is absent). */
export async function currentVersions(query: Query, streamIds: string[]): Promise<Map<string, number>> {
  const { rows } = await query<{ stream_id: string; version: string }>(
    'SELECT stream_id, version FROM event_streams WHERE stream_id = ANY($1::text[])',
    [streamIds],
  );
  return new Map(rows.map((row) => [row.stream_id, Number(row.version)]));
}

interface Waiting extends TurnAppend {
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/**
 * The appends of the current turn: at its end, in their groups (`groupAppends`), side by side; a
 * group of one goes as a single append (`alone`). Events per transaction stay under 2^20.
 */
export class TurnAppends {
  private turn: Waiting[] = [];

  constructor(
    private readonly query: Query,
    private readonly alone: (append: TurnAppend) => Promise<AppendResult>,
    private readonly appended: () => void,
    private readonly sql: string,
  ) {}

  add(append: TurnAppend): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      if (this.turn.push({ ...append, resolve, reject }) === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const turn = this.turn;
    this.turn = [];
    for (const group of groupAppends(turn, 1 << 20)) {
      if (group.length === 1) this.one(group[0]!);
      else void this.group(group);
    }
  }

  private one(append: Waiting): void {
    this.alone(append).then(append.resolve, append.reject);
  }

  /**
   * One statement for the group. An append whose streams have moved is refused alone; a conflict
   * the database reports for the whole statement (a race, a deadlock) sends each append on alone.
   */
  private async group(group: Waiting[]): Promise<void> {
    let starts = 0;
    const params = [
      group.map((append) => append.streamId),
      group.map((append) => append.eventCount),
      group.map((append) => ((starts += append.eventCount), starts - append.eventCount)),
      group.map((append) => (append.expected === 'no_stream' ? -1 : append.expected)),
      group.flatMap((append, index) => append.alsoExpect.map(() => index + 1)),
      group.flatMap((append) => append.alsoExpect.map((other) => other.streamId)),
      group.flatMap((append) => append.alsoExpect.map((other) => other.version)),
      JSON.stringify(group.map((append) => append.events)),
    ];
    let rows: { n: string; version: string; first_position: string }[];
    try {
      ({ rows } = await this.query<{ n: string; version: string; first_position: string }>(this.sql, params));
    } catch (error) {
      if (isConflict(error)) for (const append of group) this.one(append);
      else for (const append of group) append.reject(error);
      return;
    }
    if (rows.length > 0) this.appended();
    const written = new Map(rows.map((row) => [Number(row.n), row]));
    const refused = group.filter((_append, index) => !written.has(index + 1));
    const versions = refused.length === 0 ? new Map<string, number>() : await this.versionsOf(refused);
    group.forEach((append, index) => {
      const row = written.get(index + 1);
      if (row === undefined) {
        const current = versions.get(append.streamId) ?? 'no_stream';
        append.reject(new WrongExpectedVersionError(append.streamId, append.expected, current));
        return;
      }
      append.resolve({
        nextExpectedVersion: Number(row.version),
        position: BigInt(row.first_position) + BigInt(append.eventCount - 1),
      });
    });
  }

  /** The refused appends' streams' versions; a failed read fails them with its error (a later reject is moot). */
  private async versionsOf(refused: Waiting[]): Promise<Map<string, number>> {
    try {
      return await currentVersions(
        this.query,
        refused.map((append) => append.streamId),
      );
    } catch (error) {
      for (const append of refused) append.reject(error);
      return new Map();
    }
  }
}

/** What grouping needs to know of an append. */
export interface Groupable {
  readonly streamId: string;
  readonly eventCount: number;
  readonly alsoExpect: ReadonlyArray<{ readonly streamId: string }>;
}

/**
 * The appends in groups that one statement can decide together: within a group no stream is written
 * twice, and no append expects a stream another of the group writes (the statement reads every
 * stream as it stood before it, so that append would land after a change it did not see). An append
 * that fits no group opens the next; the groups run side by side, as single appends did, and the
 * database orders what they share. Positions number a transaction's events in its low 20 bits, so a
 * group carries fewer than `maxEvents` in all.
 */
export function groupAppends<T extends Groupable>(appends: readonly T[], maxEvents: number): T[][] {
  const groups: { members: T[]; writes: Set<string>; reads: Set<string>; events: number }[] = [];
  for (const append of appends) {
    const reads = append.alsoExpect.map((other) => other.streamId);
    const group = groups.find(
      (candidate) =>
        !candidate.writes.has(append.streamId) &&
        !candidate.reads.has(append.streamId) &&
        !reads.some((id) => candidate.writes.has(id)) &&
        candidate.events + append.eventCount < maxEvents,
    );
    if (group === undefined) {
      groups.push({
        members: [append],
        writes: new Set([append.streamId]),
        reads: new Set(reads),
        events: append.eventCount,
      });
      continue;
    }
    group.members.push(append);
    group.writes.add(append.streamId);
    for (const id of reads) group.reads.add(id);
    group.events += append.eventCount;
  }
  return groups.map((group) => group.members);
}

/**
 * One statement for a group of appends, each expecting its stream at a version (`$4`, -1: no stream
 * yet). As a single append does (postgres-event-store.ts), it declares itself an appender and takes
 * every written stream's lock (in order: two groups never wait for each other) and every read
 * stream's lock, shared, before anything writes; then each append whose streams stand where it
 * expects moves its head and inserts its events, at positions numbered from `$3` within the
 * transaction. Answers a row per append that went in (`n`: its place in the group, from 1).
 *
 * `$1` streams, `$2` event counts, `$3` first offsets, `$4` expected versions; `$5`–`$7` the other
 * streams each decision read (its `n`, the stream, the version read, -1 for none); `$8` the events,
 * an array per append.
 */
export function groupAppendSql(appendersLock: bigint, firstPosition: string): string {
  const locked = '(SELECT count(*) FROM locks) = 1';
  return `WITH members AS MATERIALIZED (
      SELECT * FROM unnest($1::text[], $2::int[], $3::bigint[], $4::bigint[]) WITH ORDINALITY
        AS m(stream_id, size, start_at, expected, n)),
    locks AS MATERIALIZED (
      SELECT pg_advisory_xact_lock_shared(${appendersLock}),
        (SELECT count(pg_advisory_xact_lock(hashtextextended('stream:' || id, 0)))
           FROM (SELECT stream_id AS id FROM members ORDER BY stream_id) AS written),
        (SELECT count(pg_advisory_xact_lock_shared(hashtextextended('stream:' || id, 0)))
           FROM (SELECT DISTINCT id FROM unnest($6::text[]) AS id ORDER BY id) AS read)),
    others AS MATERIALIZED (
      SELECT stream_id, version FROM event_streams WHERE stream_id = ANY($6::text[]) AND ${locked} FOR SHARE),
    fit AS MATERIALIZED (
      SELECT m.* FROM members m WHERE ${locked} AND NOT EXISTS (
        SELECT FROM unnest($5::int[], $6::text[], $7::bigint[]) AS x(n, id, version)
        LEFT JOIN others o ON o.stream_id = x.id
        WHERE x.n = m.n AND coalesce(o.version, -1) <> x.version)),
    moved AS (
      UPDATE event_streams s SET version = s.version + f.size, updated_at = now()
        FROM fit f WHERE f.expected >= 0 AND s.stream_id = f.stream_id AND s.version = f.expected
        RETURNING s.stream_id, s.version),
    created AS (
      INSERT INTO event_streams (stream_id, version) SELECT stream_id, size - 1 FROM fit WHERE expected < 0
        ON CONFLICT (stream_id) DO NOTHING RETURNING stream_id, version),
    head AS MATERIALIZED (
      SELECT f.n, f.size, h.stream_id, h.version, ${firstPosition} + f.start_at AS first_position
        FROM (SELECT * FROM moved UNION ALL SELECT * FROM created) h JOIN fit f USING (stream_id)),
    appended AS (
      INSERT INTO events (position, stream_id, version, event_id, type, data, metadata)
      SELECT head.first_position + e.k - 1, head.stream_id, head.version - head.size + e.k,
             (e.event->>'id')::uuid, e.event->>'type', e.event->'data', e.event->'metadata'
        FROM head CROSS JOIN jsonb_array_elements($8::jsonb -> (head.n::int - 1)) WITH ORDINALITY AS e(event, k))
    SELECT n, version, first_position FROM head`;
}
