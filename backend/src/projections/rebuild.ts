import type { EventStore } from '../event-store/event-store.port.js';
import type { Sql, TransactionalSql } from '../platform/database/sql.js';
import { DEFAULT_POOL_KEY, inPool } from '../platform/pool-scope/pool-scope.js';
import { POOL_DELETED } from '../shared/domain/pool-deleted.js';
import { SEASON_STARTED } from '../shared/domain/season-scope.js';
import { applyEvents } from './apply-events.js';
import {
  analyzeTables,
  createTables,
  dropGeneration,
  dropPool,
  identifier,
  isInstallTable,
  physical,
  pointViews,
  poolView,
  readCheckpoint,
  runAll,
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

/** The statements `build` gives for each projection's generation, in one list. */
function forEach(
  generations: ReadonlyMap<Projection, number>,
  build: (projection: Projection, generation: number) => string[],
): string[] {
  return [...generations].flatMap(([projection, generation]) => build(projection, generation));
}

/**
 * Fills new generations of several projections from the start of the log, in one pass (a
 * rebuild): their tables created together, each batch of the log read once and applied to every
 * projection (the events of its replay types) in one transaction, the tables analyzed together.
 * Answers where the log was read to and how many events were read.
 */
export async function fillGenerations(
  database: TransactionalSql,
  eventStore: EventStore,
  generations: ReadonlyMap<Projection, number>,
  batchSize: number,
  onProgress?: (progress: Omit<RebuildProgress, 'projection'>) => void,
): Promise<{ position: bigint; applied: number }> {
  const typesOf = new Map([...generations.keys()].map((p) => [p, replayTypes(p)] as const));
  const types = replayTypesOfAll([...generations.keys()]);
  await database.transaction((sql) =>
    runAll(
      sql,
      forEach(generations, (p, generation) => createTables(p, (t) => physical(t, generation))),
    ),
  );
  let position = 0n;
  let applied = 0;
  let head = await eventStore.headPosition();
  onProgress?.({ position, head, eventsApplied: applied });
  for (;;) {
    const events = await eventStore.readAll({ after: position, maxCount: batchSize, types });
    if (events.length === 0) break;
    await database.transaction(async (sql) => {
      for (const [projection, generation] of generations) {
        const its = typesOf.get(projection);
        const replayed = its === undefined ? events : events.filter((e) => its.includes(e.type));
        if (replayed.length > 0) await applyEvents(sql, projection, generation, replayed);
      }
    });
    position = events[events.length - 1]!.position;
    applied += events.length;
    if (position > head) head = position;
    onProgress?.({ position, head, eventsApplied: applied });
  }
  await runAll(database, forEach(generations, analyzeTables));
  return { position, applied };
}

/**
 * Points the projections' views at their new generations and moves their checkpoints there, in one
 * transaction that holds the checkpoint rows; then drops the generations they leave.
 */
export async function switchGenerations(
  database: TransactionalSql,
  generations: ReadonlyMap<Projection, number>,
  position: bigint,
): Promise<void> {
  const projections = [...generations.keys()];
  const previous = await database.transaction(async (sql) => {
    const { rows } = await sql.query<{ name: string; generation: number }>(
      'SELECT name, generation FROM projection_checkpoints WHERE name = ANY($1) ORDER BY name FOR UPDATE',
      [projections.map((p) => p.name)],
    );
    await runAll(sql, forEach(generations, pointViews));
    await sql.query(
      `UPDATE projection_checkpoints c SET version = n.version, generation = n.generation, position = $1, updated_at = now()
         FROM unnest($2::text[], $3::int[], $4::int[]) AS n(name, version, generation) WHERE c.name = n.name`,
      [
        position.toString(),
        projections.map((p) => p.name),
        projections.map((p) => p.version),
        projections.map((p) => generations.get(p)),
      ],
    );
    return new Map(rows.map((row) => [row.name, row.generation]));
  });
  await runAll(
    database,
    forEach(generations, (projection, generation) => {
      const left = previous.get(projection.name);
      return left === undefined || left === generation ? [] : dropGeneration(projection, left);
    }),
  );
}

/** The events a rebuild of several projections reads in its one pass (`replayTypes` of each). */
export function replayTypesOfAll(projections: readonly Projection[]): readonly string[] | undefined {
  const each = projections.map(replayTypes);
  return each.some((types) => types === undefined) ? undefined : [...new Set(each.flat() as string[])];
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
  await database.transaction((sql) => runAll(sql, createTables(projection, shadow)));
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
    await runAll(
      database,
      tableNames(projection).map((table) => `DROP TABLE IF EXISTS ${identifier(shadow(table))} CASCADE`),
    );
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
