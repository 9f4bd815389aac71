import { personalKeyRoots, seasonChangeKeys, type QueryKey } from '@treble/contracts';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import type { Sql } from '../platform/database/sql.js';
import { POOL_DELETED, type PoolDeletedData } from '../shared/domain/pool-deleted.js';
import { SEASON_STARTED, type SeasonStartedData } from '../shared/domain/season-scope.js';
import {
  dropPool,
  identifier,
  isInstallTable,
  physical,
  poolView,
  startSeason,
} from './projection-tables.js';
import { currentPoolKey, DEFAULT_POOL_KEY, inPool } from '../platform/pool-scope/pool-scope.js';
import { type Projection, type ProjectionContext } from './projection.js';

/**
 * The keys a batch changed: for every browser of the pools whose events it applied, and for one
 * user's browsers only.
 */
export interface ChangedKeys {
  everyone: QueryKey[];
  users: Map<string, QueryKey[]>;
  /** The keys of the pools whose events changed keys (docs/adr/015). */
  pools: Set<string>;
}

function addKey(keys: QueryKey[], key: QueryKey): void {
  const text = JSON.stringify(key);
  if (!keys.some((k) => JSON.stringify(k) === text)) keys.push(key);
}

/**
 * Applies a batch of the log to a projection's tables (a generation, or the tables `physicalName`
 * names) inside the caller's transaction, the only way events reach a projection: those of its
 * `eventTypes` go to `applyBatch` (or `apply` one by one), handed over together up to a season's
 * start, where its seasonal tables are archived. Answers the query keys the batch changed.
 */
export async function applyEvents(
  sql: Sql,
  projection: Projection,
  generation: number | ((table: string) => string),
  events: readonly RecordedEvent[],
): Promise<ChangedKeys> {
  const physicalName =
    typeof generation === 'number' ? (table: string) => physical(table, generation) : generation;
  const context: ProjectionContext = {
    sql,
    table: (name) => {
      if (!projection.tables.some((t) => t.name === name)) {
        throw new Error(`Projection ${projection.name} has no table ${name}`);
      }
      // The install's tables (a person's own rows) are written as they are, in any pool's run.
      return identifier(isInstallTable(projection, name) ? physicalName(name) : poolView(physicalName(name)));
    },
  };
  const changed: ChangedKeys = { everyone: [], users: new Map(), pools: new Set() };
  const note = (keys: readonly QueryKey[], audience: string | null) => {
    if (keys.length > 0) changed.pools.add(currentPoolKey());
    for (const key of keys) {
      if (audience !== null && personalKeyRoots.includes(String(key[0]))) {
        const own = changed.users.get(audience) ?? [];
        addKey(own, key);
        changed.users.set(audience, own);
      } else {
        addKey(changed.everyone, key);
      }
    }
  };
  // The events the projection cares about, handed over together up to the next season's start.
  let pending: RecordedEvent[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const run = pending;
    pending = [];
    if (projection.applyBatch) {
      for (const group of await projection.applyBatch(run, context)) note(group.keys, group.audience);
      return;
    }
    for (const event of run) {
      const changedKeys = (await projection.apply(event, context)) ?? projection.queryKeysFor(event);
      note(changedKeys, projection.audienceFor?.(event) ?? null);
    }
  };
  // Each pool's events in its own scope, so the projection's statements see and write that pool's
  // rows alone (projection-tables.ts); a run of one pool's events is handed over together.
  for (const run of poolRuns(projection, events)) {
    await inPool(run.kind ?? DEFAULT_POOL_KEY, async () => {
      for (const event of run.events) {
        if (event.type === SEASON_STARTED) {
          // A barrier: the events before it are applied to the ending season's tables, archived here.
          await flush();
          if (await startSeason(sql, projection, physicalName, event.data as SeasonStartedData)) {
            note(seasonChangeKeys, null);
          }
        }
        // A deleted pool's rows go where the log says it went (what comes before is applied first).
        if (event.type === POOL_DELETED) {
          await flush();
          await dropPool(sql, projection, physicalName, (event.data as PoolDeletedData).key);
        }
        if (projection.eventTypes !== 'all' && !projection.eventTypes.includes(event.type)) continue;
        pending.push(event);
      }
      await flush();
    });
  }
  return changed;
}

const poolOf = (event: RecordedEvent) => event.metadata.pool ?? DEFAULT_POOL_KEY;
const barriers = new Set([SEASON_STARTED, POOL_DELETED]);

/**
 * A batch's events in runs of one pool each. A projection's rows of one pool depend on that pool's
 * events in their order and on nothing of another pool's, so each pool's events between two
 * barriers form one run, in their order, the pools in the order they first appear: a deadline rush
 * across many pools is applied with one run per pool of the batch, not one per pool switch in the
 * log. The barriers: a season's start, a pool's deletion, and for a projection with install tables
 * (a person's own rows, written from any pool) every event but those of its `poolOnlyTypes`.
 */
function poolRuns(projection: Projection, events: readonly RecordedEvent[]) {
  const install = projection.tables.some((table) => table.install);
  const poolOnly = new Set<string>(projection.poolOnlyTypes ?? []);
  const isBarrier = (event: RecordedEvent) =>
    barriers.has(event.type) || (install && !poolOnly.has(event.type));
  const runs: { kind: string; events: RecordedEvent[] }[] = [];
  let segment = new Map<string, RecordedEvent[]>();
  const close = () => {
    for (const [kind, run] of segment) runs.push({ kind, events: run });
    segment = new Map();
  };
  for (const event of events) {
    if (isBarrier(event)) {
      close();
      const last = runs.at(-1);
      // Barriers of one pool in a row stay one run (a batch of sign-ups, say).
      if (last !== undefined && last.kind === poolOf(event) && isBarrier(last.events[0]!))
        last.events.push(event);
      else runs.push({ kind: poolOf(event), events: [event] });
      continue;
    }
    const run = segment.get(poolOf(event));
    if (run === undefined) segment.set(poolOf(event), [event]);
    else run.push(event);
  }
  close();
  return runs;
}
