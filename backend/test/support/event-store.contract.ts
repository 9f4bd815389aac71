import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  WrongExpectedVersionError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '../../src/event-store/event-store.port.js';
import { poolLens } from '../../src/event-store/pool-scope.js';
import { inPool } from '../../src/platform/pool-scope/pool-scope.js';
import type { EventMetadata } from '../../src/shared/domain/event.js';
import { eventually } from './waiting.js';

/**
 * The contract every event store adapter must pass. An adapter's spec calls this with a factory
 * that opens the adapter on fresh storage and can reopen it on the same storage (a restart).
 */
export interface EventStoreFixture {
  store: EventStore;
  /**
   * How hard the concurrent-appenders test pushes this storage: a server takes many connections
   * at once (20 × 500); the embedded database serves one connection, so it gets a smaller run.
   */
  concurrency?: { appenders: number; appendsEach: number };
  restart(): Promise<EventStore>;
  dispose(): Promise<void>;
}

function metadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return {
    actor: 'user-1',
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: '2025-08-15T19:00:00.000Z',
    source: 'player',
    ...overrides,
  };
}

function event(type: string, data: Record<string, unknown> = {}): NewEvent {
  return { type, data, metadata: metadata() };
}

async function waitFor(condition: () => boolean, timeoutMs?: number): Promise<void> {
  await eventually('the subscription to deliver', condition, timeoutMs);
}

export function eventStoreContract(adapterName: string, open: () => Promise<EventStoreFixture>): void {
  describe(`event store contract: ${adapterName}`, () => {
    let fixture: EventStoreFixture;
    let store: EventStore;
    const stream = () => `test-${randomUUID()}`;

    // One storage for the suite: every test works on streams of its own.
    beforeAll(async () => {
      fixture = await open();
      store = fixture.store;
    });
    afterAll(async () => {
      await fixture?.dispose();
    });

    it('reads a stream back in version order with data and metadata intact', async () => {
      const id = stream();
      const meta = metadata({ actor: 'admin-7', source: 'admin', causationId: 'cmd-1' });
      const first = await store.append(
        id,
        [{ type: 'A', data: { n: 1, nested: { ok: true } }, metadata: meta }],
        'no_stream',
      );
      expect(first.nextExpectedVersion).toBe(0);
      const second = await store.append(id, [event('B', { n: 2 }), event('C', { n: 3 })], 0);
      expect(second.nextExpectedVersion).toBe(2);
      expect(second.position > first.position).toBe(true);

      const events = await store.readStream(id);
      expect(events.map((e) => [e.type, e.version])).toEqual([
        ['A', 0],
        ['B', 1],
        ['C', 2],
      ]);
      expect(events[0]!.data).toEqual({ n: 1, nested: { ok: true } });
      expect(events[0]!.metadata).toEqual(meta);
      expect(events[0]!.streamId).toBe(id);
      expect(await store.readStream(id, { fromVersion: 1, maxCount: 1 })).toHaveLength(1);
      expect(await store.readStream(stream())).toEqual([]);
    });

    it('reads several streams at once, each in version order, in the order asked', async () => {
      const a = stream();
      const b = stream();
      const missing = stream();
      await store.append(a, [event('A0'), event('A1')], 'no_stream');
      await store.append(b, [event('B0')], 'no_stream');
      await store.append(a, [event('A2')], 1);
      await store.append(b, [event('B1'), event('B2')], 0);

      const read = await store.readStreams([b, missing, a, b]);
      expect(read.map((events) => events.map((e) => [e.streamId, e.type, e.version]))).toEqual([
        [
          [b, 'B0', 0],
          [b, 'B1', 1],
          [b, 'B2', 2],
        ],
        [],
        [
          [a, 'A0', 0],
          [a, 'A1', 1],
          [a, 'A2', 2],
        ],
        [
          [b, 'B0', 0],
          [b, 'B1', 1],
          [b, 'B2', 2],
        ],
      ]);
      // The same events as one stream's own read, positions and metadata included.
      expect(read[2]).toEqual(await store.readStream(a));
      expect(await store.readStreams([])).toEqual([]);
    });

    it("keeps each pool's streams apart through the pool lens, and the default pool's names unchanged", async () => {
      const lens = poolLens(store);
      const id = stream();
      const user = `user-${randomUUID()}`;
      const token = `invitation-${randomUUID()}`;
      await lens.append(id, [event('Default')], 'no_stream');
      // Each pool starts its own stream of the same name: no_stream holds in each.
      await inPool('k1', () => lens.append(id, [event('One')], 'no_stream'));
      await inPool('k2', () => lens.append(id, [event('Two'), event('Two again')], 'no_stream'));
      await inPool('k1', () => lens.append(user, [event('Profile')], 'no_stream'));
      await inPool('k2', () => lens.append(token, [event('Invited')], 'no_stream'));

      const types = (events: RecordedEvent[]) => events.map((e) => e.type);
      expect(types(await lens.readStream(id))).toEqual(['Default']);
      expect(types(await inPool('k1', () => lens.readStream(id)))).toEqual(['One']);
      expect((await inPool('k2', () => lens.readStreams([id, user]))).map(types)).toEqual([
        ['Two', 'Two again'],
        ['Profile'],
      ]);
      await expect(inPool('k1', () => lens.append(id, [event('Late')], 'no_stream'))).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      );

      // Stored under the pool's key after the category, the pool in the metadata; a person's own
      // streams and invitation tokens keep their names in every pool.
      const suffix = id.slice('test-'.length);
      const [one] = await store.readStream(`test-k1_${suffix}`);
      expect([one!.type, one!.streamId, one!.metadata.pool]).toEqual(['One', `test-k1_${suffix}`, 'k1']);
      expect((await store.readStream(id))[0]!.metadata.pool).toBeUndefined();
      expect((await store.readStream(user))[0]!.metadata.pool).toBeUndefined();
      expect((await store.readStream(token))[0]!.metadata.pool).toBe('k2');
    });

    it('reads all streams in global order after an exclusive position', async () => {
      const a = stream();
      const b = stream();
      await store.append(a, [event('A1')], 'no_stream');
      await store.append(b, [event('B1')], 'no_stream');
      await store.append(a, [event('A2')], 0);
      const all = await store.readAll({ after: 0n, maxCount: 100 });
      const ours = all.filter((e) => e.streamId === a || e.streamId === b);
      expect(ours.map((e) => e.type)).toEqual(['A1', 'B1', 'A2']);
      const positions = all.map((e) => e.position);
      expect([...positions].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))).toEqual(positions);
      expect(new Set(positions).size).toBe(positions.length);

      const afterFirst = await store.readAll({ after: ours[0]!.position, maxCount: 100 });
      expect(afterFirst.map((e) => e.type)).toEqual(['B1', 'A2']);
      expect(await store.readAll({ after: ours[0]!.position, maxCount: 1 })).toHaveLength(1);
      expect(await store.headPosition()).toBe(ours[2]!.position);
    });

    it('reads and counts only the events of the types asked for', async () => {
      const a = stream();
      const b = stream();
      await store.append(a, [event('Kept'), event('Skipped')], 'no_stream');
      await store.append(b, [event('Skipped'), event('Other'), event('Kept')], 'no_stream');
      const all = (await store.readAll({ after: 0n, maxCount: 100 })).filter(
        (e) => e.streamId === a || e.streamId === b,
      );
      const kept = await store.readAll({ after: 0n, maxCount: 100, types: ['Kept', 'Other'] });
      const ours = kept.filter((e) => e.streamId === a || e.streamId === b);
      expect(ours).toEqual(all.filter((e) => e.type === 'Kept' || e.type === 'Other'));
      expect(kept.every((e) => e.type === 'Kept' || e.type === 'Other')).toBe(true);
      expect(await store.countAfter(0n, ['Kept', 'Other'])).toBe(kept.length);
      expect(await store.countAfter(ours[0]!.position, ['Kept'])).toBe(
        kept.filter((e) => e.position > ours[0]!.position && e.type === 'Kept').length,
      );
      // maxCount counts the events returned, not those passed over.
      const first = ours[0]!;
      expect(await store.readAll({ after: first.position, maxCount: 1, types: ['Kept'] })).toEqual([ours[2]]);
      expect(await store.readAll({ after: ours[2]!.position, maxCount: 10, types: ['Kept'] })).toEqual(
        kept.filter((e) => e.position > ours[2]!.position && e.type === 'Kept'),
      );
    });

    it('refuses an append whose expected version is stale, and writes nothing', async () => {
      const id = stream();
      await store.append(id, [event('A')], 'no_stream');
      await store.append(id, [event('B')], 0);
      await expect(store.append(id, [event('C')], 0)).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(store.append(id, [event('C')], 'no_stream')).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      );
      await expect(store.append(stream(), [event('X')], 'stream_exists')).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      );
      await expect(store.append(stream(), [event('X')], 3)).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A', 'B']);
      const result = await store.append(id, [event('C')], 'any');
      expect(result.nextExpectedVersion).toBe(2);
      expect((await store.append(id, [event('D')], 'stream_exists')).nextExpectedVersion).toBe(3);
    });

    it('lets exactly one of many concurrent appends at the same expected version win', async () => {
      const id = stream();
      await store.append(id, [event('Created')], 'no_stream');
      const attempts = 12;
      const outcomes = await Promise.allSettled(
        Array.from({ length: attempts }, (_, i) => store.append(id, [event('Raced', { attempt: i })], 0)),
      );
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(attempts - 1);
      for (const failure of lost) expect(failure.reason).toBeInstanceOf(WrongExpectedVersionError);
      const events = await store.readStream(id);
      expect(events.map((e) => e.version)).toEqual([0, 1]);
    });

    it('appends only while every other stream the decision read still stands at its version', async () => {
      const [decided, period, absent] = [stream(), stream(), stream()];
      await store.append(period, [event('PeriodScheduled')], 'no_stream');
      const expecting = (periodAt: number, absentAt: number | 'no_stream') => ({
        alsoExpect: [
          { streamId: period, version: periodAt },
          { streamId: absent, version: absentAt },
        ],
      });
      await store.append(decided, [event('Picked', { n: 1 })], 'no_stream', expecting(0, 'no_stream'));
      // Another writer moves the period: a decision on the old period is refused, nothing written.
      await store.append(period, [event('PeriodCompleted')], 0);
      const stale = store.append(decided, [event('Picked', { n: 2 })], 0, expecting(0, 'no_stream'));
      await expect(stale).rejects.toBeInstanceOf(WrongExpectedVersionError);
      // So is one that read a stream as absent which exists now.
      await store.append(absent, [event('Appeared')], 'no_stream');
      const absentNoMore = store.append(decided, [event('Picked', { n: 3 })], 0, expecting(1, 'no_stream'));
      await expect(absentNoMore).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect((await store.readStream(decided)).map((e) => e.data)).toEqual([{ n: 1 }]);
      const moved = await store.append(decided, [event('Picked', { n: 4 })], 0, expecting(1, 0));
      expect(moved.nextExpectedVersion).toBe(1);
    });

    it('lets exactly one of many concurrent first appends to a new stream win', async () => {
      const id = stream();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) =>
          store.append(id, [event('Created', { attempt: i })], 'no_stream'),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(await store.readStream(id)).toHaveLength(1);
    });

    it('delivers every event to a subscription once, in order, catching up and then live', async () => {
      const id = stream();
      await store.append(id, [event('E0'), event('E1')], 'no_stream');
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribe(
        async (events) => {
          seen.push(...events.filter((e) => e.streamId === id));
        },
        { after: 0n, batchSize: 2 },
      );
      await waitFor(() => seen.length === 2);
      let version = 1;
      for (let i = 2; i < 7; i++) {
        version = (await store.append(id, [event(`E${i}`)], version)).nextExpectedVersion;
      }
      await waitFor(() => seen.length === 7);
      await subscription.stop();
      expect(seen.map((e) => e.type)).toEqual(['E0', 'E1', 'E2', 'E3', 'E4', 'E5', 'E6']);
      expect(subscription.position).toBe(seen[6]!.position);
    });

    it('delivers every event of many concurrent appenders exactly once, in order, to a live subscriber', async () => {
      const { appenders, appendsEach } = fixture.concurrency ?? { appenders: 4, appendsEach: 50 };
      const runId = randomUUID();
      const ours = (e: RecordedEvent) => e.streamId.startsWith(`conc-${runId}-`);
      const start = await store.headPosition();
      const delivered: RecordedEvent[] = [];
      const checkpoints: bigint[] = [];
      const subscription = store.subscribe(
        async (events) => {
          delivered.push(...events.filter(ours));
          checkpoints.push(events[events.length - 1]!.position);
        },
        { after: start, batchSize: 37 },
      );
      const appended: string[] = [];
      await Promise.all(
        Array.from({ length: appenders }, async (_, appender) => {
          // Half the appenders write one stream of their own version by version; the others
          // write a new stream per append: both shapes race for positions.
          let version: number | 'no_stream' = 'no_stream';
          for (let i = 0; i < appendsEach; i++) {
            const id = randomUUID();
            const own = appender % 2 === 0;
            const streamId: string = own ? `conc-${runId}-${appender}` : `conc-${runId}-${appender}-${i}`;
            const result = await store.append(
              streamId,
              [{ ...event('Appended', { appender, i }), id }],
              own ? version : 'no_stream',
            );
            version = result.nextExpectedVersion;
            appended.push(id);
          }
        }),
      );
      await waitFor(() => delivered.length >= appended.length, 120_000);
      await subscription.stop();

      const ids = delivered.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(ids)).toEqual(new Set(appended));
      // Positions only grow, so a checkpoint can never have passed an event delivered later.
      const positions = delivered.map((e) => e.position);
      expect(positions.every((position, i) => i === 0 || position > positions[i - 1]!)).toBe(true);
      expect(checkpoints.every((position, i) => i === 0 || position > checkpoints[i - 1]!)).toBe(true);
      // Each stream's events come in version order.
      const versions = new Map<string, number>();
      for (const e of delivered) {
        expect(e.version).toBe((versions.get(e.streamId) ?? -1) + 1);
        versions.set(e.streamId, e.version);
      }
      expect(await store.countAfter(subscription.position)).toBe(0);
    });

    it('resumes a subscription across a restart from the stored position without repeats or gaps', async () => {
      const id = stream();
      await store.append(id, [event('before-1'), event('before-2')], 'no_stream');
      const firstRun: RecordedEvent[] = [];
      const first = store.subscribe(
        async (events) => {
          firstRun.push(...events.filter((e) => e.streamId === id));
        },
        { after: 0n },
      );
      await waitFor(() => firstRun.length === 2);
      await first.stop();
      const checkpoint = first.position;

      store = await fixture.restart();
      await store.append(id, [event('after-1')], 1);
      await store.append(id, [event('after-2')], 2);

      const secondRun: RecordedEvent[] = [];
      const second = store.subscribe(
        async (events) => {
          secondRun.push(...events.filter((e) => e.streamId === id));
        },
        { after: checkpoint },
      );
      await waitFor(() => secondRun.length === 2);
      // A later event: delivery is in log order, so a repeat of the two would come before it.
      await store.append(id, [event('sentinel')], 3);
      await waitFor(() => secondRun.some((e) => e.type === 'sentinel'));
      await second.stop();
      expect(secondRun.map((e) => e.type)).toEqual(['after-1', 'after-2', 'sentinel']);
    });

    it('stops a subscription whose handler fails, reporting the error, at the last good position', async () => {
      const id = stream();
      const start = await store.headPosition();
      await store.append(id, [event('ok'), event('boom')], 'no_stream');
      const errors: unknown[] = [];
      let handled = 0;
      const subscription = store.subscribe(
        async (events) => {
          for (const e of events) {
            if (e.type === 'boom') throw new Error('handler failed');
            handled++;
          }
        },
        { after: start, batchSize: 1, onError: (error) => errors.push(error) },
      );
      await waitFor(() => errors.length === 1);
      await subscription.stop();
      expect(handled).toBeGreaterThanOrEqual(1);
      const ok = (await store.readStream(id))[0]!;
      expect(subscription.position).toBe(ok.position);
    });
  });
}
