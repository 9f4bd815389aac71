import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import type { Sql } from '../platform/database/sql.js';
import { currentPoolKey } from '../platform/pool-scope/pool-scope.js';
import { POOL_DELETED } from '../shared/domain/pool-deleted.js';
import { applyEvents } from './apply-events.js';
import type { Projection } from './projection.js';

let position = 0n;
const event = (pool: string | undefined, type = 'Noted', data: unknown = {}): RecordedEvent => ({
  id: `e${++position}`,
  streamId: `notes-${pool ?? ''}`,
  version: 0,
  position,
  type,
  data,
  metadata: { pool } as RecordedEvent['metadata'],
  recordedAt: new Date(0),
});

/** A projection that only says which events it was handed together, and in which pool's scope. */
function recording(install: boolean, poolOnlyTypes?: string[]) {
  const runs: string[] = [];
  const projection: Projection = {
    name: 'notes',
    version: 1,
    tables: [install ? { name: 'notes', install, ddl: () => [] } : { name: 'notes', ddl: () => [] }],
    eventTypes: ['Noted', 'Joined'],
    ...(poolOnlyTypes ? { poolOnlyTypes } : {}),
    apply: async () => undefined,
    applyBatch: async (events) => {
      runs.push(`${currentPoolKey() || 'home'}:${events.map((e) => e.id).join(',')}`);
      return [];
    },
    queryKeysFor: () => [],
  };
  return { projection, runs };
}

const statements = { query: async () => ({ rows: [], rowCount: 0 }) } as unknown as Sql;

describe('applyEvents', () => {
  it("hands a pool's events of a batch over together when its rows are all pools', up to a barrier", async () => {
    position = 0n;
    const batch = [
      event('a'),
      event('b'),
      event('a'),
      event(undefined),
      event('b'),
      event(undefined, POOL_DELETED, { key: 'c' }),
      event('a'),
    ];
    const { projection, runs } = recording(false);
    await applyEvents(statements, projection, 1, batch);
    expect(runs).toEqual(['a:e1,e3', 'b:e2,e5', 'home:e4', 'a:e7']);
  });

  it('takes the runs as they come in the log when the projection has install tables', async () => {
    position = 0n;
    const { projection, runs } = recording(true);
    await applyEvents(statements, projection, 1, [event('a'), event('b'), event('a'), event('a')]);
    expect(runs).toEqual(['a:e1', 'b:e2', 'a:e3,e4']);
  });

  it('groups per pool only the events a projection with install tables says write its pool alone', async () => {
    position = 0n;
    const { projection, runs } = recording(true, ['Noted']);
    const batch = [event('a'), event('b'), event('a'), event('b', 'Joined'), event('a'), event('b')];
    await applyEvents(statements, projection, 1, batch);
    expect(runs).toEqual(['a:e1,e3', 'b:e2', 'b:e4', 'a:e5', 'b:e6']);
  });
});
