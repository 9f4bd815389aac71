import { EventEmitter } from 'node:events';
import type { EventStore } from '../event-store/event-store.port.js';
import type { Sql, TransactionalSql } from '../platform/database/sql.js';
import { writtenSoFar } from '../event-store/write-scope.js';
import { ensureInstalled, readCheckpoint, readSeason } from './projection-tables.js';
import type { EngineLogger, Projection, ReadModelChange } from './projection.js';
import { Rebuilds, replayTypes, type RebuildProgress, type VerifyReport } from './rebuild.js';
import { ProjectionRunners, type ProjectionState } from './runners.js';
import { PositionWaits, ReadModelsBehindError } from './waiting.js';

export type { RebuildProgress, VerifyReport } from './rebuild.js';
export { ReadModelsBehindError } from './waiting.js';

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
 * of the log feeds them all (log-feed.ts); each applies at its own pace, with its own checkpoint
 * (runners.ts). A batch of events and the checkpoint that follows it are written in ONE transaction,
 * so a crash at any point neither double-counts nor skips. A projection with `applyBatch` gets a
 * batch's events together (split at a season's start, apply-events.ts); rebuilds and `verify` replay
 * the log in larger batches (rebuild.ts); commands and reads wait for positions (waiting.ts). Emits
 * `changed` after each commit. The one class the app uses: it composes those parts.
 */
export class ProjectionEngine {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private readonly runners: ProjectionRunners;
  private readonly rebuilds: Rebuilds;
  private readonly waits: PositionWaits;

  constructor(
    private readonly database: TransactionalSql,
    private readonly eventStore: EventStore,
    readonly projections: readonly Projection[],
    private readonly logger: EngineLogger = silentLogger,
    batchSize = 500,
    /** Events per transaction when a rebuild or `verify` replays the log: fewer, larger batches. */
    replayBatchSize = 5000,
  ) {
    const names = new Set<string>();
    for (const projection of projections) {
      if (names.has(projection.name)) throw new Error(`Duplicate projection ${projection.name}`);
      names.add(projection.name);
    }
    this.runners = new ProjectionRunners(database, eventStore, this.emitter, logger, batchSize);
    this.rebuilds = new Rebuilds(database, eventStore, this.runners, this.emitter, logger, replayBatchSize);
    this.waits = new PositionWaits(database, projections, this.runners, this.emitter);
  }

  onChanged(listener: (change: ReadModelChange) => void): () => void {
    this.emitter.on('changed', listener);
    return () => this.emitter.off('changed', listener);
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

  /** Installs every projection, starts live processing, and rebuilds those whose version changed. */
  async start(): Promise<void> {
    this.runners.start();
    for (const projection of this.projections) {
      const checkpoint = await ensureInstalled(this.database, projection);
      if (checkpoint.version !== projection.version) {
        this.logger.log(
          `Projection ${projection.name}: version ${checkpoint.version} → ${projection.version}, rebuilding`,
        );
        void this.rebuild(projection.name).catch((error: unknown) =>
          this.runners.fail(projection.name, error),
        );
      } else {
        this.runners.follow(projection, checkpoint.position);
      }
    }
  }

  /** Rebuilds a projection blue-green from the log (rebuild.ts); live processing resumes on the new tables. */
  async rebuild(name: string, onProgress?: (progress: RebuildProgress) => void): Promise<void> {
    return this.rebuilds.rebuild(this.projectionNamed(name), onProgress);
  }

  /** Compares a projection's live tables with a rebuild from the log into shadow tables (rebuild.ts). */
  async verify(name: string, onProgress?: (progress: RebuildProgress) => void): Promise<VerifyReport> {
    return this.rebuilds.verify(this.projectionNamed(name), onProgress);
  }

  /** Runs `work` on a past season's rows, read under the current tables' names (projection-tables.ts). */
  readSeason<T>(season: string, work: (sql: Sql) => Promise<T>): Promise<T> {
    return readSeason(this.database, this.projections, season, work);
  }

  /** How many events a rebuild of the projection replays (its progress bar's length). */
  eventsToReplay(name: string): Promise<number> {
    return this.eventStore.countAfter(0n, replayTypes(this.projectionNamed(name)));
  }

  /** Where the named projections' tables stand on this instance, as a key (null: not all run here). */
  committedKey(names: readonly string[]): string | null {
    return this.runners.committedKey(names);
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

  /** Waits until every projection (or only those named) has processed the log up to `position` (waiting.ts). */
  waitFor(position: bigint, timeoutMs = 10_000, only?: readonly string[]): Promise<void> {
    return this.waits.waitFor(position, timeoutMs, only);
  }

  /**
   * The app is shutting down: every wait for the read models ends now (a read waiting for its
   * client's position answers with what the tables hold; the browser reads again once it is back),
   * so no request holds the HTTP server open, then live processing stops. Before this, a read that
   * named a position the stopped projector would never reach kept the shutdown waiting.
   */
  close(): void {
    this.waits.close();
  }

  stop(): Promise<void> {
    return this.runners.stop();
  }
}
