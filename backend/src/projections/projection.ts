import type { QueryKey } from '@treble/contracts';
import type { Recorded } from '../event-store/read-stream.js';
import type { Sql } from '../platform/database/sql.js';
import type { DomainEvent } from '../shared/domain/event.js';

/**
 * A read table owned by a projection. `ddl` receives the physical table name of the generation
 * being built (e.g. `periods__g2`) and returns the statements that create it. Readers query the
 * logical name (`periods`), a view the engine points at the live generation.
 */
export interface ProjectionTable {
  name: string;
  ddl(table: string): string[];
  /**
   * A table of the season the pool plays. When the next season starts (`SeasonStarted`), the engine
   * copies its rows into `{name}_seasons` under the ending season's name (column `archive_season`)
   * and then empties it (`archived`: picks, standings) or leaves it as it is (`kept`: settings that
   * carry over, whose values at the season's end the past season keeps). Past seasons are read through
   * `ProjectionEngine.readSeason`, with the same queries as the current one.
   */
  seasons?: 'archived' | 'kept';
  /**
   * A table of the install rather than of a pool (docs/adr/015): a person's own rows (their name,
   * the pools they are in), which every pool they belong to reads. No `pool_id`, no row-level
   * security: its rows are what a person shows of themselves to the pools they joined.
   */
  install?: true;
  /** An install table whose rows name their pool (`pool_id`): a deleted pool's rows go with it. */
  namesPool?: true;
}

/**
 * A view a projection declares over its tables' logical names (`select` names them), pointed again
 * with them: readers query it as they would a table (`users`, a pool's members with their persons).
 */
export interface ProjectionView {
  name: string;
  select: string;
}

/**
 * The first column of every read table (docs/adr/015): the pool a row belongs to, filled from the
 * connection's pool while the engine applies that pool's events, and first in every key and index.
 */
export const poolIdColumn = `pool_id text NOT NULL DEFAULT current_setting('treble.pool', true)`;

/** The table that keeps a seasonal table's rows of past seasons. */
export function seasonsTable(name: string): string {
  return `${name}_seasons`;
}

export interface ProjectionContext {
  /** The transaction the checkpoint is written in: use nothing else inside `apply`. */
  sql: Sql;
  /** Physical name of one of this projection's tables in the generation being written. */
  table(name: string): string;
}

/** Query keys a batch changed, and whose browsers they go to (see `Projection.audienceFor`). */
export interface ChangedKeyGroup {
  keys: QueryKey[];
  /** The one user whose personal keys these are, or null when they may change for anyone. */
  audience: string | null;
}

/**
 * The events a projection applies, its event map: the members of its contexts' event unions whose
 * type is one of `Types` (its `eventTypes`), e.g. `EventsOf<PeriodEvent, typeof periodsEventTypes>`.
 */
export type EventsOf<Union extends DomainEvent, Types extends readonly string[]> = Extract<
  Union,
  { type: Types[number] }
>;

/**
 * A named, versioned projection of the events `Event` (its event map). Bump `version` whenever
 * `apply` or a table's DDL changes: the engine then rebuilds it blue-green from the event log while
 * the old generation keeps serving. `apply` must be idempotent on its own rows (upserts, absolute
 * values), so a replay is harmless.
 *
 * The engine hands `apply`, `applyBatch`, `queryKeysFor` and `audienceFor` only events of
 * `eventTypes` (every event, as a `DomainEvent`, for 'all'), so they read them typed as `Event`:
 * the narrowing is the engine's filter on the type, and the data of a type is what its context's
 * union says for the reason event-store/read-stream.ts gives (a shape is never changed in place).
 * The engine holds every projection as a `Projection` of `DomainEvent`: these are methods, whose
 * parameters TypeScript compares both ways, so a `Projection<PeriodEvent>` is one (keep them methods).
 */
export interface Projection<Event extends DomainEvent = DomainEvent> {
  name: string;
  version: number;
  /**
   * The oldest stored version whose tables this version's readers can read as they are. An upgrade
   * from it (or later) rebuilds while the old generation keeps serving; from an older one (or when
   * absent), the app rebuilds before it serves, so no reader meets tables it does not know.
   */
  readableFrom?: number;
  tables: ProjectionTable[];
  /** Views over the tables, for readers (absent: none). */
  views?: ProjectionView[];
  /** Event types `apply` cares about ('all' for every event); the checkpoint moves past the others. */
  eventTypes: readonly Event['type'][] | 'all';
  /**
   * For a projection with install tables: the event types that write only their pool's rows, so the
   * engine may hand a batch's events of these types over one run per pool (apply-events.ts); every
   * other event stays where the log has it. (A projection without install tables needs no list.)
   */
  poolOnlyTypes?: readonly Event['type'][];
  /**
   * Applies one event. May return the query keys it actually changed (more precise than
   * `queryKeysFor`, which then is not asked).
   */
  apply(event: Recorded<Event>, context: ProjectionContext): Promise<void | QueryKey[]>;
  /**
   * Applies several events (only those of `eventTypes`, in log order) as `apply` would one after
   * the other, leaving exactly the same rows, but in fewer statements (set-based over a run of
   * picks, say). Returns the keys they changed, each group with its audience. When absent, the
   * engine calls `apply` for each event. The engine never hands it a batch across a `SeasonStarted`.
   */
  applyBatch?(events: readonly Recorded<Event>[], context: ProjectionContext): Promise<ChangedKeyGroup[]>;
  /** Query keys whose data an event changes: pushed to clients so they refetch exactly those. */
  queryKeysFor(event: Recorded<Event>): QueryKey[];
  /**
   * The one user whose personal keys (contracts' `personalKeyRoots`) an event changes, or null when
   * they may change for anyone (absent: always null). A pick in an open period changes only its
   * player's own views, so its notice goes to that player's browsers alone.
   */
  audienceFor?(event: Recorded<Event>): string | null;
}

export interface ReadModelChange {
  readModels: string[];
  /** Keys every browser should refetch. */
  queryKeys: QueryKey[];
  /** Keys only one user's browsers should refetch. */
  userQueryKeys: { userId: string; queryKeys: QueryKey[] }[];
  /** The pools whose browsers should hear of it (docs/adr/015); null for every pool (a rebuild). */
  pools: string[] | null;
  position: bigint;
}

/** Name for an index or constraint of a physical table (`"options__g2"` → `"options__g2_period_idx"`). */
export function relatedName(table: string, suffix: string): string {
  const bare = table.startsWith('"') ? table.slice(1, -1) : table;
  return `"${bare}_${suffix}"`;
}

/**
 * Splits events, in order, into maximal runs of consecutive events of the same kind (`kindOf`);
 * events of no kind (null) come one per run.
 */
export function consecutiveRuns<Event, K extends string>(
  events: readonly Event[],
  kindOf: (event: Event) => K | null,
): { kind: K | null; events: Event[] }[] {
  const runs: { kind: K | null; events: Event[] }[] = [];
  for (const event of events) {
    const kind = kindOf(event);
    const last = runs.at(-1);
    if (kind !== null && last?.kind === kind) last.events.push(event);
    else runs.push({ kind, events: [event] });
  }
  return runs;
}

/**
 * Applies events in order: each maximal run of consecutive events that `inRun` accepts goes to
 * `applyRun` at once, every other event to `applyOne` on its own (a run is applied before the event
 * after it). The key groups come back in order.
 */
export async function applyInRuns<Event, Run extends Event>(
  events: readonly Event[],
  inRun: (event: Event) => event is Run,
  applyRun: (run: Run[]) => Promise<ChangedKeyGroup[]>,
  applyOne: (event: Event) => Promise<ChangedKeyGroup[]>,
): Promise<ChangedKeyGroup[]> {
  const groups: ChangedKeyGroup[] = [];
  for (const run of consecutiveRuns(events, (event) => (inRun(event) ? 'run' : null))) {
    groups.push(...(await (run.kind === null ? applyOne(run.events[0]!) : applyRun(run.events as Run[]))));
  }
  return groups;
}

/** Where the engine reports what it does (Nest's `Logger` in the app). */
export interface EngineLogger {
  log(message: string): void;
  error(message: string): void;
}

/** Whether an event is of one of `types`: typed as those events when it is. */
export function isOneOf<Event extends { type: string }, Type extends Event['type']>(
  event: Event,
  types: readonly Type[],
): event is Extract<Event, { type: Type }> {
  const names: readonly string[] = types;
  return names.includes(event.type);
}
