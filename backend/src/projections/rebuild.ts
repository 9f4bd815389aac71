import type { EventEmitter } from 'node:events';
import type { EventStore } from '../event-store/event-store.port.js';
import type { Sql, TransactionalSql } from '../platform/database/sql.js';
import { SEASON_STARTED } from '../shared/domain/season-scope.js';
import { applyEvents } from './apply-events.js';
import {
  createGeneration,
  createTables,
  dropGeneration,
  ensureInstalled,
  identifier,
  pointViews,
  readCheckpoint,
  shadow,
  tableNames,
} from './projection-tables.js';
import type { EngineLogger, Projection, ReadModelChange } from './projection.js';
import type { ProjectionRunners } from './runners.js';

export interface RebuildProgress {
  projection: string;
  position: bigint;
  head: bigint;
  eventsApplied: number;
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
 * The events a rebuild reads: those the projection applies, and the seasons' starts it archives at
 * (a small projection skips the rest of the log in the store instead of reading it); all for one
 * that applies every event.
 */
export function replayTypes(projection: Projection): readonly string[] | undefined {
  return projection.eventTypes === 'all' ? undefined : [...projection.eventTypes, SEASON_STARTED];
}

/**
 * A projection built again from the start of the log, in larger batches than live processing
 * (`replayBatchSize` events per transaction): blue-green into a fresh generation (`rebuild`), or
 * into shadow tables compared with the live ones (`verify`).
 */
export class Rebuilds {
  constructor(
    private readonly database: TransactionalSql,
    private readonly eventStore: EventStore,
    private readonly runners: ProjectionRunners,
    private readonly emitter: EventEmitter,
    private readonly logger: EngineLogger,
    private readonly replayBatchSize: number,
  ) {}

  /**
   * Rebuilds a projection blue-green: a fresh generation of its tables is filled from the start of
   * the log while the current one keeps serving; then, in one transaction, the views switch to it
   * and the checkpoint moves to the new generation. Live processing resumes on the new tables.
   */
  async rebuild(projection: Projection, onProgress?: (progress: RebuildProgress) => void): Promise<void> {
    const { name } = projection;
    const installed = await ensureInstalled(this.database, projection);
    this.runners.setState(name, 'rebuilding');
    const generation = installed.generation + 1;
    await this.database.transaction((sql) => createGeneration(sql, projection, generation));
    let position = 0n;
    let applied = 0;
    let head = await this.eventStore.headPosition();
    onProgress?.({ projection: name, position, head, eventsApplied: applied });
    const types = replayTypes(projection);
    for (;;) {
      const events = await this.eventStore.readAll({
        after: position,
        maxCount: this.replayBatchSize,
        types,
      });
      if (events.length === 0) break;
      await this.database.transaction((sql) => applyEvents(sql, projection, generation, events));
      position = events[events.length - 1]!.position;
      applied += events.length;
      if (position > head) head = position;
      onProgress?.({ projection: name, position, head, eventsApplied: applied });
    }
    await this.runners.release(name);
    const previous = await this.database.transaction(async (sql) => {
      const current = await readCheckpoint(sql, name, true);
      await pointViews(sql, projection, generation);
      await sql.query(
        'UPDATE projection_checkpoints SET version = $2, generation = $3, position = $4, updated_at = now() WHERE name = $1',
        [name, projection.version, generation, position.toString()],
      );
      return current?.generation ?? null;
    });
    if (previous !== null && previous !== generation) {
      await this.database.transaction((sql) => dropGeneration(sql, projection, previous));
    }
    this.logger.log(`Projection ${name} rebuilt: generation ${generation}, ${applied} events`);
    this.emitter.emit('changed', {
      readModels: [name],
      queryKeys: [],
      userQueryKeys: [],
      position,
    } satisfies ReadModelChange);
    if (this.runners.live) this.runners.follow(projection, position);
    else this.runners.setState(name, 'stopped');
    this.emitter.emit('advanced');
  }

  /**
   * Rebuilds a projection into shadow tables up to exactly the live checkpoint, compares them row by
   * row with the live tables (holding the checkpoint row, so the live side cannot move during the
   * comparison), reports every difference, then drops the shadow tables. The live side is untouched.
   */
  async verify(
    projection: Projection,
    onProgress?: (progress: RebuildProgress) => void,
  ): Promise<VerifyReport> {
    const { name } = projection;
    await ensureInstalled(this.database, projection);
    await this.database.transaction((sql) => createTables(sql, projection, shadow));
    try {
      let built = 0n;
      let applied = 0;
      for (;;) {
        const target = (await readCheckpoint(this.database, name))?.position ?? 0n;
        // Catch the shadow up to the live checkpoint (which may move while this runs).
        while (built < target) {
          const events = (
            await this.eventStore.readAll({ after: built, maxCount: this.replayBatchSize })
          ).filter((e) => e.position <= target);
          if (events.length === 0) break;
          await this.database.transaction((sql) => applyEvents(sql, projection, shadow, events));
          built = events[events.length - 1]!.position;
          applied += events.length;
          onProgress?.({ projection: name, position: built, head: target, eventsApplied: applied });
        }
        if (built < target) built = target; // no more events up to the checkpoint
        const differences = await this.database.transaction(async (sql) => {
          const live = await readCheckpoint(sql, name, true);
          if ((live?.position ?? 0n) !== built) return null; // it moved on: catch up again
          const found: TableDifference[] = [];
          for (const table of tableNames(projection)) {
            const difference = await compareTable(sql, identifier(table), identifier(shadow(table)), table);
            if (difference) found.push(difference);
          }
          return found;
        });
        if (differences) return { projection: name, position: built, eventsApplied: applied, differences };
      }
    } finally {
      await this.database.transaction(async (sql) => {
        for (const table of tableNames(projection))
          await sql.query(`DROP TABLE IF EXISTS ${identifier(shadow(table))}`);
      });
    }
  }
}

async function compareTable(
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
