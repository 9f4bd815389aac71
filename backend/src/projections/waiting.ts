import type { EventEmitter } from 'node:events';
import type { Sql } from '../platform/database/sql.js';
import type { Projection } from './projection.js';
import type { ProjectionRunners } from './runners.js';

/** `waitFor` ran out of time: the projections named are still behind the position. */
export class ReadModelsBehindError extends Error {}

/**
 * Waiting until projections have applied the log up to a position: those this instance runs are
 * followed in memory (their runners), the others through their checkpoint rows.
 */
export class PositionWaits {
  /** The app is shutting down: nobody waits for the read models any more (`close`). */
  private closing = false;
  private positionsQuery: Promise<Map<string, bigint>> | null = null;

  constructor(
    private readonly database: Sql,
    private readonly projections: readonly Projection[],
    private readonly runners: ProjectionRunners,
    /** Emits `advanced` when a projection of this instance commits a batch, fails or is rebuilt. */
    private readonly emitter: EventEmitter,
  ) {}

  /**
   * Waits until every projection (or only those named) has processed the log up to `position`
   * (tests, CLI, and `settle`). A projection this engine runs is followed in memory; one it does
   * not run (another instance is the projector leader, or a takeover is under way) through its
   * checkpoint row, which commits with the read tables.
   */
  async waitFor(position: bigint, timeoutMs: number, only?: readonly string[]): Promise<void> {
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

  /** Every wait ends now, answering that the read models are behind (`ProjectionEngine.close`). */
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
}
