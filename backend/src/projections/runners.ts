import { EventEmitter, once } from 'node:events';
import type { EventStore, RecordedEvent, Subscription } from '../event-store/event-store.port.js';
import type { Sql, TransactionalSql } from '../platform/database/sql.js';
import { applyEvents } from './apply-events.js';
import { analyzeTables, readCheckpoint, runAll } from './projection-tables.js';
import type { EngineLogger, Projection, ReadModelChange } from './projection.js';
import { POOL_DELETED } from '../shared/domain/pool-deleted.js';
import { SEASON_STARTED } from '../shared/domain/season-scope.js';

export type ProjectionState = 'stopped' | 'live' | 'rebuilding' | 'failed';

export interface CommittedKeyOptions {
  touched?: boolean;
  announcing?: Readonly<Record<string, string>>;
}

class PositionMoved extends Error {}

/** A projection followed live: where it stands, and the batches the feed handed it to apply. */
interface Runner {
  projection: Projection;
  /** The position its committed checkpoint stands at. */
  position: bigint;
  /** Batches of the log, each with the position it follows. */
  queue: { after: bigint; events: RecordedEvent[] }[];
  /** On the feed (not stopped, failed, or waiting to resume). */
  receiving: boolean;
  wake: (() => void) | null;
  stopped: boolean;
  done: Promise<void>;
  /** Events applied since its tables were last analyzed (projection-tables.ts `analyzeTables`), and in all. */
  sinceAnalyzed: number;
  applied: number;
  /**
   * The position of the last batch that held an event of its types (or a season's start or a
   * pool's deletion): its tables have not changed since. Where it started, before any.
   */
  touchedAt: bigint;
  /**
   * Per root of a query key it announced (and `*` for any), the position of the last batch that
   * announced one; before any, where it started.
   */
  announcedAt: Map<string, bigint>;
  /** Where it started following the log. */
  from: bigint;
}

/**
 * The live tables are analyzed again once the events applied since the last time reach a tenth of
 * all applied (as autovacuum's scale factor does), and at least this many: a few times in a season,
 * not every few hundred picks of a deadline rush.
 */
const analyzeAtLeastEvery = 500;

/** The shared subscription to the log, and the position of the last batch it handed out. */
interface Feed {
  subscription: Subscription | null;
  position: bigint;
  closed: boolean;
}

/** Whether an event may change a projection's tables: one of its types, a season's start, a pool's deletion. */
function touches(projection: Projection, event: RecordedEvent): boolean {
  if (event.type === SEASON_STARTED || event.type === POOL_DELETED) return true;
  return projection.eventTypes === 'all' || projection.eventTypes.includes(event.type);
}

/** How many batches a projection may have waiting before the feed stops reading for it. */
const maxQueuedBatches = 4;

/**
 * The projections followed live, each with its runner and checkpoint (see `follow`). Emits `changed`
 * after each commit, and `advanced` whenever a projection moves on, fails or stops.
 *
 * One reader of the log, the feed, serves them all: it queues each batch it reads for every runner
 * on it, and stops reading while one of them has `maxQueuedBatches` waiting. Each runner takes its
 * batches off its queue at its own pace.
 */
export class ProjectionRunners {
  private readonly runners = new Map<string, Runner>();
  private readonly states = new Map<string, { state: ProjectionState; error: string | null }>();
  private stopping = false;
  private started = false;
  private feed: Feed | null = null;
  /** The feed's restarts, one after the other. */
  private chain: Promise<void> = Promise.resolve();
  private restarting: Promise<void> | null = null;
  /** A runner took batches off its queue or stopped: the feed may read on. */
  private readonly progress = new EventEmitter().setMaxListeners(0);

  constructor(
    private readonly database: TransactionalSql,
    private readonly eventStore: EventStore,
    private readonly emitter: EventEmitter,
    private readonly logger: EngineLogger,
    private readonly batchSize: number,
  ) {}

  start(): void {
    this.stopping = false;
    this.started = true;
  }

  /** Between start() and stop(): a rebuild then hands the projection back to live processing. */
  get live(): boolean {
    return this.started && !this.stopping;
  }

  /** The committed position of a projection this instance runs (undefined when it does not). */
  positionOf(name: string): bigint | undefined {
    return this.runners.get(name)?.position;
  }

  /**
   * Where the named projections' tables stand, from this instance's runners (each moved only once
   * its batch has committed), as a key that changes whenever any of those tables may have: name,
   * code version and committed position, which determine the tables' content. `touched`: the
   * position of the last batch that could change them, so a key that moves less. `announcing`: per
   * projection, the root of the query keys (or `*`, any) whose announcement is what its reader
   * follows: the key moves with the batches that announced one (a board need not move with picks
   * nobody sees yet). Null when this instance does not run all of them (another holds the
   * projector lease, a rebuild is switching): the caller reads the checkpoints instead.
   */
  committedKey(
    names: readonly string[],
    { touched = false, announcing = {} }: CommittedKeyOptions = {},
  ): string | null {
    const parts: string[] = [];
    for (const name of names) {
      const runner = this.runners.get(name);
      if (!runner) return null;
      const root = announcing[name];
      const at =
        root !== undefined
          ? `${runner.from}@${runner.announcedAt.get(root) ?? runner.from}`
          : touched
            ? runner.touchedAt
            : runner.position;
      parts.push(`${name}:v${runner.projection.version}:${at}`);
    }
    return parts.join(',');
  }

  /** Whether every projection this instance follows live (not failed or stopped) has committed `position`. */
  allPast(position: bigint): boolean {
    for (const runner of this.runners.values())
      if (runner.receiving && !runner.stopped && runner.position < position) return false;
    return true;
  }

  stateOf(name: string): { state: ProjectionState; error: string | null } | undefined {
    return this.states.get(name);
  }

  setState(name: string, state: ProjectionState): void {
    this.states.set(name, { state, error: null });
  }

  fail(name: string, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.states.set(name, { state: 'failed', error: message });
    this.emitter.emit('advanced');
    this.logger.error(`Projection ${name} failed: ${message}`);
  }

  /**
   * Live processing of a projection from a position: it joins the shared feed, which reads the log
   * once for every projection, and applies what the feed hands it in its own transactions, at its
   * own pace (a few batches ahead at most), with its own checkpoint. Its failure is its own.
   */
  follow(projection: Projection, from: bigint): void {
    if (this.stopping) return;
    const runner: Runner = {
      projection,
      position: from,
      queue: [],
      receiving: true,
      stopped: false,
      wake: null,
      done: Promise.resolve(),
      sinceAnalyzed: 0,
      touchedAt: from,
      announcedAt: new Map(),
      from,
      applied: 0,
    };
    this.runners.set(projection.name, runner);
    this.setState(projection.name, 'live');
    runner.done = this.run(runner);
    // The feed is past where this projection stands: it reads again from there for everyone (the
    // others skip what they have applied).
    if (!this.feed || from < this.feed.position) this.restartFeed();
  }

  /** A runner's loop: applies what the feed queued for it, several queued batches in one transaction. */
  private async run(runner: Runner): Promise<void> {
    const { projection } = runner;
    while (!runner.stopped) {
      if (runner.queue.length === 0) {
        await new Promise<void>((resolve) => (runner.wake = resolve));
        runner.wake = null;
        continue;
      }
      // The batches that go on from where the projection stands, without what it has applied. One
      // that starts further on (handed before the feed went back for this projection) comes again.
      const events: RecordedEvent[] = [];
      let at = runner.position;
      for (const batch of runner.queue.splice(0)) {
        if (batch.after > at) break;
        for (const event of batch.events) if (event.position > at) events.push(event);
        const last = batch.events[batch.events.length - 1]!.position;
        if (last > at) at = last;
      }
      this.progress.emit('progress');
      if (events.length === 0) continue;
      try {
        await this.applyLive(runner, events);
      } catch (error) {
        runner.receiving = false;
        runner.stopped = true;
        this.progress.emit('progress');
        if (this.stopping) return;
        if (error instanceof PositionMoved) void this.resume(projection);
        else this.fail(projection.name, error);
        return;
      }
    }
  }

  /**
   * One transaction: a batch of the log applied, and the checkpoint moved past it. A batch with
   * nothing for the projection (a deadline's picks, for the prizes) only moves the checkpoint: one
   * statement, atomic on its own, instead of three.
   */
  private async applyLive(runner: Runner, events: RecordedEvent[]): Promise<void> {
    const { projection } = runner;
    let change: ReadModelChange | null = null;
    let committed: bigint | null = null;
    let generation: number | null = null;
    const touched = events.some((event) => touches(projection, event));
    const within = <T>(work: (sql: Sql) => Promise<T>) =>
      touched ? this.database.transaction(work) : work(this.database);
    await within(async (sql) => {
      const last = events[events.length - 1]!.position;
      // The checkpoint moved past the batch first, in the statement that finds it where this
      // runner left it (its row held until the commit, as a rebuild's switch expects): when
      // someone else (a rebuild) moved it, nothing is applied and the runner resumes from there.
      const { rows } = await sql.query<{ generation: number }>(
        `UPDATE projection_checkpoints SET position = $2, updated_at = now()
          WHERE name = $1 AND position = $3 AND version = $4 RETURNING generation`,
        [projection.name, last.toString(), runner.position.toString(), projection.version],
      );
      if (rows.length === 0) throw new PositionMoved();
      generation = rows[0]!.generation;
      const keys = await applyEvents(sql, projection, rows[0]!.generation, events);
      committed = last;
      if (keys.everyone.length > 0 || keys.users.size > 0) {
        change = {
          readModels: [projection.name],
          queryKeys: keys.everyone,
          userQueryKeys: [...keys.users].map(([userId, queryKeys]) => ({ userId, queryKeys })),
          pools: [...keys.pools],
          position: last,
        };
      }
    });
    // Only once the batch is committed: waitFor() callers read the tables right after, and what is
    // kept of those tables (sessions, boards) is forgotten before they do.
    if (committed !== null) {
      runner.position = committed;
      if (touched) runner.touchedAt = committed;
      if (change) {
        const { queryKeys, userQueryKeys } = change as ReadModelChange;
        for (const key of [...queryKeys, ...userQueryKeys.flatMap((own) => own.queryKeys)])
          runner.announcedAt.set(String(key[0]), committed);
        runner.announcedAt.set('*', committed);
        this.emitter.emit('changed', change);
      }
      this.emitter.emit('advanced');
      runner.sinceAnalyzed += events.length;
      runner.applied += events.length;
      const due = Math.max(analyzeAtLeastEvery, runner.applied / 10);
      if (runner.sinceAnalyzed >= due && generation !== null) {
        runner.sinceAnalyzed = 0;
        await runAll(this.database, analyzeTables(projection, generation));
      }
    }
  }

  /** Stops a runner's loop (after the transaction it is in) and takes it off the feed. */
  private async stopRunner(runner: Runner): Promise<void> {
    runner.receiving = false;
    runner.stopped = true;
    runner.wake?.();
    this.progress.emit('progress');
    await runner.done;
  }

  /** Stops the named projection's live processing, if this instance runs it (a rebuild takes over). */
  async release(name: string): Promise<void> {
    const runner = this.runners.get(name);
    if (runner) await this.stopRunner(runner);
    this.runners.delete(name);
  }

  private async resume(projection: Projection): Promise<void> {
    const checkpoint = await readCheckpoint(this.database, projection.name);
    if (!checkpoint) return;
    if (checkpoint.version !== projection.version) return; // a rebuild in progress will restart it
    this.follow(projection, checkpoint.position);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.started = false;
    await this.closeFeed();
    await Promise.all([...this.runners.values()].map((runner) => this.stopRunner(runner)));
    // The restarts asked for so far are done.
    await this.chain;
    await this.closeFeed();
    this.runners.clear();
    for (const [name, state] of this.states)
      if (state.state !== 'failed') this.states.set(name, { state: 'stopped', error: null });
  }

  /**
   * (Re)starts the one subscription to the log, from the position of the projection furthest
   * behind. Restarts queue up behind each other; several asked for at once make one.
   */
  private restartFeed(): void {
    if (this.restarting) return;
    const restart = this.chain.then(async () => {
      this.restarting = null;
      await this.closeFeed();
      const receiving = [...this.runners.values()].filter((runner) => runner.receiving);
      if (this.stopping || receiving.length === 0) return;
      const from = receiving.reduce(
        (min, runner) => (runner.position < min ? runner.position : min),
        receiving[0]!.position,
      );
      const feed: Feed = { subscription: null, position: from, closed: false };
      this.feed = feed;
      feed.subscription = this.eventStore.subscribe((events) => this.hand(feed, events), {
        after: from,
        batchSize: this.batchSize,
        onError: (error) => {
          if (this.stopping || feed.closed) return;
          // The log cannot be read: every projection that followed it stops here.
          if (this.feed === feed) this.feed = null;
          for (const runner of this.runners.values()) {
            if (!runner.receiving) continue;
            runner.receiving = false;
            this.fail(runner.projection.name, error);
          }
        },
      });
    });
    this.restarting = restart;
    this.chain = restart.catch((error: unknown) => this.logger.error(`Projection feed: ${String(error)}`));
  }

  private async closeFeed(): Promise<void> {
    const feed = this.feed;
    if (!feed) return;
    this.feed = null;
    feed.closed = true;
    this.progress.emit('progress');
    await feed.subscription?.stop();
  }

  /** The feed read a batch: queued for every projection on it; waits while one is far behind. */
  private async hand(feed: Feed, events: RecordedEvent[]): Promise<void> {
    if (feed.closed) return;
    for (const runner of this.runners.values()) {
      if (!runner.receiving) continue;
      runner.queue.push({ after: feed.position, events });
      runner.wake?.();
    }
    feed.position = events[events.length - 1]!.position;
    const behind = () =>
      !feed.closed &&
      [...this.runners.values()].some(
        (runner) => runner.receiving && runner.queue.length >= maxQueuedBatches,
      );
    while (behind()) await once(this.progress, 'progress');
  }
}
