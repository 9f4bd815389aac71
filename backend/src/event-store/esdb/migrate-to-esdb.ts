import type { EventStore, RecordedEvent } from '../event-store.port.js';
import type { EsdbEventStore } from './esdb-event-store.js';

export interface MigrationProgress {
  /** Events in the source log. */
  total: number;
  /** Source events the target holds now (those it already had plus those copied so far). */
  done: number;
}

export interface MigrationReport {
  total: number;
  /** Events the target already held when the run started (an earlier, interrupted run). */
  alreadyThere: number;
  copied: number;
}

/** The target holds something other than a prefix of the source: copying would mix two logs. */
export class MigrationRefusedError extends Error {
  override name = 'MigrationRefusedError';
}

function describe(event: RecordedEvent): string {
  return `${event.streamId}@${event.version} ${event.type} (${event.id})`;
}

function sameEvent(target: RecordedEvent, source: RecordedEvent): boolean {
  return (
    target.id === source.id &&
    target.streamId === source.streamId &&
    target.version === source.version &&
    target.type === source.type
  );
}

/**
 * Reads a log from the start in batches, one event at a time, so two logs can be walked side by side.
 */
class LogCursor {
  private buffer: RecordedEvent[] = [];
  private exhausted = false;
  /** The position of the last event `next` gave. */
  position = 0n;

  constructor(
    private readonly store: EventStore,
    private readonly batchSize: number,
  ) {}

  async next(): Promise<RecordedEvent | null> {
    if (this.buffer.length === 0 && !this.exhausted) {
      this.buffer = await this.store.readAll({ after: this.position, maxCount: this.batchSize });
      if (this.buffer.length < this.batchSize) this.exhausted = true;
    }
    const event = this.buffer.shift() ?? null;
    if (event) this.position = event.position;
    return event;
  }
}

/**
 * Copies a whole event log into EventStoreDB in its global order, keeping every event's id, stream,
 * version, type, data and metadata, with the original position and recorded time in the metadata
 * (`migratedFrom`). Consecutive events of one stream go in one append, at the expected version the
 * source gives them.
 *
 * It can be run again at any time: it first checks that the target holds exactly a prefix of the
 * source (the same events in the same order) and goes on after it; anything else in the target
 * refuses the run. An append that was written but not acknowledged before a crash is written again
 * with the same ids at the same version, which EventStoreDB accepts as already done.
 */
export async function migrateToEsdb(
  source: EventStore,
  target: EsdbEventStore,
  options: { batchSize?: number; onProgress?: (progress: MigrationProgress) => void } = {},
): Promise<MigrationReport> {
  const batchSize = options.batchSize ?? 1_000;
  const total = await source.countAfter(0n);

  const sourceCursor = new LogCursor(source, batchSize);
  const targetCursor = new LogCursor(target, batchSize);
  let alreadyThere = 0;
  for (let there = await targetCursor.next(); there !== null; there = await targetCursor.next()) {
    const expected = await sourceCursor.next();
    if (expected === null) {
      throw new MigrationRefusedError(
        `The target holds more events than the source (${total}); it is not a copy of this log`,
      );
    }
    if (!sameEvent(there, expected)) {
      throw new MigrationRefusedError(
        `The target is not a copy of this log: its event ${alreadyThere + 1} is ${describe(there)}, the source's is ${describe(expected)}`,
      );
    }
    alreadyThere++;
  }
  options.onProgress?.({ total, done: alreadyThere });

  let copied = 0;
  let after = sourceCursor.position;
  for (;;) {
    const batch = await source.readAll({ after, maxCount: batchSize });
    if (batch.length === 0) break;
    for (let start = 0; start < batch.length;) {
      const first = batch[start]!;
      let end = start + 1;
      while (end < batch.length && batch[end]!.streamId === first.streamId) end++;
      const run = batch.slice(start, end);
      await target.importEvents(first.streamId, run, first.version === 0 ? 'no_stream' : first.version - 1);
      start = end;
    }
    copied += batch.length;
    after = batch[batch.length - 1]!.position;
    options.onProgress?.({ total, done: alreadyThere + copied });
  }
  return { total, alreadyThere, copied };
}
