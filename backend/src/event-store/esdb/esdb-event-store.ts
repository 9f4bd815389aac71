import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  jsonEvent,
  type AppendExpectedRevision,
  type JSONType,
  type Position,
  type ResolvedEvent,
} from '@eventstore/db-client';
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
} from '../event-store.port.js';
import { EsdbSubscription } from './esdb-subscription.js';
import { toRecordedEvent, type StoredMetadata } from './recorded-event.js';
import { toEsdbStreamName } from './stream-names.js';

/** How many `$all` records one read asks for while skipping system events. */
const SCAN_CHUNK = 500;

const revisions = { no_stream: NO_STREAM, stream_exists: STREAM_EXISTS, any: ANY } as const;

function expectedRevision(expected: ExpectedVersion): AppendExpectedRevision {
  if (typeof expected === 'string') return revisions[expected];
  if (!Number.isInteger(expected) || expected < 0) throw new Error(`Invalid expected version ${expected}`);
  return BigInt(expected);
}

function isAfter(position: Position, than: Position): boolean {
  return (
    position.commit > than.commit || (position.commit === than.commit && position.prepare > than.prepare)
  );
}

/** Our position is the commit position; an event's record starts there too (commit = prepare). */
function positionAfter(position: bigint): Position | typeof START {
  return position === 0n ? START : { commit: position, prepare: position };
}

/**
 * Event store on EventStoreDB (`EVENTSTORE_URL=esdb://…`) through `@eventstore/db-client`.
 * Streams keep their ids (see stream-names.ts), versions are stream revisions, positions are
 * `$all` commit positions, and our metadata is the event's JSON metadata. Expected-version checks,
 * idempotent ids (the same event ids at the same expected version append once) and global order
 * are EventStoreDB's own.
 */
export class EsdbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly subscriptions = new Set<EsdbSubscription>();

  constructor(private readonly client: EventStoreDBClient) {}

  static connect(url: string): EsdbEventStore {
    return new EsdbEventStore(EventStoreDBClient.connectionString(url));
  }

  /**
   * Copies recorded events of one stream from another store with their ids, versions (given by the
   * expected version), and the original position and recorded time in `migratedFrom`. Re-running
   * it with the same events is harmless: EventStoreDB accepts the same ids at the same version once.
   */
  importEvents(
    streamId: string,
    events: RecordedEvent[],
    expectedVersion: ExpectedVersion,
  ): Promise<AppendResult> {
    return this.append(
      streamId,
      events.map((event) => ({
        ...event,
        metadata: {
          ...event.metadata,
          migratedFrom: { position: event.position.toString(), recordedAt: event.recordedAt.toISOString() },
        } satisfies StoredMetadata,
      })),
      expectedVersion,
    );
  }

  /**
   * `alsoExpect` is checked by reading those streams just before the append: EventStoreDB appends
   * to one stream at a time, so a change to one of them in between is not seen (the Postgres
   * adapter checks them in the append's own statement).
   */
  async append(
    streamId: string,
    events: NewEvent[],
    expected: ExpectedVersion,
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const alsoExpect = options.alsoExpect ?? [];
    const read = await this.readStreams(alsoExpect.map((other) => other.streamId));
    for (const [index, other] of alsoExpect.entries()) {
      const actual = read[index]!.at(-1)?.version ?? 'no_stream';
      if (actual !== other.version)
        throw new WrongExpectedVersionError(other.streamId, other.version, actual);
    }
    const reserved = events.find((event) => event.type.startsWith('$'));
    if (reserved)
      throw new Error(
        `Event type ${reserved.type} starts with $, which EventStoreDB reserves for system events`,
      );
    // An event without an id gets a new one from `jsonEvent`.
    const proposed = events.map((event) => jsonEvent({ ...event, data: event.data as JSONType }));
    try {
      const result = await this.client.appendToStream(toEsdbStreamName(streamId), proposed, {
        expectedRevision: expectedRevision(expected),
      });
      if (!result.position)
        throw new Error(`EventStoreDB did not report the position of the append to ${streamId}`);
      return { nextExpectedVersion: Number(result.nextExpectedRevision), position: result.position.commit };
    } catch (error) {
      if (error instanceof EsdbWrongExpectedVersionError) {
        const actual = error.actualVersion;
        throw new WrongExpectedVersionError(
          streamId,
          expected,
          typeof actual === 'bigint' ? Number(actual) : 'no_stream',
        );
      }
      throw error;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      const reader = this.client.readStream(toEsdbStreamName(streamId), {
        fromRevision: options.fromVersion ? BigInt(options.fromVersion) : START,
        ...(options.maxCount !== undefined ? { maxCount: options.maxCount } : {}),
        direction: FORWARDS,
      });
      for await (const resolved of reader) {
        const event = toRecordedEvent(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /** EventStoreDB reads one stream per call: the reads run side by side on the one connection. */
  async readStreams(streamIds: readonly string[]): Promise<RecordedEvent[][]> {
    const ids = [...new Set(streamIds)];
    const read = new Map(await Promise.all(ids.map(async (id) => [id, await this.readStream(id)] as const)));
    return streamIds.map((id) => [...read.get(id)!]);
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    const types = options.types ? new Set(options.types) : null;
    await this.scanForwards(
      options.after,
      (event) => {
        if (types === null || types.has(event.type)) events.push(event);
        return events.length < options.maxCount;
      },
      options.maxCount + 1,
    );
    return events;
  }

  /**
   * Reads `$all` forwards from just after `after`, skipping system events, and hands each of ours to
   * `visit` until it returns false or the log ends. Reads from a position include the event at it,
   * and system events take up room in a read, so this reads in chunks and filters itself.
   */
  private async scanForwards(
    after: bigint,
    visit: (event: RecordedEvent) => boolean,
    chunk = SCAN_CHUNK,
  ): Promise<void> {
    let from: Position | typeof START = positionAfter(after);
    // Compare whole (commit, prepare) pairs, so two records that shared a commit position would
    // both be seen; `after` itself is a record with commit = prepare.
    let last: Position = { commit: after, prepare: after };
    let visiting = true;
    for (;;) {
      let scanned = 0;
      let next: Position | null = null;
      // Each read is drained to its end even once `visit` has had enough: leaving a gRPC read
      // half-read would hold the connection's flow-control window.
      for await (const resolved of this.client.readAll({
        fromPosition: from,
        maxCount: chunk,
        direction: FORWARDS,
      })) {
        scanned++;
        const position = resolved.event?.position;
        if (!visiting || !position || !isAfter(position, last)) continue;
        last = position;
        next = position;
        const event = toRecordedEvent(resolved);
        if (event) visiting = visit(event);
      }
      if (!visiting || scanned < chunk || next === null) return;
      from = next;
    }
  }

  async headPosition(): Promise<bigint> {
    let from: Position | typeof END = END;
    for (;;) {
      let scanned = 0;
      let oldest: Position | null = null;
      let head: bigint | null = null;
      const reader = this.client.readAll({ fromPosition: from, maxCount: SCAN_CHUNK, direction: BACKWARDS });
      for await (const resolved of reader as AsyncIterable<ResolvedEvent>) {
        scanned++;
        const position: Position | undefined = resolved.event?.position;
        if (head !== null || !position) continue;
        if (from !== END && position.commit >= from.commit) continue;
        if (toRecordedEvent(resolved)) head = position.commit;
        oldest = position;
      }
      if (head !== null) return head;
      if (scanned < SCAN_CHUNK || oldest === null) return 0n;
      from = oldest;
    }
  }

  async countAfter(position: bigint, types?: readonly string[]): Promise<number> {
    const counted = types ? new Set(types) : null;
    let count = 0;
    await this.scanForwards(position, (event) => {
      if (counted === null || counted.has(event.type)) count++;
      return true;
    });
    return count;
  }

  subscribe(handler: SubscriptionHandler, options: SubscribeOptions): Subscription {
    const subscription = new EsdbSubscription(this.client, handler, options, () =>
      this.subscriptions.delete(subscription),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.client.dispose();
  }
}
