import { EventEmitter } from 'node:events';
import type { EventStore } from '../event-store/event-store.port.js';
import type { Sql, TransactionalSql } from '../platform/database/sql.js';
import { writtenSoFar } from '../event-store/write-scope.js';
import { DEFAULT_POOL_KEY, inPool } from '../platform/pool-scope/pool-scope.js';
import {
  ensureInstalled,
  identifier,
  isInstallTable,
  physical,
  readCheckpoint,
  readSeason,
  shadow,
  tableNames,
} from './projection-tables.js';
import type { EngineLogger, Projection, ReadModelChange } from './projection.js';
import {
  compareTable,
  fillGenerations,
  replacePoolRows,
  replayTypes,
  replayTypesOfAll,
  switchGenerations,
  withShadow,
  type RebuildProgress,
  type TableDifference,
  type VerifyReport,
} from './rebuild.js';
import { ProjectionRunners, type CommittedKeyOptions, type ProjectionState } from './runners.js';

export type { RebuildProgress, VerifyReport } from './rebuild.js';
/** `waitFor` ran out of time: the projections named are still behind the position. */
export class ReadModelsBehindError extends Error {}

export interface ProjectionStatus {
  name: string;
  version: number;
  storedVersion: number | null;
  generation: number | null;
  position: bigint;
  head: bigint;
  /**
   * Events after its checkpoint that it still has to apply (of its types): a rebuild leaves the
   * checkpoint at the last event it applied, and the rest of the log is nothing to catch up on.
   */
  lag: number;
  state: ProjectionState;
  error: string | null;
}

const silentLogger: EngineLogger = { log: () => undefined, error: () => undefined };

/**
 * Runs projections: each catches up from its checkpoint and then follows the log live. One reader
 * of the log feeds them all; each applies at its own pace, with its own checkpoint (runners.ts). A
 * batch of events and the checkpoint that follows it are written in ONE transaction, so a crash at
 * any point neither double-counts nor skips. A projection with `applyBatch` gets a batch's events
 * together (split at a season's start, apply-events.ts). Rebuilds and `verify` replay the log in
 * larger batches (`replayBatchSize` events per transaction); commands and reads wait for positions.
 * Emits `changed` after each commit. The one class the app uses.
 */
export class ProjectionEngine {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private readonly runners: ProjectionRunners;
  /** The app is shutting down: nobody waits for the read models any more (`close`). */
  private closing = false;
  private positionsQuery: Promise<Map<string, bigint>> | null = null;

  constructor(
    private readonly database: TransactionalSql,
    private readonly eventStore: EventStore,
    readonly projections: readonly Projection[],
    private readonly logger: EngineLogger = silentLogger,
    batchSize = 500,
    /** Events per transaction when a rebuild or `verify` replays the log: fewer, larger batches. */
    private readonly replayBatchSize = 5000,
  ) {
    const names = new Set<string>();
    for (const projection of projections) {
      if (names.has(projection.name)) throw new Error(`Duplicate projection ${projection.name}`);
      names.add(projection.name);
    }
    this.runners = new ProjectionRunners(database, eventStore, this.emitter, logger, batchSize);
  }

  onChanged(listener: (change: ReadModelChange) => void): () => void {
    this.emitter.on('changed', listener);
    return () => this.emitter.off('changed', listener);
  }

  /**
   * Calls `listener` whenever a projection this engine runs moves on, fails or stops, with whether
   * every one it runs live has passed `position` (`passed`): none of them will change for it later.
   */
  onAdvanced(listener: () => void): () => void {
    this.emitter.on('advanced', listener);
    return () => this.emitter.off('advanced', listener);
  }

  passed(position: bigint): boolean {
    return this.runners.allPast(position);
  }

  /** The projection of that name (an error naming the known ones otherwise). */
  projectionNamed(name: string): Projection {
    const found = this.projections.find((p) => p.name === name);
    if (!found)
      throw new Error(
        `Unknown projection "${name}". Known: ${this.projections.map((p) => p.name).join(', ')}`,
      );
    return found;
  }

  /**
   * Installs every projection, starts live processing, and rebuilds those whose version changed:
   * while the old generation serves when its readers can read it (`readableFrom`), else before
   * this returns, so the app serves no reader tables it does not know (an upgrade waits for it).
   */
  async start(): Promise<void> {
    this.runners.start();
    const behind: Projection[] = [];
    const serving: Projection[] = [];
    for (const projection of this.projections) {
      const checkpoint = await ensureInstalled(this.database, projection);
      if (checkpoint.version === projection.version) this.runners.follow(projection, checkpoint.position);
      else {
        const readable = checkpoint.version >= (projection.readableFrom ?? projection.version);
        (readable ? serving : behind).push(projection);
        this.logger.log(
          `Projection ${projection.name}: version ${checkpoint.version} → ${projection.version}, rebuilding${readable ? ' while the old tables serve' : ' before serving'}`,
        );
      }
    }
    if (serving.length > 0)
      void this.rebuild(serving.map((p) => p.name)).catch((error: unknown) => {
        for (const projection of serving) this.runners.fail(projection.name, error);
      });
    if (behind.length > 0) await this.rebuild(behind.map((p) => p.name));
  }

  /**
   * Rebuilds projections blue-green, in one pass over the log: a fresh generation of each one's
   * tables is filled from the start of the log while the current one keeps serving; then, in one
   * transaction, the views switch to them and the checkpoints move to the new generations. Live
   * processing resumes on the new tables.
   */
  async rebuild(
    names: string | readonly string[],
    onProgress?: (progress: RebuildProgress) => void,
  ): Promise<void> {
    const projections = (typeof names === 'string' ? [names] : names).map((n) => this.projectionNamed(n));
    const label = projections.map((p) => p.name).join(', ');
    const generations = new Map<Projection, number>();
    for (const projection of projections) {
      generations.set(projection, (await ensureInstalled(this.database, projection)).generation + 1);
      this.runners.setState(projection.name, 'rebuilding');
    }
    const { position, applied } = await fillGenerations(
      this.database,
      this.eventStore,
      generations,
      this.replayBatchSize,
      (progress) => onProgress?.({ projection: label, ...progress }),
    );
    for (const projection of projections) await this.runners.release(projection.name);
    await switchGenerations(this.database, generations, position);
    this.logger.log(`Rebuilt ${label} in one pass: ${applied} events`);
    this.emitter.emit('changed', {
      readModels: projections.map((p) => p.name),
      queryKeys: [],
      userQueryKeys: [],
      pools: null,
      position,
    } satisfies ReadModelChange);
    for (const projection of projections)
      if (this.runners.live) this.runners.follow(projection, position);
      else this.runners.setState(projection.name, 'stopped');
    this.emitter.emit('advanced');
  }

  /**
   * Rebuilds a projection into shadow tables up to exactly the live checkpoint, compares them row by
   * row with the live tables (the live side cannot move during the comparison), reports every
   * difference, then drops the shadow tables. The live side is untouched.
   */
  async verify(
    name: string,
    onProgress?: (progress: RebuildProgress) => void,
    /** One pool's key: only its rows are compared, and only its events and the install's replayed. */
    onlyPool?: string,
  ): Promise<VerifyReport> {
    const projection = this.projectionNamed(name);
    await ensureInstalled(this.database, projection);
    const replay = { ...this.replayOf(projection), onlyPool, onProgress };
    const { result, position, eventsApplied } = await withShadow(replay, async (sql, generation, pools) => {
      const found: TableDifference[] = [];
      // The live generation's tables themselves, one pool at a time (row-level security shows a
      // statement its connection's pool only). The install's tables (ProjectionTable.install) once,
      // in the default pool, and not when one pool is verified (the other pools' events that fill
      // them were not replayed).
      for (const pool of pools)
        for (const table of tableNames(projection)) {
          if ((pool !== DEFAULT_POOL_KEY || onlyPool !== undefined) && isInstallTable(projection, table))
            continue;
          const live = identifier(physical(table, generation));
          const label = pool === DEFAULT_POOL_KEY ? table : `${table} (pool ${pool})`;
          const difference = await inPool(pool, () =>
            compareTable(sql, live, identifier(shadow(table)), label),
          );
          if (difference) found.push(difference);
        }
      return found;
    });
    return { projection: name, position, eventsApplied, differences: result };
  }

  /**
   * Rebuilds one pool's rows of a projection in place: its events and the install's replayed into
   * shadow tables, then, in one transaction that holds the checkpoint, the pool's live rows replaced
   * by the shadow's (the install's tables keep every other row). Other pools are not touched.
   */
  async rebuildPool(
    name: string,
    pool: string,
    onProgress?: (progress: RebuildProgress) => void,
  ): Promise<number> {
    const projection = this.projectionNamed(name);
    await ensureInstalled(this.database, projection);
    const replay = { ...this.replayOf(projection), onlyPool: pool, onProgress };
    const { position, eventsApplied } = await withShadow(replay, (sql, generation) =>
      replacePoolRows(sql, projection, generation, pool),
    );
    this.logger.log(`Projection ${name} rebuilt for pool ${pool || '(default)'}: ${eventsApplied} events`);
    this.emitter.emit('changed', {
      readModels: [name],
      queryKeys: [],
      userQueryKeys: [],
      pools: [pool],
      position,
    } satisfies ReadModelChange);
    return eventsApplied;
  }

  private replayOf(projection: Projection) {
    return {
      database: this.database,
      eventStore: this.eventStore,
      projection,
      batchSize: this.replayBatchSize,
    };
  }

  /** Runs `work` on a past season's rows, read under the current tables' names (projection-tables.ts). */
  readSeason<T>(season: string, work: (sql: Sql) => Promise<T>): Promise<T> {
    return readSeason(this.database, this.projections, season, work);
  }

  /** How many events a rebuild of the projections replays (its progress bar's length). */
  eventsToReplay(names: readonly string[]): Promise<number> {
    return this.eventStore.countAfter(0n, replayTypesOfAll(names.map((n) => this.projectionNamed(n))));
  }

  /** Where the named projections' tables stand on this instance, as a key (null: not all run here). */
  committedKey(names: readonly string[], options?: CommittedKeyOptions): string | null {
    return this.runners.committedKey(names, options);
  }

  async status(): Promise<ProjectionStatus[]> {
    const head = await this.eventStore.headPosition();
    const result: ProjectionStatus[] = [];
    for (const projection of this.projections) {
      const checkpoint = await readCheckpoint(this.database, projection.name);
      const position = checkpoint?.position ?? 0n;
      const state = this.runners.stateOf(projection.name);
      result.push({
        name: projection.name,
        version: projection.version,
        storedVersion: checkpoint?.version ?? null,
        generation: checkpoint?.generation ?? null,
        position,
        head,
        lag: await this.eventStore.countAfter(position, replayTypes(projection)),
        state: state?.state ?? 'stopped',
        error: state?.error ?? null,
      });
    }
    return result;
  }

  /**
   * A command's wait before it answers (ADR 011), and a read's wait for the position its client
   * names (ADR 013), both decided at the edge (read-your-writes.ts): like `waitFor`, but when the
   * read models are still behind after the timeout (an overloaded projector at a deadline rush) it
   * answers anyway rather than failing a request whose events are stored: the read models catch up
   * and tell the browsers (`read-model-changed`). A failed projection is still an error.
   */
  async settle(position: bigint, only?: readonly string[], timeoutMs = 10_000): Promise<boolean> {
    try {
      await this.waitFor(position, timeoutMs, only);
      return true;
    } catch (error) {
      if (!(error instanceof ReadModelsBehindError)) throw error;
      this.logger.log(`${error.message}; answering without them`);
      return false;
    }
  }

  /**
   * For a read inside a command request (a route that answers with what it changed): waits until
   * the named read models show every event this request has stored so far. Elsewhere, no wait.
   */
  async showOwnWrites(only?: readonly string[]): Promise<void> {
    const position = writtenSoFar();
    if (position !== null) await this.settle(position, only);
  }

  /**
   * Waits until every projection (or only those named) has processed the log up to `position`
   * (tests, CLI, and `settle`). A projection this engine runs is followed in memory; one it does
   * not run (another instance is the projector leader, or a takeover is under way) through its
   * checkpoint row, which commits with the read tables.
   */
  async waitFor(position: bigint, timeoutMs = 10_000, only?: readonly string[]): Promise<void> {
    const started = Date.now();
    const watched = only ? this.projections.filter((p) => only.includes(p.name)) : this.projections;
    const runs = (p: Projection) => this.runners.positionOf(p.name) !== undefined;
    for (;;) {
      let behind = watched.filter((p) => {
        const at = this.runners.positionOf(p.name);
        return at === undefined || at < position;
      });
      const elsewhere = behind.filter((p) => !runs(p));
      if (elsewhere.length > 0) {
        const stored = await this.storedPositions();
        behind = behind.filter((p) => runs(p) || (stored.get(p.name) ?? -1n) < position);
      }
      if (behind.length === 0) return;
      if (this.closing) {
        throw new ReadModelsBehindError(
          `Shutting down before the projections reached ${position}: ${behind.map((p) => p.name).join(', ')}`,
        );
      }
      const failed = behind.find((p) => this.runners.stateOf(p.name)?.state === 'failed');
      if (failed)
        throw new Error(`Projection ${failed.name} failed: ${this.runners.stateOf(failed.name)?.error}`);
      const left = timeoutMs - (Date.now() - started);
      if (left <= 0) {
        throw new ReadModelsBehindError(
          `Projections not caught up to ${position}: ${behind.map((p) => p.name).join(', ')}`,
        );
      }
      // Projections this engine runs tell when they move on; those run by another instance are
      // seen through their checkpoint rows, read again shortly.
      await this.nextAdvance(elsewhere.length > 0 ? Math.min(25, left) : left);
    }
  }

  /**
   * The app is shutting down: every wait for the read models ends now, answering that they are
   * behind (a read waiting for its client's position answers with what the tables hold; the browser
   * reads again once it is back), so no request holds the HTTP server open.
   */
  close(): void {
    this.closing = true;
    this.emitter.emit('advanced');
  }

  /** Resolves when a projection of this engine commits a batch, fails or is rebuilt; or after `ms`. */
  private nextAdvance(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.emitter.off('advanced', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.emitter.on('advanced', done);
    });
  }

  /** Every checkpoint's position; concurrent waiters share one query. */
  private storedPositions(): Promise<Map<string, bigint>> {
    this.positionsQuery ??= this.database
      .query<{ name: string; position: string }>('SELECT name, position FROM projection_checkpoints')
      .then(({ rows }) => new Map(rows.map((row) => [row.name, BigInt(row.position)])))
      .finally(() => {
        this.positionsQuery = null;
      });
    return this.positionsQuery;
  }

  stop(): Promise<void> {
    return this.runners.stop();
  }
}
