import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EsdbStandIn } from '../../../test/support/esdb-standin/esdb-standin.js';
import { eventStoreContract } from '../../../test/support/event-store.contract.js';
import type { EventMetadata } from '../../shared/domain/event.js';
import {
  WrongExpectedVersionError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '../event-store.port.js';
import { EsdbEventStore } from './esdb-event-store.js';

describe('EsdbEventStore', () => {
  eventStoreContract('EventStoreDB adapter on the in-process stand-in', async () => {
    const standIn = await EsdbStandIn.start();
    let store = EsdbEventStore.connect(standIn.connectionString);
    return {
      store,
      async restart() {
        await store.close();
        store = EsdbEventStore.connect(standIn.connectionString);
        return store;
      },
      async dispose() {
        await store.close();
        await standIn.stop();
      },
    };
  });

  // An extra target, not a skipped test: with EVENTSTORE_URL set (a real EventStoreDB, e.g. the
  // docker compose one) the same contract runs against it too.
  // A real server keeps what earlier runs wrote: the suite sees the log from its own start on.
  const realUrl = process.env.EVENTSTORE_URL;
  if (realUrl) {
    eventStoreContract(`EventStoreDB adapter on ${realUrl}`, async () => {
      let adapter = EsdbEventStore.connect(realUrl);
      const floor = await adapter.headPosition();
      return {
        store: fromPosition(adapter, floor),
        async restart() {
          await adapter.close();
          adapter = EsdbEventStore.connect(realUrl);
          return fromPosition(adapter, floor);
        },
        dispose: () => adapter.close(),
      };
    });
  }
});

describe('EsdbEventStore on the stand-in', () => {
  let standIn: EsdbStandIn;
  let store: EsdbEventStore;
  const metadata: EventMetadata = {
    actor: 'u-1',
    correlationId: 'c-1',
    causationId: null,
    occurredAt: '2025-08-15T19:00:00.000Z',
    source: 'player',
  };
  const event = (type: string, id?: string): NewEvent => ({
    type,
    data: { type },
    metadata,
    ...(id ? { id } : {}),
  });
  const stream = () => `test-${randomUUID()}`;

  beforeAll(async () => {
    standIn = await EsdbStandIn.start();
    store = EsdbEventStore.connect(standIn.connectionString);
  });
  afterAll(async () => {
    await store?.close();
    await standIn?.stop();
  });

  it('appends with Append after the server answers ServerFeatures with UNIMPLEMENTED', async () => {
    const before = standIn.served.append;
    await store.append(stream(), [event('A')], 'no_stream');
    await store.append(stream(), [event('B'), event('C')], 'any');
    expect(standIn.served.append).toBe(before + 2);
    expect(standIn.served.batchAppend).toBe(0);
  });

  it('never hands out system events, in reads, the head, counts or subscriptions', async () => {
    const id = stream();
    const first = await store.append(id, [event('Mine-1')], 'no_stream');
    standIn.appendSystemEvent('$stats-127.0.0.1:2113', '$statsCollected', { cpu: 1 });
    standIn.appendSystemEvent('$$' + id, '$metadata', { $maxAge: 10 });
    await store.append(id, [event('Mine-2')], 0);
    const last = standIn.appendSystemEvent('$stats-127.0.0.1:2113', '$statsCollected', { cpu: 2 });

    const after = await store.readAll({ after: first.position, maxCount: 1 });
    expect(after.map((e) => e.type)).toEqual(['Mine-2']);
    expect(await store.countAfter(first.position)).toBe(1);
    expect(await store.headPosition()).toBe(after[0]!.position);
    expect(last.position > after[0]!.position).toBe(true);
    const everything = await store.readAll({ after: 0n, maxCount: 10_000 });
    expect(everything.some((e) => e.type.startsWith('$') || e.streamId.startsWith('$'))).toBe(false);

    const seen: RecordedEvent[] = [];
    const subscription = store.subscribe(async (events) => void seen.push(...events), { after: 0n });
    await waitFor(() => seen.some((e) => e.type === 'Mine-2'));
    await subscription.stop();
    expect(seen.some((e) => e.type.startsWith('$'))).toBe(false);
    expect(seen.map((e) => e.position)).toEqual(everything.map((e) => e.position));
  });

  it('stores a stream id that starts with $ under an escaped name, and reads it back under its own', async () => {
    await store.append('$odd-one', [event('Odd')], 'no_stream');
    expect(standIn.events().some((e) => e.streamName === '~$odd-one' && e.type === 'Odd')).toBe(true);
    expect((await store.readStream('$odd-one')).map((e) => [e.streamId, e.type])).toEqual([
      ['$odd-one', 'Odd'],
    ]);
  });

  it('reports the actual version of a stream with a stale expected version', async () => {
    const id = stream();
    await store.append(id, [event('A'), event('B')], 'no_stream');
    const error = await store.append(id, [event('C')], 0).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedVersionError);
    expect(error).toMatchObject({ streamId: id, expected: 0, actual: 1 });
    await expect(store.append(stream(), [event('X')], 4)).rejects.toMatchObject({ actual: 'no_stream' });
  });

  it('appends the same event ids at the same expected version once', async () => {
    const id = stream();
    const ids = [randomUUID(), randomUUID()];
    const first = await store.append(id, [event('A', ids[0]), event('B', ids[1])], 'no_stream');
    const again = await store.append(id, [event('A', ids[0]), event('B', ids[1])], 'no_stream');
    expect(again).toEqual(first);
    expect((await store.readStream(id)).map((e) => e.id)).toEqual(ids);
  });

  it('gives a migrated event its original recorded time, and keeps the migration note out of the metadata', async () => {
    const id = stream();
    const recordedAt = new Date('2025-08-16T10:11:12.345Z');
    const original: RecordedEvent = {
      id: randomUUID(),
      streamId: id,
      version: 0,
      position: 42n,
      type: 'Imported',
      data: { n: 1 },
      metadata,
      recordedAt,
    };
    await store.importEvents(id, [original], 'no_stream');
    const [read] = await store.readStream(id);
    expect(read).toMatchObject({
      id: original.id,
      version: 0,
      type: 'Imported',
      data: { n: 1 },
      metadata,
      recordedAt,
    });
    const stored = standIn.events().find((e) => e.id === original.id)!;
    expect(JSON.parse(Buffer.from(stored.customMetadata).toString('utf8'))).toEqual({
      ...metadata,
      migratedFrom: { position: '42', recordedAt: '2025-08-16T10:11:12.345Z' },
    });
  });

  it('subscribes again after a dropped connection, without repeats or gaps', async () => {
    const id = stream();
    await store.append(id, [event('E0'), event('E1')], 'no_stream');
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribe(
      async (events) => void seen.push(...events.filter((e) => e.streamId === id)),
      { after: 0n },
    );
    await waitFor(() => seen.length === 2);
    expect(standIn.dropSubscriptions()).toBeGreaterThan(0);
    await store.append(id, [event('E2')], 1);
    await store.append(id, [event('E3')], 2);
    // A last event, delivered in order: any repeat of an earlier one would come before it.
    await store.append(id, [event('E4')], 3);
    await waitFor(() => seen.some((e) => e.type === 'E4'));
    await subscription.stop();
    expect(seen.map((e) => e.type)).toEqual(['E0', 'E1', 'E2', 'E3', 'E4']);
  });

  it('refuses event types that EventStoreDB keeps for itself', async () => {
    await expect(store.append(stream(), [event('$Sneaky')], 'any')).rejects.toThrow(
      'reserves for system events',
    );
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The store as if its log began after `floor`: reads and subscriptions from 0n start there. */
function fromPosition(store: EventStore, floor: bigint): EventStore {
  const at = (after: bigint) => (after > floor ? after : floor);
  return {
    kind: store.kind,
    append: (streamId, events, expected) => store.append(streamId, events, expected),
    readStream: (streamId, options) => store.readStream(streamId, options),
    readStreams: (streamIds) => store.readStreams(streamIds),
    readAll: (options) => store.readAll({ ...options, after: at(options.after) }),
    headPosition: () => store.headPosition(),
    countAfter: (position) => store.countAfter(at(position)),
    subscribe: (handler, options) => store.subscribe(handler, { ...options, after: at(options.after) }),
    close: () => store.close(),
  };
}
