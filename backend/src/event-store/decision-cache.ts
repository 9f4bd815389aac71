import { randomUUID } from 'node:crypto';
import { TurnBatch } from '../platform/batching/turn-batch.js';
import { WrongExpectedVersionError, type EventStore, type RecordedEvent } from './event-store.port.js';

/** How many streams a process keeps, the least recently used leaving first. */
const maxStreams = 50_000;
/** How long a kept stream is used at most: a person's data erased by another instance leaves this one's memory by then (ADR 017). */
const keptForMs = 10 * 60_000;

interface Kept {
  events: RecordedEvent[];
  until: number;
}

/**
 * The event store with the streams its decisions read kept in memory (docs/adr/018): a read that
 * asks for it (`readStreams(ids, { cached: true })`) is answered from what this process last read
 * or appended, and only the streams it does not hold are read, in one round trip (with the streams
 * it names as `prefetch`, so a decision's next question finds its stream held, and with what other
 * decisions lack in the same turn of the event loop). Such a read may be stale (another instance
 * may have appended since), so it is only for a decision that expects every stream it read at the
 * version it read at its append (`alsoExpect`): a stale one fails that append, which forgets every
 * stream it expected, and the decision runs again on fresh reads.
 *
 * A refusal decided on kept streams is not trusted either: the decision asks again with `'refresh'`.
 * Every append through it moves its stream on in memory (or forgets it when this process did not
 * hold the version the append started from). Other reads pass through untouched.
 */
export function keepingDecisionStreams(store: EventStore, now: () => number = Date.now): EventStore {
  const kept = new Map<string, Kept>();
  /** `until` stays what the read set: an append does not make what was read stay longer. */
  const keep = (streamId: string, events: RecordedEvent[], until = now() + keptForMs) => {
    kept.delete(streamId);
    kept.set(streamId, { events, until });
    if (kept.size > maxStreams) kept.delete(kept.keys().next().value!);
  };
  const held = (streamId: string): RecordedEvent[] | undefined => {
    const entry = kept.get(streamId);
    if (entry === undefined) return undefined;
    if (entry.until <= now()) {
      kept.delete(streamId);
      return undefined;
    }
    return entry.events;
  };
  /** The streams decisions lack in one turn of the event loop, read in one round trip at its end. */
  const lacking = new TurnBatch<string, RecordedEvent[]>(async (ids) => {
    const streams = await store.readStreams(ids);
    return new Map(ids.map((id, index) => [id, streams[index]!]));
  });
  return {
    kind: store.kind,
    async readStreams(streamIds, options) {
      if (!options?.cached) return store.readStreams(streamIds);
      // What is held is taken first: keeping the streams read may push the oldest ones out.
      const found = new Map<string, RecordedEvent[]>();
      if (options.cached !== 'refresh')
        for (const id of streamIds) {
          const events = held(id);
          if (events !== undefined) found.set(id, events);
        }
      const asked = streamIds.filter((id) => !found.has(id));
      // Guesses are read only with something that must be read: alone they would cost a round trip.
      const guessed =
        asked.length === 0 ? [] : (options.prefetch ?? []).filter((id) => held(id) === undefined);
      const missing = [...new Set([...asked, ...guessed])];
      const read = missing.length === 0 ? new Map<string, RecordedEvent[]>() : await lacking.get(missing);
      for (const id of missing) {
        found.set(id, read.get(id)!);
        keep(id, read.get(id)!);
      }
      return streamIds.map((id) => [...found.get(id)!]);
    },
    async append(streamId, events, expectedVersion, options) {
      const named = events.map((event) => ({ ...event, id: event.id ?? randomUUID() }));
      let result;
      try {
        result = await store.append(streamId, named, expectedVersion, options);
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          kept.delete(streamId);
          for (const other of options?.alsoExpect ?? []) kept.delete(other.streamId);
        }
        throw error;
      }
      const before = held(streamId);
      const from = before?.at(-1)?.version ?? 'no_stream';
      if (before === undefined || from !== expectedVersion) kept.delete(streamId);
      else {
        const first = result.nextExpectedVersion - named.length + 1;
        // Positions are not what a decision folds: the last one is the append's, the rest below it.
        const recorded = named.map((event, index) => ({
          ...event,
          streamId,
          version: first + index,
          position: result.position - BigInt(named.length - 1 - index),
          recordedAt: new Date(now()),
        }));
        keep(streamId, [...before, ...recorded], kept.get(streamId)!.until);
      }
      return result;
    },
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (options) => store.readAll(options),
    headPosition: () => store.headPosition(),
    countAfter: (position, types) => store.countAfter(position, types),
    subscribe: (handler, options) => store.subscribe(handler, options),
    close: () => store.close(),
  };
}
