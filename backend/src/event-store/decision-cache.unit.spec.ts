import { describe, expect, it } from '@jest/globals';
import { keepingDecisionStreams } from './decision-cache.js';
import {
  WrongExpectedVersionError,
  type AppendOptions,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from './event-store.port.js';

/** Streams in memory, counting the streams read and the reads: what the cache in front of it saves. */
function memoryStore(): EventStore & { streamsRead: number; reads: number; write(streamId: string): void } {
  const streams = new Map<string, RecordedEvent[]>();
  let position = 0n;
  const record = (streamId: string, events: NewEvent[]) => {
    const stream = streams.get(streamId) ?? [];
    for (const event of events)
      stream.push({
        ...event,
        id: event.id!,
        streamId,
        version: stream.length,
        position: ++position,
        recordedAt: new Date(),
      });
    streams.set(streamId, stream);
    return { nextExpectedVersion: stream.length - 1, position };
  };
  const store = {
    kind: 'postgres' as const,
    streamsRead: 0,
    reads: 0,
    write: (streamId: string) =>
      void record(streamId, [{ id: `x${position}`, type: 'Moved', data: {}, metadata: {} as never }]),
    async readStreams(ids: readonly string[]) {
      store.streamsRead += ids.length;
      store.reads += 1;
      return ids.map((id) => [...(streams.get(id) ?? [])]);
    },
    async append(streamId: string, events: NewEvent[], expected: unknown, options?: AppendOptions) {
      for (const [id, version] of [
        [streamId, expected],
        ...(options?.alsoExpect ?? []).map((o) => [o.streamId, o.version]),
      ]) {
        const actual = (streams.get(id as string)?.length ?? 0) - 1;
        if ((version === 'no_stream' ? -1 : version) !== actual)
          throw new WrongExpectedVersionError(
            id as string,
            version as number,
            actual < 0 ? 'no_stream' : actual,
          );
      }
      return record(streamId, events);
    },
    readStream: async () => [],
    readAll: async () => [],
    headPosition: async () => position,
    countAfter: async () => 0,
    subscribe: () => ({ stop: async () => undefined, position: 0n }),
    close: async () => undefined,
  };
  return store;
}

const event = (type: string): NewEvent => ({ type, data: {}, metadata: {} as never });

describe('keepingDecisionStreams', () => {
  it('answers a cached read from what it read or appended, and every other read from the store', async () => {
    const store = memoryStore();
    const kept = keepingDecisionStreams(store);
    expect(await kept.readStreams(['a', 'b'], { cached: true })).toEqual([[], []]);
    await kept.append('a', [event('One')], 'no_stream');
    const before = store.streamsRead;
    const [a] = await kept.readStreams(['a'], { cached: true });
    expect(a!.map((e) => [e.type, e.version])).toEqual([['One', 0]]);
    expect(store.streamsRead).toBe(before);
    await kept.readStreams(['a'], {});
    expect(store.streamsRead).toBe(before + 1);
  });

  it('reads the streams named to prefetch with those it must read, keeps them, and answers only what was asked', async () => {
    const store = memoryStore();
    const kept = keepingDecisionStreams(store);
    store.write('picks');
    // Alone (everything asked is held), a guess is not worth a round trip.
    await kept.readStreams(['account'], { cached: true });
    expect(await kept.readStreams(['account'], { cached: true, prefetch: ['picks'] })).toEqual([[]]);
    expect(store.reads).toBe(1);
    const answers = await kept.readStreams(['seasons'], { cached: true, prefetch: ['picks', 'seasons'] });
    expect(answers).toEqual([[]]);
    expect([store.reads, store.streamsRead]).toEqual([2, 3]);
    // The decision's next question finds the picks held.
    const [picks] = await kept.readStreams(['picks'], { cached: true });
    expect(picks!.map((e) => e.type)).toEqual(['Moved']);
    expect(store.reads).toBe(2);
  });

  it('reads what decisions lack in one turn of the event loop together, each answered its own', async () => {
    const store = memoryStore();
    const kept = keepingDecisionStreams(store);
    store.write('b');
    const [a, b, again] = await Promise.all([
      kept.readStreams(['a', 'period'], { cached: true }),
      kept.readStreams(['b', 'period'], { cached: true }),
      kept.readStreams(['a'], { cached: 'refresh' }),
    ]);
    expect([a, b, again]).toEqual([[[], []], [[expect.objectContaining({ type: 'Moved' })], []], [[]]]);
    expect([store.reads, store.streamsRead]).toEqual([1, 3]);
  });

  it('forgets the streams of an append that found one of them moved, and reads them afresh', async () => {
    const store = memoryStore();
    const kept = keepingDecisionStreams(store);
    await kept.readStreams(['picks', 'period'], { cached: true });
    store.write('period');
    await expect(
      kept.append('picks', [event('Picked')], 'no_stream', {
        alsoExpect: [{ streamId: 'period', version: 'no_stream' }],
      }),
    ).rejects.toBeInstanceOf(WrongExpectedVersionError);
    const [period] = await kept.readStreams(['period'], { cached: true });
    expect(period!.map((e) => e.type)).toEqual(['Moved']);
  });

  it("reads afresh what it is told to refresh, and forgets a stream another writer's append moved", async () => {
    const store = memoryStore();
    const kept = keepingDecisionStreams(store);
    await kept.readStreams(['a'], { cached: true });
    store.write('a');
    expect((await kept.readStreams(['a'], { cached: true }))[0]).toEqual([]);
    expect((await kept.readStreams(['a'], { cached: 'refresh' }))[0]!.map((e) => e.type)).toEqual(['Moved']);
  });

  it('answers every stream asked even when keeping the ones read pushes the oldest out', async () => {
    const store = memoryStore();
    const kept = keepingDecisionStreams(store);
    const many = Array.from({ length: 50_000 }, (_, i) => `s${i}`);
    await kept.readStreams(many, { cached: true });
    const answers = await kept.readStreams(['s0', 'new-1', 'new-2'], { cached: true });
    expect(answers).toEqual([[], [], []]);
  });

  it('forgets a kept stream once it is older than ten minutes', async () => {
    let now = 0;
    const store = memoryStore();
    const kept = keepingDecisionStreams(store, () => now);
    await kept.readStreams(['a'], { cached: true });
    store.write('a');
    now = 10 * 60_000;
    expect((await kept.readStreams(['a'], { cached: true }))[0]!.map((e) => e.type)).toEqual(['Moved']);
    // An append does not keep what was read any longer than the read did.
    now = 19 * 60_000;
    await kept.append('a', [event('Appended')], 0);
    store.write('a');
    now = 20 * 60_000;
    expect((await kept.readStreams(['a'], { cached: true }))[0]!.map((e) => e.type)).toEqual([
      'Moved',
      'Appended',
      'Moved',
    ]);
  });
});
