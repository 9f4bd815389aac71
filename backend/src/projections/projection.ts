import type { QueryKey } from '@treble/contracts';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import type { Sql } from '../platform/database/sql.js';

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
}

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
 * A named, versioned projection. Bump `version` whenever `apply` or a table's DDL changes: the
 * engine then rebuilds it blue-green from the event log while the old generation keeps serving.
 * `apply` must be idempotent on its own rows (upserts, absolute values), so a replay is harmless.
 */
export interface Projection {
  name: string;
  version: number;
  tables: ProjectionTable[];
  /** Event types `apply` cares about ('all' for every event); the checkpoint moves past the others. */
  eventTypes: readonly string[] | 'all';
  /**
   * Applies one event. May return the query keys it actually changed (more precise than
   * `queryKeysFor`, which then is not asked).
   */
  apply(event: RecordedEvent, context: ProjectionContext): Promise<void | QueryKey[]>;
  /**
   * Applies several events (only those of `eventTypes`, in log order) as `apply` would one after
   * the other, leaving exactly the same rows, but in fewer statements (set-based over a run of
   * picks, say). Returns the keys they changed, each group with its audience. When absent, the
   * engine calls `apply` for each event. The engine never hands it a batch across a `SeasonStarted`.
   */
  applyBatch?(events: readonly RecordedEvent[], context: ProjectionContext): Promise<ChangedKeyGroup[]>;
  /** Query keys whose data an event changes: pushed to clients so they refetch exactly those. */
  queryKeysFor(event: RecordedEvent): QueryKey[];
  /**
   * The one user whose personal keys (contracts' `personalKeyRoots`) an event changes, or null when
   * they may change for anyone (absent: always null). A pick in an open period changes only its
   * player's own views, so its notice goes to that player's browsers alone.
   */
  audienceFor?(event: RecordedEvent): string | null;
}

export interface ReadModelChange {
  readModels: string[];
  /** Keys every browser should refetch. */
  queryKeys: QueryKey[];
  /** Keys only one user's browsers should refetch. */
  userQueryKeys: { userId: string; queryKeys: QueryKey[] }[];
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
export function consecutiveRuns<K extends string>(
  events: readonly RecordedEvent[],
  kindOf: (event: RecordedEvent) => K | null,
): { kind: K | null; events: RecordedEvent[] }[] {
  const runs: { kind: K | null; events: RecordedEvent[] }[] = [];
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
export async function applyInRuns(
  events: readonly RecordedEvent[],
  inRun: (event: RecordedEvent) => boolean,
  applyRun: (run: RecordedEvent[]) => Promise<ChangedKeyGroup[]>,
  applyOne: (event: RecordedEvent) => Promise<ChangedKeyGroup[]>,
): Promise<ChangedKeyGroup[]> {
  const groups: ChangedKeyGroup[] = [];
  for (const run of consecutiveRuns(events, (event) => (inRun(event) ? 'run' : null))) {
    groups.push(...(run.kind === 'run' ? await applyRun(run.events) : await applyOne(run.events[0]!)));
  }
  return groups;
}
