import type { EventStore } from '../event-store/event-store.port.js';
import type { Sql, TransactionalSql } from '../platform/database/sql.js';
import { DEFAULT_POOL_KEY, inPool } from '../platform/pool-scope/pool-scope.js';
import { POOL_DELETED } from '../shared/domain/pool-deleted.js';
import { SEASON_STARTED } from '../shared/domain/season-scope.js';
import { applyEvents } from './apply-events.js';
import {
  createTables,
  dropPool,
  identifier,
  isInstallTable,
  physical,
  poolView,
  readCheckpoint,
  shadow,
  tableNames,
} from './projection-tables.js';
import type { Projection } from './projection.js';

/*
 * What a rebuild and `verify` (ProjectionEngine) report, the events they replay, and the shadow
 * tables `verify` compares with the live ones and a one-pool rebuild copies its rows from.
 */

export interface RebuildProgress {
  projection: string;
  position: bigint;
  head: bigint;
  eventsApplied: number;
  /** Events of the log read so far, where a replay skips those of other pools. */
  eventsRead?: number;
}

export interface TableDifference {
  table: string;
  /** Rows the live table has and a rebuild from the log does not. */
  onlyLive: number;
  /** Rows a rebuild from the log has and the live table lacks. */
  onlyRebuilt: number;
  /** A few of the differing rows, for the operator. */
  samples: { side: 'live' | 'rebuilt'; row: Record<string, unknown> }[];
}

export interface VerifyReport {
  projection: string;
  /** The checkpoint both sides were compared at. */
  position: bigint;
  eventsApplied: number;
  differences: TableDifference[];
}

/**
 * The events a rebuild reads: those the projection applies, the seasons' starts it archives at and
 * the pools' deletions it drops rows at (a small projection skips the rest of the log in the store
 * instead of reading it); all for one that applies every event.
 */
export function replayTypes(projection: Projection): readonly string[] | undefined {
  return projection.eventTypes === 'all'
    ? undefined
    : [...projection.eventTypes, SEASON_STARTED, POOL_DELETED];
}

/** Compares a live table with its rebuild from the log (`ProjectionEngine.verify`). */
export async function compareTable(
  sql: Sql,
  live: string,
  rebuilt: string,
  table: string,
): Promise<TableDifference | null> {
  const onlyIn = (a: string, b: string) => `SELECT * FROM ${a} EXCEPT ALL SELECT * FROM ${b}`;
  const { rows: counts } = await sql.query<{ only_live: string; only_rebuilt: string }>(
    `SELECT (SELECT count(*) FROM (${onlyIn(live, rebuilt)}) d) AS only_live,
            (SELECT count(*) FROM (${onlyIn(rebuilt, live)}) d) AS only_rebuilt`,
  );
  const onlyLive = Number(counts[0]!.only_live);
  const onlyRebuilt = Number(counts[0]!.only_rebuilt);
  if (onlyLive === 0 && onlyRebuilt === 0) return null;
  const sample = async (side: 'live' | 'rebuilt', query: string) =>
    (await sql.query<Record<string, unknown>>(`${query} LIMIT 5`)).rows.map((row) => ({ side, row }));
  return {
    table,
    onlyLive,
    onlyRebuilt,
    samples: [
      ...(await sample('live', onlyIn(live, rebuilt))),
      ...(await sample('rebuilt', onlyIn(rebuilt, live))),
    ],
  };
}

export interface ShadowReplay {
  database: TransactionalSql;
  eventStore: EventStore;
  projection: Projection;
  batchSize: number;
  /** One pool's key: only its events and the install's are replayed. */
  onlyPool?: string | undefined;
  onProgress?: ((progress: RebuildProgress) => void) | undefined;
}

/**
 * Rebuilds a projection into shadow tables (`{table}__verify`) up to exactly its live checkpoint,
 * then runs `act` in a transaction that holds the checkpoint row, so the live side cannot move
 * while `act` reads or writes it (when it moved on meanwhile, the shadow catches up first). `act`
 * gets the live generation and the pools the replayed events belong to. The shadow tables are
 * dropped afterwards, whatever happened.
 */
export async function withShadow<T>(
  replay: ShadowReplay,
  act: (sql: Sql, generation: number, pools: ReadonlySet<string>) => Promise<T>,
): Promise<{ result: T; position: bigint; eventsApplied: number }> {
  const { database, eventStore, projection, onlyPool, onProgress } = replay;
  await database.transaction((sql) => createTables(sql, projection, shadow));
  try {
    let built = 0n;
    let applied = 0;
    let eventsRead = 0;
    const pools = new Set<string>([onlyPool ?? DEFAULT_POOL_KEY]);
    for (;;) {
      const target = (await readCheckpoint(database, projection.name))?.position ?? 0n;
      while (built < target) {
        const read = (await eventStore.readAll({ after: built, maxCount: replay.batchSize })).filter(
          (e) => e.position <= target,
        );
        if (read.length === 0) break;
        const events =
          onlyPool === undefined
            ? read
            : read.filter((e) => e.metadata.pool === undefined || e.metadata.pool === onlyPool);
        if (onlyPool === undefined)
          for (const event of events) pools.add(event.metadata.pool ?? DEFAULT_POOL_KEY);
        await database.transaction((sql) => applyEvents(sql, projection, shadow, events));
        built = read[read.length - 1]!.position;
        applied += events.length;
        eventsRead += read.length;
        onProgress?.({
          projection: projection.name,
          position: built,
          head: target,
          eventsApplied: applied,
          eventsRead,
        });
      }
      if (built < target) built = target; // no more events up to the checkpoint
      const outcome = await database.transaction(async (sql) => {
        const live = await readCheckpoint(sql, projection.name, true);
        if (live === null || live.position !== built) return null; // it moved on: catch up again
        return { result: await act(sql, live.generation, pools) };
      });
      if (outcome) return { result: outcome.result, position: built, eventsApplied: applied };
    }
  } finally {
    await database.transaction(async (sql) => {
      for (const table of tableNames(projection))
        await sql.query(`DROP TABLE IF EXISTS ${identifier(shadow(table))} CASCADE`);
    });
  }
}

/** Replaces one pool's rows of a projection's live generation by the shadow's (`withShadow`). */
export async function replacePoolRows(
  sql: Sql,
  projection: Projection,
  generation: number,
  pool: string,
): Promise<void> {
  const live = (table: string) => identifier(physical(table, generation));
  await dropPool(sql, projection, (table) => physical(table, generation), pool);
  for (const table of projection.tables)
    if (table.install && table.namesPool)
      await sql.query(
        `INSERT INTO ${live(table.name)} SELECT * FROM ${identifier(shadow(table.name))} WHERE pool_id = $1`,
        [pool],
      );
  await inPool(pool, async () => {
    for (const table of tableNames(projection).filter((t) => !isInstallTable(projection, t)))
      await sql.query(
        `INSERT INTO ${identifier(poolView(physical(table, generation)))} SELECT * FROM ${identifier(shadow(table))}`,
      );
  });
}
