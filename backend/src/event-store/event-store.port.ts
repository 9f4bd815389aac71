import { ConcurrentChangeError } from '../shared/domain/domain-error.js';
import type { EventMetadata } from '../shared/domain/event.js';

/**
 * The event store port. Two adapters implement it behind one contract test suite: the Postgres
 * adapter (default, also inside the embedded database) and, later, EventStoreDB.
 *
 * Stream versions count from 0 (the first event of a stream has version 0), as in EventStoreDB.
 * Global positions only grow; they are opaque bigints (EventStoreDB uses commit positions).
 */
export interface NewEvent<Data = unknown> {
  type: string;
  data: Data;
  metadata: EventMetadata;
  /** Optional id for idempotent appends; generated when absent. */
  id?: string;
}

export interface RecordedEvent<Data = unknown> {
  id: string;
  streamId: string;
  version: number;
  position: bigint;
  type: string;
  data: Data;
  metadata: EventMetadata;
  recordedAt: Date;
}

/**
 * What the appender believes about the stream: `no_stream` (must not exist), a number (its last
 * version must be exactly this), `stream_exists`, or `any`.
 */
export type ExpectedVersion = number | 'no_stream' | 'stream_exists' | 'any';

/**
 * Other streams a decision was made on, each at the version it was read at (`no_stream`: it did not
 * exist): the append goes in only if every one of them still stands there, in the same statement
 * where the storage allows it (Postgres), so state read from a cache is never trusted stale.
 */
export interface AppendOptions {
  readonly alsoExpect?: ReadonlyArray<{ readonly streamId: string; readonly version: number | 'no_stream' }>;
}

export interface AppendResult {
  /** Version of the last event appended: pass it as the next expected version. */
  nextExpectedVersion: number;
  /** Global position of the last event appended. */
  position: bigint;
}

export class WrongExpectedVersionError extends ConcurrentChangeError {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected version ${String(expected)}, but it is ${String(actual)}`);
    this.name = 'WrongExpectedVersionError';
  }
}

export interface ReadStreamOptions {
  fromVersion?: number;
  maxCount?: number;
}

export interface ReadStreamsOptions {
  /**
   * `true`: the streams may come from what this process last read or appended
   * (event-store/decision-cache.ts), so they may be stale: only for a decision that expects each at
   * its version when it appends. `'refresh'`: read them all afresh, and keep what was read.
   */
  cached?: boolean | 'refresh';
  /**
   * With `cached`: streams the decision is likely to ask about next, read in the same round trip
   * when they are not held, and kept (not answered). A guess that misses costs nothing more.
   */
  prefetch?: readonly string[];
}

export interface ReadAllOptions {
  /** Exclusive: events after this position. 0n reads from the beginning. */
  after: bigint;
  /** At most this many events (of `types`, when given). */
  maxCount: number;
  /** Only events of these types (a projection's rebuild skips the rest of the log); all when absent. */
  types?: readonly string[];
}

export type SubscriptionHandler = (events: RecordedEvent[]) => Promise<void>;

export interface Subscription {
  /** Resolves once the subscription has stopped (no handler call runs after that). */
  stop(): Promise<void>;
  /** Position of the last event handed to the handler and acknowledged. */
  readonly position: bigint;
}

export interface SubscribeOptions {
  after: bigint;
  batchSize?: number;
  /** Called when the handler throws; the subscription stops after it. */
  onError?: (error: unknown) => void;
}

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  /** Fails with WrongExpectedVersionError when the stream, or a stream of `alsoExpect`, has moved. */
  append(
    streamId: string,
    events: NewEvent[],
    expectedVersion: ExpectedVersion,
    options?: AppendOptions,
  ): Promise<AppendResult>;
  /** The stream's events in version order; an empty list for a stream that does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * Several whole streams at once, in one round trip where the storage allows it: each id's events
   * in version order, in the order the ids were given (an empty list for a stream that does not
   * exist; an id given twice is read once and answered twice).
   */
  readStreams(streamIds: readonly string[], options?: ReadStreamsOptions): Promise<RecordedEvent[][]>;
  /** Events of all streams after a global position, in global order (committed events only). */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Position of the newest committed event, 0n for an empty store. */
  headPosition(): Promise<bigint>;
  /** How many committed events lie after a position (a projection's lag); only of `types` when given. */
  countAfter(position: bigint, types?: readonly string[]): Promise<number>;
  /** A catch-up subscription: delivers each event once, in global order, then follows live. */
  subscribe(handler: SubscriptionHandler, options: SubscribeOptions): Subscription;
  close(): Promise<void>;
}

export const EVENT_STORE = Symbol('EVENT_STORE');
