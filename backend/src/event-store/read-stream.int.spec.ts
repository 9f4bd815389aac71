import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { databaseTargets, type TestDatabaseHandle } from '../../test/support/databases.js';
import type { DomainEvent, EventMetadata, StreamModel, StreamQuestion } from '../shared/domain/event.js';
import { decideAndAppend } from './decide-and-append.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { ask, loadAggregate, readStream, stateOf } from './read-stream.js';

/** A stream of the smallest kind: a counter that only goes up, and a note that resets it. */
type CounterEvent = DomainEvent<'Added', { amount: number }> | DomainEvent<'Reset', { reason: string }>;

interface CounterState {
  total: number;
  resets: number;
}

const counterModel: StreamModel<CounterState, CounterEvent> = {
  initialState: () => ({ total: 0, resets: 0 }),
  evolve: (state, event) =>
    event.type === 'Added'
      ? { ...state, total: state.total + event.data.amount }
      : { total: 0, resets: state.resets + 1 },
};

const metadata: EventMetadata = {
  actor: 'test',
  correlationId: 'read-stream-spec',
  causationId: null,
  occurredAt: '2025-08-01T12:00:00.000Z',
  source: 'system',
};

/** Adds `amount` unless the total would pass 10 (the rule the version protects). */
function add(amount: number) {
  return (state: CounterState): CounterEvent[] => {
    if (state.total + amount > 10) throw new Error(`over 10: ${state.total} + ${amount}`);
    return [{ type: 'Added', data: { amount } }];
  };
}

describe.each(databaseTargets)('typed stream reads and load-decide-append on $name', (target) => {
  let handle: TestDatabaseHandle;
  let store: PostgresEventStore;
  let streams = 0;
  const stream = () => `counter-${++streams}`;

  beforeAll(async () => {
    handle = await target.create();
    store = new PostgresEventStore(handle.database, 50);
  });
  afterAll(async () => {
    await store?.close();
    await handle?.dispose();
  });

  it('reads a stream that does not exist as no events at version no_stream', async () => {
    expect(await readStream<CounterEvent>(store, stream())).toEqual({ events: [], version: 'no_stream' });
    expect(await loadAggregate(store, stream(), counterModel)).toEqual({
      state: { total: 0, resets: 0 },
      version: 'no_stream',
    });
  });

  it('reads the events as the domain union, with what the store recorded, at the last version', async () => {
    const id = stream();
    const appended = await store.append(
      id,
      [
        { type: 'Added', data: { amount: 2 }, metadata },
        { type: 'Reset', data: { reason: 'new week' }, metadata },
        { type: 'Added', data: { amount: 5 }, metadata },
      ],
      'no_stream',
    );
    const { events, version } = await readStream<CounterEvent>(store, id);
    expect(version).toBe(2);
    expect(events.map((event) => [event.type, event.data, event.version])).toEqual([
      ['Added', { amount: 2 }, 0],
      ['Reset', { reason: 'new week' }, 1],
      ['Added', { amount: 5 }, 2],
    ]);
    expect(events[2]!.position).toBe(appended.position);
    expect(events[0]!.streamId).toBe(id);
    expect(events[0]!.metadata.correlationId).toBe('read-stream-spec');
    // The union narrows on `type` with no cast at the caller.
    const reasons = events.flatMap((event) => (event.type === 'Reset' ? [event.data.reason] : []));
    expect(reasons).toEqual(['new week']);
  });

  it('folds a stream with its model and returns the version it read', async () => {
    const id = stream();
    await store.append(
      id,
      [
        { type: 'Added', data: { amount: 3 }, metadata },
        { type: 'Reset', data: { reason: 'x' }, metadata },
        { type: 'Added', data: { amount: 4 }, metadata },
        { type: 'Added', data: { amount: 1 }, metadata },
      ],
      'no_stream',
    );
    expect(await loadAggregate(store, id, counterModel)).toEqual({
      state: { total: 5, resets: 1 },
      version: 3,
    });
  });

  it('answers questions about several streams from one read, in the order asked', async () => {
    const [a, b, missing] = [stream(), stream(), stream()];
    await decideAndAppend(store, a, counterModel, add(4), metadata);
    await decideAndAppend(store, b, counterModel, add(7), metadata);
    await decideAndAppend(store, a, counterModel, add(5), metadata);
    const overFive = {
      streamId: b,
      answer: (fold) => fold(counterModel).total > 5,
    } satisfies StreamQuestion<boolean>;
    const answers = await ask(store, [stateOf(a, counterModel), overFive, stateOf(missing, counterModel)]);
    expect(answers).toEqual([{ total: 9, resets: 0 }, true, { total: 0, resets: 0 }]);
  });

  it('decides with another stream read alongside, on every cycle, expecting only its own version', async () => {
    const id = stream();
    const limit = stream();
    await store.append(limit, [{ type: 'Added', data: { amount: 5 }, metadata }], 'no_stream');
    const seen: [number, number][] = [];
    // The first cycle lets writers into both streams: the append fails on the decided stream's
    // version only, and the next cycle reads both again.
    const outcome = await decideAndAppend(
      store,
      id,
      counterModel,
      async (state, other) => {
        seen.push([state.total, other.total]);
        if (seen.length === 1) {
          await store.append(id, [{ type: 'Added', data: { amount: 1 }, metadata }], 'any');
          await store.append(limit, [{ type: 'Added', data: { amount: 2 }, metadata }], 0);
        }
        return add(other.total)(state);
      },
      metadata,
      { alongside: stateOf(limit, counterModel) },
    );
    expect(seen).toEqual([
      [0, 5],
      [1, 7],
    ]);
    expect(outcome.events).toEqual([{ type: 'Added', data: { amount: 7 } }]);
    expect(await loadAggregate(store, id, counterModel)).toEqual({
      state: { total: 8, resets: 0 },
      version: 1,
    });
    expect(await loadAggregate(store, limit, counterModel)).toEqual({
      state: { total: 7, resets: 0 },
      version: 1,
    });
  });

  it('appends what the decider decides to a new stream, and nothing when it decides nothing', async () => {
    const id = stream();
    const first = await decideAndAppend(store, id, counterModel, add(4), metadata);
    expect(first.events).toEqual([{ type: 'Added', data: { amount: 4 } }]);
    expect(first.position).not.toBeNull();
    const none = await decideAndAppend(store, id, counterModel, () => [], metadata);
    expect(none).toEqual({ events: [], position: null });
    expect(await loadAggregate(store, id, counterModel)).toEqual({
      state: { total: 4, resets: 0 },
      version: 0,
    });
  });

  it('decides again on the new state when another writer appended after the read', async () => {
    const id = stream();
    await decideAndAppend(store, id, counterModel, add(6), metadata);
    const seen: number[] = [];
    // The first cycle's decider lets another writer in between the read and the append: the
    // append expects the version read, fails, and the next cycle decides on the total that writer left.
    const outcome = decideAndAppend(
      store,
      id,
      counterModel,
      async (state) => {
        seen.push(state.total);
        if (seen.length === 1) await store.append(id, [{ type: 'Added', data: { amount: 3 }, metadata }], 0);
        return add(3)(state);
      },
      metadata,
    );
    await expect(outcome).rejects.toThrow('over 10: 9 + 3');
    expect(seen).toEqual([6, 9]);
    expect(await loadAggregate(store, id, counterModel)).toEqual({
      state: { total: 9, resets: 0 },
      version: 1,
    });
  });

  it('lets only as many of many simultaneous writers through as the rule allows', async () => {
    const id = stream();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => decideAndAppend(store, id, counterModel, add(3), metadata)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    expect(await loadAggregate(store, id, counterModel)).toEqual({
      state: { total: 9, resets: 0 },
      version: 2,
    });
  });
});
