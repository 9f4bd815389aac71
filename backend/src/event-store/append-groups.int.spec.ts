import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { databaseTargets, type TestDatabaseHandle } from '../../test/support/databases.js';
import type { TransactionalSql } from '../platform/database/sql.js';
import { groupAppends } from './append-groups.js';
import { WrongExpectedVersionError, type AppendResult, type NewEvent } from './event-store.port.js';
import { PostgresEventStore } from './postgres-event-store.js';

const event = (type: string, data: Record<string, unknown> = {}): NewEvent => ({
  type,
  data,
  metadata: {
    actor: 'user-1',
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: '2025-08-15T19:00:00.000Z',
    source: 'player',
  },
});

describe('groupAppends', () => {
  const append = (streamId: string, reads: string[] = [], eventCount = 1) => ({
    streamId,
    eventCount,
    alsoExpect: reads.map((id) => ({ streamId: id })),
  });

  it('puts appends of different streams that read the same streams in one group', () => {
    const picks = ['picks-a', 'picks-b', 'picks-c'].map((id) => append(id, ['season', 'period-1']));
    expect(groupAppends(picks, 100)).toEqual([picks]);
  });

  it('never writes a stream twice in a group, nor writes one that another of the group read', () => {
    const first = append('picks-a', ['period-1']);
    const again = append('picks-a', ['period-1']);
    const period = append('period-1');
    const readsA = append('picks-b', ['picks-a']);
    const other = append('picks-c', ['period-1']);
    expect(groupAppends([first, again, period, readsA, other], 100)).toEqual([
      [first, other],
      [again],
      [period, readsA],
    ]);
  });

  it('keeps the events of a group under the limit', () => {
    const [a, b, c] = [append('a', [], 3), append('b', [], 3), append('c', [], 3)];
    expect(groupAppends([a, b, c], 7)).toEqual([[a, b], [c]]);
  });
});

describe.each(databaseTargets.map((target) => [target.name, target] as const))(
  'appends of one turn, on %s',
  (_name, target) => {
    let handle: TestDatabaseHandle;
    let store: PostgresEventStore;
    let groupStatements = 0;
    const stream = () => `test-${randomUUID()}`;

    beforeAll(async () => {
      handle = await target.create({ poolSize: 10 });
      // The store's statements, counting those that append a group.
      const counting = Object.create(handle.database) as TransactionalSql;
      counting.query = (text: string, params?: readonly unknown[]) => {
        if (text.includes('WITH members AS')) groupStatements += 1;
        return handle.database.query(text, params);
      };
      store = new PostgresEventStore(counting, 50);
    });
    afterAll(async () => {
      await store?.close();
      await handle?.dispose();
    });

    it('go in one statement: each written at its version, at positions in the order asked', async () => {
      const period = stream();
      await store.append(period, [event('PeriodScheduled')], 'no_stream');
      const existing = stream();
      await store.append(existing, [event('Picked', { n: 0 })], 'no_stream');
      const fresh = [stream(), stream(), stream()];
      const before = groupStatements;
      const results = await Promise.all([
        ...fresh.map((id, i) =>
          store.append(id, [event('Picked', { n: i }), event('Noted', { n: i })], 'no_stream', {
            alsoExpect: [{ streamId: period, version: 0 }],
          }),
        ),
        store.append(existing, [event('Picked', { n: 1 })], 0, {
          alsoExpect: [{ streamId: period, version: 0 }],
        }),
      ]);
      expect(groupStatements - before).toBe(1);
      expect(results.map((result) => result.nextExpectedVersion)).toEqual([1, 1, 1, 1]);
      const positions = results.map((result) => result.position);
      expect([...positions].sort((a, b) => (a < b ? -1 : 1))).toEqual(positions);
      for (const [i, id] of fresh.entries()) {
        const written = await store.readStream(id);
        expect(written.map((e) => [e.type, e.version, e.data])).toEqual([
          ['Picked', 0, { n: i }],
          ['Noted', 1, { n: i }],
        ]);
        expect(written[1]!.position).toBe(results[i]!.position);
        expect(written[0]!.position).toBe(results[i]!.position - 1n);
      }
      const all = await store.readAll({ after: 0n, maxCount: 1000 });
      const firsts = all.filter((e) => fresh.includes(e.streamId) && e.version === 0);
      expect(firsts.map((e) => e.streamId)).toEqual(fresh);
    });

    it('refuse only the appends whose streams have moved, each with its stream’s version', async () => {
      const [period, moved, taken] = [stream(), stream(), stream()];
      await store.append(period, [event('PeriodScheduled')], 'no_stream');
      await store.append(period, [event('PeriodLocked')], 0);
      await store.append(moved, [event('Picked'), event('Picked')], 'no_stream');
      await store.append(taken, [event('Picked')], 'no_stream');
      const fine = [stream(), stream()];
      const readOld = stream();
      const outcomes = await Promise.allSettled([
        store.append(fine[0]!, [event('Picked')], 'no_stream', {
          alsoExpect: [{ streamId: period, version: 1 }],
        }),
        store.append(moved, [event('Picked')], 0),
        store.append(readOld, [event('Picked')], 'no_stream', {
          alsoExpect: [{ streamId: period, version: 0 }],
        }),
        store.append(taken, [event('Picked')], 'no_stream'),
        store.append(fine[1]!, [event('Picked')], 'no_stream'),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'rejected',
        'rejected',
        'rejected',
        'fulfilled',
      ]);
      const reasons = outcomes.flatMap((outcome) =>
        outcome.status === 'rejected' ? [outcome.reason as WrongExpectedVersionError] : [],
      );
      for (const reason of reasons) expect(reason).toBeInstanceOf(WrongExpectedVersionError);
      expect(reasons.map((reason) => [reason.streamId, reason.actual])).toEqual([
        [moved, 1],
        [readOld, 'no_stream'],
        [taken, 0],
      ]);
      expect(await store.readStream(readOld)).toEqual([]);
      expect((await store.readStream(moved)).length).toBe(2);
      for (const id of fine) expect(await store.readStream(id)).toHaveLength(1);
    });

    it('never land an append after a change of the turn to a stream it read, unseen', async () => {
      const [period, pick] = [stream(), stream()];
      await store.append(period, [event('PeriodScheduled')], 'no_stream');
      const [change, decision] = await Promise.allSettled([
        store.append(period, [event('PeriodLocked')], 0),
        store.append(pick, [event('Picked')], 'no_stream', {
          alsoExpect: [{ streamId: period, version: 0 }],
        }),
      ]);
      expect(change.status).toBe('fulfilled');
      // Either the pick went in first, before the change it did not see, or it was refused.
      if (decision.status === 'fulfilled') {
        expect(decision.value.position).toBeLessThan(
          (change as PromiseFulfilledResult<AppendResult>).value.position,
        );
      } else {
        expect(decision.reason).toBeInstanceOf(WrongExpectedVersionError);
      }
    });
  },
);
