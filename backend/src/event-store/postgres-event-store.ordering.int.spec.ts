import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { serverTarget, type TestDatabaseHandle } from '../../test/support/databases.js';
import type { TransactionalSql } from '../platform/database/sql.js';
import type { EventMetadata } from '../shared/domain/event.js';
import { WrongExpectedVersionError, type NewEvent, type RecordedEvent } from './event-store.port.js';
import { PostgresEventStore } from './postgres-event-store.js';

/**
 * The reader must never pass an event that commits later (docs/adr/010-a-reader-that-never-skips.md).
 * This forces the interleaving that made earlier versions skip one: the transaction that starts
 * writing first takes its position last and commits first, while the other one has already
 * written and commits last. Two transactions at once need a server: the embedded database serves
 * one connection, so it cannot interleave them at all.
 */
function gate(): { reached: Promise<void>; open: () => void; wait: () => Promise<void> } {
  let reach!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    reached,
    open: () => release(),
    wait: async () => {
      reach();
      await released;
    },
  };
}

/**
 * A database on which an append (one statement, in a transaction of its own) stops at a gate after
 * the statement and before its commit: its transaction id is taken and its events are written but
 * not committed, as a slow commit leaves them. Other statements go through as they are.
 */
function gated(database: TransactionalSql, stop: () => Promise<void>): TransactionalSql {
  return {
    query: <Row>(text: string, params?: readonly unknown[]) =>
      text.includes('INSERT INTO events')
        ? database.transaction(async (sql) => {
            const result = await sql.query<Row>(text, params);
            await stop();
            return result;
          })
        : database.query<Row>(text, params),
    transaction: (work) => database.transaction(work),
  };
}

const metadata: EventMetadata = {
  actor: 'user-1',
  correlationId: 'c',
  causationId: null,
  occurredAt: '2026-11-26T12:00:00.000Z',
  source: 'player',
};
const event = (type: string): NewEvent => ({
  type,
  data: {},
  metadata: { ...metadata, correlationId: randomUUID() },
});

(serverTarget ? describe : describe.skip)(
  'PostgresEventStore reader under out-of-order commits (Postgres server)',
  () => {
    let handle: TestDatabaseHandle;

    beforeAll(async () => {
      handle = await serverTarget!.create();
    });
    afterAll(async () => {
      await handle?.dispose();
    });

    it('delivers an event whose transaction began first and committed last, after a later one was read', async () => {
      const reader = new PostgresEventStore(handle.database);
      const after = await reader.headPosition();
      const slow = gate();
      const late = gate();
      // The first writer stops once its events are written (its transaction id is taken); so does the
      // second, which began later, and the first commits first.
      const first = new PostgresEventStore(gated(handle.database, () => slow.wait()));
      const second = new PostgresEventStore(gated(handle.database, () => late.wait()));

      const firstAppend = first.append(`order-${randomUUID()}`, [event('BeganFirst')], 'no_stream');
      await slow.reached;
      const secondAppend = second.append(`order-${randomUUID()}`, [event('CommitsLast')], 'no_stream');
      await late.reached;
      slow.open();
      await firstAppend;

      const seen: RecordedEvent[] = await reader.readAll({ after, maxCount: 100 });
      const checkpoint = seen.length > 0 ? seen[seen.length - 1]!.position : after;
      late.open();
      await secondAppend;
      seen.push(...(await reader.readAll({ after: checkpoint, maxCount: 100 })));

      expect(seen.map((e) => e.type).sort()).toEqual(['BeganFirst', 'CommitsLast']);
      expect(await reader.countAfter(seen[seen.length - 1]!.position)).toBe(0);
      await Promise.all([reader.close(), first.close(), second.close()]);
    });

    it('counts an event held back behind a running transaction in the lag and the head', async () => {
      const reader = new PostgresEventStore(handle.database);
      const before = await reader.headPosition();
      const slow = gate();
      const first = new PostgresEventStore(gated(handle.database, () => slow.wait()));
      const running = first.append(`lag-${randomUUID()}`, [event('Running')], 'no_stream');
      await slow.reached;
      const committed = await reader.append(`lag-${randomUUID()}`, [event('Committed')], 'no_stream');

      // Committed but held back: not handed out yet, yet counted, so the lag is true.
      expect((await reader.readAll({ after: before, maxCount: 10 })).map((e) => e.type)).toEqual([]);
      expect(await reader.countAfter(before)).toBe(1);
      expect(await reader.headPosition()).toBe(committed.position);

      slow.open();
      await running;
      expect((await reader.readAll({ after: before, maxCount: 10 })).map((e) => e.type)).toEqual([
        'Running',
        'Committed',
      ]);
      await Promise.all([reader.close(), first.close()]);
    });

    it('lets no decision through on a stream another writer moves at the same moment', async () => {
      const reader = new PostgresEventStore(handle.database);
      // Many rounds: the interleaving that would let a stale decision in is a matter of timing.
      for (let round = 0; round < 30; round++) {
        const guarded = `guard-${randomUUID()}`;
        const decided = Array.from({ length: 11 }, () => `guard-${randomUUID()}`);
        await reader.append(guarded, [event('Opened')], 'no_stream');
        const outcomes = await Promise.allSettled([
          reader.append(guarded, [event('Closed')], 0),
          ...decided.map((id) =>
            reader.append(id, [event('Decided')], 'no_stream', {
              alsoExpect: [{ streamId: guarded, version: 0 }],
            }),
          ),
        ]);
        const closed = outcomes[0].status === 'fulfilled';
        expect(closed).toBe(true);
        // Every decision that went in was made while the stream stood at 0: it went in before the close.
        const closedAt = (await reader.readStream(guarded))[1]!.position;
        for (const [index, outcome] of outcomes.slice(1).entries()) {
          const events = await reader.readStream(decided[index]!);
          if (outcome.status === 'fulfilled') expect(events[0]!.position < closedAt).toBe(true);
          else {
            expect(outcome.reason).toBeInstanceOf(WrongExpectedVersionError);
            expect(events).toEqual([]);
          }
        }
      }
      await reader.close();
    });

    it('is not held back by a long transaction that appends nothing (a report, an index build)', async () => {
      const reader = new PostgresEventStore(handle.database);
      const before = await reader.headPosition();
      const bystander = gate();
      // A transaction with an id that stays open, as a long report or an index build would.
      const running = handle.database.transaction(async (sql) => {
        await sql.query('SELECT pg_current_xact_id()');
        await bystander.wait();
      });
      await bystander.reached;
      const appended = await reader.append(
        `bystander-${randomUUID()}`,
        [event('WhileSomethingElseRuns')],
        'no_stream',
      );
      const seen = await reader.readAll({ after: before, maxCount: 10 });
      bystander.open();
      await running;
      expect(seen.map((e) => e.position)).toEqual([appended.position]);
      await reader.close();
    });
  },
);
