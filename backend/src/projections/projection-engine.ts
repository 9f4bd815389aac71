import { EventEmitter, once } from 'node:events';
import { personalKeyRoots, seasonChangeKeys, type QueryKey } from '@treble/contracts';
import type { EventStore, RecordedEvent, Subscription } from '../event-store/event-store.port.js';
import type { Sql, TransactionalSql } from '../platform/database/sql.js';
import { SEASON_STARTED, seasonNamePattern, type SeasonStartedData } from '../shared/domain/season-scope.js';
import { noteCommandPosition } from './command-scope.js';
import { seasonsTable, type Projection, type ProjectionContext, type ReadModelChange } from './projection.js';

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
  state: 'stopped' | 'live' | 'rebuilding' | 'failed';
  error: string | null;
}

export interface RebuildProgress {
  projection: string;
  position: bigint;
  head: bigint;
  eventsApplied: number;
}

export interface EngineLogger {
  log(message: string): void;
  error(message: string): void;
}

interface Checkpoint {
  version: number;
  generation: number;
  position: bigint;
}

const silentLogger: EngineLogger = { log: () => undefined, error: () => undefined };

function physical(table: string, generation: number): string {
  return `${table}__g${generation}`;
}

/** The tables `projections verify` builds beside the live ones, then drops. */
function shadow(table: string): string {
  return `${table}__verify`;
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

function identifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe SQL identifier: ${name}`);
  return `"${name}"`;
}

/** Every physical table of a projection, by logical name: its tables, and the past-season tables of the seasonal ones. */
function tableNames(projection: Projection): string[] {
  return projection.tables.flatMap((table) =>
    table.seasons ? [table.name, seasonsTable(table.name)] : [table.name],
  );
}

function sameKey(a: QueryKey, b: QueryKey): boolean {
  return a.length === b.length && a.every((part, index) => part === b[index]);
}

function addKey(keys: QueryKey[], key: QueryKey): void {
  if (!keys.some((k) => sameKey(k, key))) keys.push(key);
}

/** The keys a batch changed: for every browser, and for one user's browsers only. */
interface ChangedKeys {
  everyone: QueryKey[];
  users: Map<string, QueryKey[]>;
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
  stopped: boolean;
  wake: (() => void) | null;
  done: Promise<void>;
}

/** The shared subscription to the log, and the position of the last batch it handed out. */
interface Feed {
  subscription: Subscription | null;
  position: bigint;
  closed: boolean;
}

/** How many batches a projection may have waiting before the feed stops reading for it. */
const maxQueuedBatches = 4;

/** `waitFor` ran out of time: the projections named are still behind the position. */
export class ReadModelsBehindError extends Error {}

/**
 * Runs projections: each catches up from its checkpoint and then follows the log live. One reader
 * of the log feeds them all; each applies at its own pace, with its own checkpoint. A batch of
 * events and the checkpoint that follows it are written in ONE transaction, so a crash at any
 * point neither double-counts nor skips. A projection with `applyBatch` gets a batch's events
 * together (split at a season's start); rebuilds replay the log in larger batches. Emits
 * `changed` after each commit.
 */
/**
 * The events a rebuild reads: those the projection applies, and the seasons' starts it archives at
 * (a small projection skips the rest of the log in the store instead of reading it); all for one
 * that applies every event.
 */
function replayTypes(projection: Projection): readonly string[] | undefined {
  return projection.eventTypes === 'all' ? undefined : [...projection.eventTypes, SEASON_STARTED];
}

export class ProjectionEngine {
  private readonly runners = new Map<string, Runner>();
  /** The one reader of the log that feeds every projection followed live. */
  private feed: Feed | null = null;
  private feedChain: Promise<void> = Promise.resolve();
  private feedRestart: Promise<void> | null = null;
  /** A runner took batches off its queue or stopped: the feed may read on. */
  private readonly feedProgress = new EventEmitter().setMaxListeners(0);
  private readonly states = new Map<string, { state: ProjectionStatus['state']; error: string | null }>();
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private stopping = false;
  /** The app is shutting down: nobody waits for the read models any more (`close`). */
  private closing = false;
  private positionsQuery: Promise<Map<string, bigint>> | null = null;
  /** True between start() and stop(): a rebuild then hands the projection back to live processing. */
  private started = false;

  constructor(
    private readonly database: TransactionalSql,
    private readonly eventStore: EventStore,
    readonly projections: readonly Projection[],
    private readonly logger: EngineLogger = silentLogger,
    private readonly batchSize = 500,
    /** Events per transaction when a rebuild or `verify` replays the log: fewer, larger batches. */
    private readonly replayBatchSize = 5000,
  ) {
    const names = new Set<string>();
    for (const projection of projections) {
      if (names.has(projection.name)) throw new Error(`Duplicate projection ${projection.name}`);
      names.add(projection.name);
    }
  }

  onChanged(listener: (change: ReadModelChange) => void): () => void {
    this.emitter.on('changed', listener);
    return () => this.emitter.off('changed', listener);
  }

  /** The projection of that name (an error naming the known ones otherwise). */
  projectionNamed(name: string): Projection {
    return this.projection(name);
  }

  private projection(name: string): Projection {
    const found = this.projections.find((p) => p.name === name);
    if (!found)
      throw new Error(
        `Unknown projection "${name}". Known: ${this.projections.map((p) => p.name).join(', ')}`,
      );
    return found;
  }

  private async checkpoint(sql: Sql, name: string, lock = false): Promise<Checkpoint | null> {
    const { rows } = await sql.query<{ version: number; generation: number; position: string }>(
      `SELECT version, generation, position FROM projection_checkpoints WHERE name = $1${lock ? ' FOR UPDATE' : ''}`,
      [name],
    );
    const row = rows[0];
    return row ? { version: row.version, generation: row.generation, position: BigInt(row.position) } : null;
  }

  private async createGeneration(sql: Sql, projection: Projection, generation: number): Promise<void> {
    await this.createTables(sql, projection, (table) => physical(table, generation));
  }

  private async createTables(
    sql: Sql,
    projection: Projection,
    physicalName: (table: string) => string,
  ): Promise<void> {
    for (const table of projection.tables) {
      const name = physicalName(table.name);
      await sql.query(`DROP TABLE IF EXISTS ${identifier(name)}`);
      for (const statement of table.ddl(identifier(name))) await sql.query(statement);
      if (table.seasons) {
        // Past seasons' rows: the same columns (without keys: every season has its own), and the season.
        const archive = identifier(physicalName(seasonsTable(table.name)));
        await sql.query(`DROP TABLE IF EXISTS ${archive}`);
        await sql.query(`CREATE TABLE ${archive} (LIKE ${identifier(name)}, archive_season text NOT NULL)`);
        await sql.query(`CREATE INDEX ON ${archive} (archive_season)`);
      }
    }
  }

  private async pointViews(sql: Sql, projection: Projection, generation: number): Promise<void> {
    for (const name of tableNames(projection)) {
      await sql.query(`DROP VIEW IF EXISTS ${identifier(name)}`);
      await sql.query(
        `CREATE VIEW ${identifier(name)} AS SELECT * FROM ${identifier(physical(name, generation))}`,
      );
    }
  }

  private async dropGeneration(sql: Sql, projection: Projection, generation: number): Promise<void> {
    for (const name of tableNames(projection)) {
      await sql.query(`DROP TABLE IF EXISTS ${identifier(physical(name, generation))}`);
    }
  }

  /**
   * The next season starts: each seasonal table's rows are kept under the ending season's name in
   * its `_seasons` table, and the `archived` ones start empty. Everything a browser shows changes.
   */
  private async startSeason(
    sql: Sql,
    projection: Projection,
    physicalName: (table: string) => string,
    data: SeasonStartedData,
  ): Promise<boolean> {
    const seasonal = projection.tables.filter((table) => table.seasons);
    if (seasonal.length === 0 || data.previous === null) return false;
    for (const table of seasonal) {
      const live = identifier(physicalName(table.name));
      await sql.query(
        `INSERT INTO ${identifier(physicalName(seasonsTable(table.name)))} SELECT *, $1 FROM ${live}`,
        [data.previous],
      );
      if (table.seasons === 'archived') await sql.query(`DELETE FROM ${live}`);
    }
    return true;
  }

  /** Creates the first generation of a projection that has never run. */
  private async ensureInstalled(projection: Projection): Promise<Checkpoint> {
    return this.database.transaction(async (sql) => {
      await sql.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`projection:${projection.name}`]);
      const existing = await this.checkpoint(sql, projection.name);
      if (existing) return existing;
      await this.createGeneration(sql, projection, 1);
      await this.pointViews(sql, projection, 1);
      await sql.query(
        'INSERT INTO projection_checkpoints (name, version, generation, position) VALUES ($1, $2, 1, 0)',
        [projection.name, projection.version],
      );
      return { version: projection.version, generation: 1, position: 0n };
    });
  }

  private async applyBatch(
    sql: Sql,
    projection: Projection,
    generation: number | ((table: string) => string),
    events: RecordedEvent[],
  ): Promise<ChangedKeys> {
    const physicalName =
      typeof generation === 'number' ? (table: string) => physical(table, generation) : generation;
    const context: ProjectionContext = {
      sql,
      table: (name) => {
        if (!projection.tables.some((t) => t.name === name)) {
          throw new Error(`Projection ${projection.name} has no table ${name}`);
        }
        return identifier(physicalName(name));
      },
    };
    const changed: ChangedKeys = { everyone: [], users: new Map() };
    const note = (keys: readonly QueryKey[], audience: string | null) => {
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
    for (const event of events) {
      if (event.type === SEASON_STARTED) {
        // A barrier: the events before it are applied to the ending season's tables, archived here.
        await flush();
        if (await this.startSeason(sql, projection, physicalName, event.data as SeasonStartedData)) {
          for (const key of seasonChangeKeys) addKey(changed.everyone, key);
        }
      }
      if (projection.eventTypes !== 'all' && !projection.eventTypes.includes(event.type)) continue;
      pending.push(event);
    }
    await flush();
    return changed;
  }

  /** Installs every projection, starts live processing, and rebuilds those whose version changed. */
  async start(): Promise<void> {
    this.stopping = false;
    this.started = true;
    for (const projection of this.projections) {
      const checkpoint = await this.ensureInstalled(projection);
      if (checkpoint.version !== projection.version) {
        this.logger.log(
          `Projection ${projection.name}: version ${checkpoint.version} → ${projection.version}, rebuilding`,
        );
        void this.rebuild(projection.name).catch((error: unknown) => this.fail(projection.name, error));
      } else {
        this.follow(projection, checkpoint.position);
      }
    }
  }

  private fail(name: string, error: unknown): void {
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
  private follow(projection: Projection, from: bigint): void {
    if (this.stopping) return;
    const runner: Runner = {
      projection,
      position: from,
      queue: [],
      receiving: true,
      stopped: false,
      wake: null,
      done: Promise.resolve(),
    };
    this.runners.set(projection.name, runner);
    this.states.set(projection.name, { state: 'live', error: null });
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
      this.feedProgress.emit('progress');
      if (events.length === 0) continue;
      try {
        await this.applyLive(runner, events);
      } catch (error) {
        runner.receiving = false;
        runner.stopped = true;
        this.feedProgress.emit('progress');
        if (this.stopping) return;
        if (error instanceof PositionMoved) void this.resume(projection);
        else this.fail(projection.name, error);
        return;
      }
    }
  }

  /** One transaction: a batch of the log applied, and the checkpoint moved past it. */
  private async applyLive(runner: Runner, events: RecordedEvent[]): Promise<void> {
    const { projection } = runner;
    let change: ReadModelChange | null = null;
    let committed: bigint | null = null;
    await this.database.transaction(async (sql) => {
      const checkpoint = await this.checkpoint(sql, projection.name, true);
      if (
        !checkpoint ||
        checkpoint.position !== runner.position ||
        checkpoint.version !== projection.version
      ) {
        // Someone else (a rebuild) moved the checkpoint: resume from where it now stands.
        throw new PositionMoved();
      }
      const last = events[events.length - 1]!.position;
      const keys = await this.applyBatch(sql, projection, checkpoint.generation, events);
      await sql.query('UPDATE projection_checkpoints SET position = $2, updated_at = now() WHERE name = $1', [
        projection.name,
        last.toString(),
      ]);
      committed = last;
      if (keys.everyone.length > 0 || keys.users.size > 0) {
        change = {
          readModels: [projection.name],
          queryKeys: keys.everyone,
          userQueryKeys: [...keys.users].map(([userId, queryKeys]) => ({ userId, queryKeys })),
          position: last,
        };
      }
    });
    // Only once the batch is committed: waitFor() callers read the tables right after.
    if (committed !== null) {
      runner.position = committed;
      this.emitter.emit('advanced');
    }
    if (change) this.emitter.emit('changed', change);
  }

  /** Stops a runner's loop (after the transaction it is in) and takes it off the feed. */
  private async stopRunner(runner: Runner): Promise<void> {
    runner.receiving = false;
    runner.stopped = true;
    runner.wake?.();
    this.feedProgress.emit('progress');
    await runner.done;
  }

  /**
   * (Re)starts the one subscription to the log, from the position of the projection furthest
   * behind. Restarts queue up behind each other; several asked for at once make one.
   */
  private restartFeed(): void {
    if (this.feedRestart) return;
    const restart = this.feedChain.then(async () => {
      this.feedRestart = null;
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
    this.feedRestart = restart;
    this.feedChain = restart.catch((error: unknown) =>
      this.logger.error(`Projection feed: ${String(error)}`),
    );
  }

  private async closeFeed(): Promise<void> {
    const feed = this.feed;
    if (!feed) return;
    this.feed = null;
    feed.closed = true;
    this.feedProgress.emit('progress');
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
    while (behind()) await once(this.feedProgress, 'progress');
  }

  private async resume(projection: Projection): Promise<void> {
    const checkpoint = await this.checkpoint(this.database, projection.name);
    if (!checkpoint) return;
    if (checkpoint.version !== projection.version) return; // a rebuild in progress will restart it
    this.follow(projection, checkpoint.position);
  }

  /**
   * Rebuilds a projection blue-green: a fresh generation of its tables is filled from the start of
   * the log while the current one keeps serving; then, in one transaction, the views switch to it
   * and the checkpoint moves to the new generation. Live processing resumes on the new tables.
   */
  async rebuild(name: string, onProgress?: (progress: RebuildProgress) => void): Promise<void> {
    const projection = this.projection(name);
    const installed = await this.ensureInstalled(projection);
    this.states.set(name, { state: 'rebuilding', error: null });
    const generation = installed.generation + 1;
    await this.database.transaction((sql) => this.createGeneration(sql, projection, generation));
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
      await this.database.transaction((sql) => this.applyBatch(sql, projection, generation, events));
      position = events[events.length - 1]!.position;
      applied += events.length;
      if (position > head) head = position;
      onProgress?.({ projection: name, position, head, eventsApplied: applied });
    }
    const runner = this.runners.get(name);
    if (runner) await this.stopRunner(runner);
    this.runners.delete(name);
    const previous = await this.database.transaction(async (sql) => {
      const current = await this.checkpoint(sql, name, true);
      await this.pointViews(sql, projection, generation);
      await sql.query(
        'UPDATE projection_checkpoints SET version = $2, generation = $3, position = $4, updated_at = now() WHERE name = $1',
        [name, projection.version, generation, position.toString()],
      );
      return current?.generation ?? null;
    });
    if (previous !== null && previous !== generation) {
      await this.database.transaction((sql) => this.dropGeneration(sql, projection, previous));
    }
    this.logger.log(`Projection ${name} rebuilt: generation ${generation}, ${applied} events`);
    this.emitter.emit('changed', {
      readModels: [name],
      queryKeys: [],
      userQueryKeys: [],
      position,
    } satisfies ReadModelChange);
    if (this.started && !this.stopping) this.follow(projection, position);
    else this.states.set(name, { state: 'stopped', error: null });
    this.emitter.emit('advanced');
  }

  /**
   * Rebuilds a projection into shadow tables up to exactly the live checkpoint, compares them row by
   * row with the live tables (holding the checkpoint row, so the live side cannot move during the
   * comparison), reports every difference, then drops the shadow tables. The live side is untouched.
   */
  async verify(name: string, onProgress?: (progress: RebuildProgress) => void): Promise<VerifyReport> {
    const projection = this.projection(name);
    await this.ensureInstalled(projection);
    await this.database.transaction((sql) => this.createTables(sql, projection, shadow));
    try {
      let built = 0n;
      let applied = 0;
      for (;;) {
        const target = (await this.checkpoint(this.database, name))?.position ?? 0n;
        // Catch the shadow up to the live checkpoint (which may move while this runs).
        while (built < target) {
          const events = (
            await this.eventStore.readAll({ after: built, maxCount: this.replayBatchSize })
          ).filter((e) => e.position <= target);
          if (events.length === 0) break;
          await this.database.transaction((sql) => this.applyBatch(sql, projection, shadow, events));
          built = events[events.length - 1]!.position;
          applied += events.length;
          onProgress?.({ projection: name, position: built, head: target, eventsApplied: applied });
        }
        if (built < target) built = target; // no more events up to the checkpoint
        const differences = await this.database.transaction(async (sql) => {
          const live = await this.checkpoint(sql, name, true);
          if ((live?.position ?? 0n) !== built) return null; // it moved on: catch up again
          const found: TableDifference[] = [];
          for (const table of tableNames(projection)) {
            const difference = await this.compareTable(
              sql,
              identifier(table),
              identifier(shadow(table)),
              table,
            );
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

  private async compareTable(
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

  /**
   * Runs `work` on a past season: inside one transaction, a temporary view named like each seasonal
   * table (temporary names come first in Postgres's lookup) shows that season's rows, so the
   * current season's queries read the past one unchanged. The views are dropped before the
   * transaction ends, so the connection goes back to the pool as it came.
   */
  async readSeason<T>(season: string, work: (sql: Sql) => Promise<T>): Promise<T> {
    if (!seasonNamePattern.test(season)) throw new Error(`Not a season name: ${season}`);
    const tables = this.projections.flatMap((projection) =>
      projection.tables.filter((table) => table.seasons).map((table) => table.name),
    );
    return this.database.transaction(async (sql) => {
      for (const table of tables) {
        await sql.query(
          `CREATE TEMPORARY VIEW ${identifier(table)} AS SELECT * FROM public.${identifier(seasonsTable(table))} WHERE archive_season = '${season}'`,
        );
      }
      const result = await work(sql);
      for (const table of tables) await sql.query(`DROP VIEW pg_temp.${identifier(table)}`);
      return result;
    });
  }

  /** How many events a rebuild of the projection replays (its progress bar's length). */
  eventsToReplay(name: string): Promise<number> {
    return this.eventStore.countAfter(0n, replayTypes(this.projection(name)));
  }

  /**
   * Where the named projections' tables stand, from this instance's runners (each moved only once
   * its batch has committed), as a key that changes whenever any of those tables may have: name,
   * code version and committed position, which determine the tables' content. Null when this
   * instance does not run all of them (another holds the projector lease, a rebuild is switching):
   * the caller reads the checkpoints instead.
   */
  committedKey(names: readonly string[]): string | null {
    const parts: string[] = [];
    for (const name of names) {
      const runner = this.runners.get(name);
      if (!runner) return null;
      parts.push(`${name}:v${runner.projection.version}:${runner.position}`);
    }
    return parts.join(',');
  }

  async status(): Promise<ProjectionStatus[]> {
    const head = await this.eventStore.headPosition();
    const result: ProjectionStatus[] = [];
    for (const projection of this.projections) {
      const checkpoint = await this.checkpoint(this.database, projection.name);
      const position = checkpoint?.position ?? 0n;
      const state = this.states.get(projection.name);
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
   * names (ADR 013): like `waitFor`, but when the read models are still behind after the timeout
   * (an overloaded projector at a deadline rush) it answers anyway rather than failing a request
   * whose events are stored: the read models catch up and tell the browsers (`read-model-changed`).
   * A failed projection is still an error. Inside an HTTP command whose client waits on its own
   * reads (`X-Read-Your-Writes: client`) it only records the position for the answer and returns.
   */
  async settle(position: bigint, only?: readonly string[], timeoutMs = 10_000): Promise<boolean> {
    if (noteCommandPosition(position).clientWaits) return false;
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
   * Waits until every projection (or only those named) has processed the log up to `position`
   * (tests, CLI, and `settle`). A projection this engine runs is followed in memory; one it does
   * not run (another instance is the projector leader, or a takeover is under way) through its
   * checkpoint row, which commits with the read tables.
   */
  async waitFor(position: bigint, timeoutMs = 10_000, only?: readonly string[]): Promise<void> {
    const started = Date.now();
    const watched = only ? this.projections.filter((p) => only.includes(p.name)) : this.projections;
    for (;;) {
      let behind = watched.filter((p) => {
        const runner = this.runners.get(p.name);
        return !runner || runner.position < position;
      });
      const elsewhere = behind.filter((p) => !this.runners.has(p.name));
      if (elsewhere.length > 0) {
        const stored = await this.storedPositions();
        behind = behind.filter((p) => this.runners.has(p.name) || (stored.get(p.name) ?? -1n) < position);
      }
      if (behind.length === 0) return;
      if (this.closing) {
        throw new ReadModelsBehindError(
          `Shutting down before the projections reached ${position}: ${behind.map((p) => p.name).join(', ')}`,
        );
      }
      const failed = behind.find((p) => this.states.get(p.name)?.state === 'failed');
      if (failed) throw new Error(`Projection ${failed.name} failed: ${this.states.get(failed.name)?.error}`);
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

  /**
   * The app is shutting down: every wait for the read models ends now (a read waiting for its
   * client's position answers with what the tables hold; the browser reads again once it is back),
   * so no request holds the HTTP server open, then live processing stops. Before this, a read that
   * named a position the stopped projector would never reach kept the shutdown waiting.
   */
  close(): void {
    this.closing = true;
    this.emitter.emit('advanced');
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.started = false;
    await this.closeFeed();
    await Promise.all([...this.runners.values()].map((runner) => this.stopRunner(runner)));
    await this.feedChain;
    await this.closeFeed();
    this.runners.clear();
    for (const [name, state] of this.states)
      if (state.state !== 'failed') this.states.set(name, { state: 'stopped', error: null });
  }
}
