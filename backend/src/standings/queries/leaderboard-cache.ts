import { createHash } from 'node:crypto';
import type { LeaderboardKind } from '@treble/contracts';
import { isLocked } from '../../picks/index.js';
import type { Sql } from '../../platform/database/sql.js';
import { currentPoolKey } from '../../platform/pool-scope/pool-scope.js';
import { uuidPattern } from '../projection/standings.tables.js';
import { visibleSql } from './leaderboard.queries.js';

/**
 * What a leaderboard answer depends on besides its question:
 * - the pool it is asked in (docs/adr/015);
 * - where the tables it reads stand: the committed positions of the projections behind them, from
 *   this instance's runners in memory when it runs them, else their checkpoints (one statement);
 * - for lists other players see, the latest lock time passed (`shownAt` lists a player once a
 *   pick of theirs has locked, so the answer changes exactly when `now` passes a lock time);
 * - the boards on which the viewer is a hidden row (an entrant whose picks have not locked): only
 *   there does their own row make their list differ from everyone else's.
 * The lock times and the hidden rows are read once per table state (one statement) and kept, so a
 * burst of reads at one state costs no statement beyond the answer's own.
 */
export interface ReadState {
  key: string;
  hiddenOn: ReadonlySet<LeaderboardKind>;
}

/** Who asks: an admin sees every row; a player (or a visitor) the rows shown at `now`. */
export interface Asker {
  admin: boolean;
  /** The player's id (their own row shows to them before their picks lock). */
  viewer: string | null;
  now: Date;
}

export interface CachedAnswer<T> {
  value: T;
  /** The read state the value was computed at, or null when the tables moved meanwhile. */
  state: string | null;
}

const kinds: readonly LeaderboardKind[] = ['overall', 'last10', 'survivor'];

/**
 * The projections whose tables a leaderboard answer is read from (while their checkpoints and
 * generations stand still, the same question has the same answer), and what of each a board's
 * answer follows on the instance that runs them: the standings' batches that announced a board (a
 * pick nobody sees yet announces none: a deadline rush leaves the boards' answers cached), and
 * every batch of the others that announced anything (a pick marks a member's row in `users` and
 * announces nothing; a rename announces).
 */
export const leaderboardAnnouncements = { standings: 'leaderboards', options: '*', users: '*' } as const;

export const leaderboardProjections = Object.keys(leaderboardAnnouncements) as readonly string[];

/** Hidden rows per board: their players, or null when more than `maxHeldHidden` (asked per viewer). */
type HiddenRows = Record<LeaderboardKind, ReadonlySet<string> | null>;

/** What is read once per table state: the lock times, and the hidden rows per latest lock passed. */
interface TableState {
  /**
   * Distinct lock times of the options, ascending, rounded up to whole milliseconds (so a time in
   * whole milliseconds is past a lock exactly when it is past the lock's own microseconds).
   */
  locks: { lockAt: Date }[];
  hidden: Map<string, Promise<HiddenRows>>;
}

/** Table states kept (the current one and a few a slow request may still be reading at). */
const maxTableStates = 8;
/** Answers kept, of every table state. */
const maxEntries = 256;

/**
 * A per-process cache of leaderboard answers keyed by the read state they were computed at (see
 * `ReadState`), so that the burst of identical reads after a result costs one query, and an answer
 * is never served for a state other than the one it was read at. Concurrent misses of one key share
 * one computation. Entries of an older state are never asked for again and age out (least recently
 * used first).
 */
export class LeaderboardCache {
  private readonly entries = new Map<string, unknown>();
  private readonly pending = new Map<string, Promise<CachedAnswer<unknown>>>();
  private readonly tableStates = new Map<string, Promise<TableState>>();

  /**
   * More hidden rows than this on a board (early in a season) are not held: each viewer's own is
   * asked for instead (tests lower it).
   */
  maxHeldHidden = 1000;

  /**
   * @param committed where the projections behind the boards stand, from memory (the projection
   *   engine's `committedKey`), or null when this instance does not run them.
   */
  constructor(
    private readonly db: Sql,
    private readonly committed: () => string | null,
  ) {}

  /** The read state for `asker` now: no statement when the table state is known, else one or two. */
  async state(asker: Asker): Promise<ReadState> {
    const viewer =
      !asker.admin && asker.viewer !== null && uuidPattern.test(asker.viewer) ? asker.viewer : null;
    // Every pool's boards are read from the same tables: its key is part of every state.
    const checkpoints = `pool:${currentPoolKey()}|${this.committed() ?? (await this.storedCheckpoints())}`;
    const tables = await this.tableState(checkpoints);
    if (asker.admin) return { key: `${checkpoints}|all`, hiddenOn: new Set() };
    // The latest lock passed: picks on options locked by then show to others (the picks' own rule).
    const shown = tables.locks.filter((lock) => isLocked(lock, asker.now)).at(-1);
    const sight = `shown:${shown?.lockAt.getTime() ?? '-'}`;
    const key = `${checkpoints}|${sight}`;
    if (viewer === null) return { key, hiddenOn: new Set() };
    let hidden = tables.hidden.get(sight);
    if (hidden === undefined) {
      hidden = this.hiddenRows(asker.now);
      tables.hidden.set(sight, hidden);
      hidden.catch(() => tables.hidden.delete(sight));
    }
    const rows = await hidden;
    const hiddenOn = new Set(kinds.filter((kind) => rows[kind]?.has(viewer)));
    const ask = kinds.filter((kind) => rows[kind] === null);
    if (ask.length > 0) {
      for (const kind of await this.hiddenViewer(viewer, ask, asker.now)) hiddenOn.add(kind);
    }
    return { key, hiddenOn };
  }

  /** The checkpoints of the projections behind the boards, as stored (another instance runs them). */
  private async storedCheckpoints(): Promise<string> {
    const { rows } = await this.db.query<{ checkpoints: string | null }>(
      `SELECT string_agg(name || ':' || generation || ':' || position, ',' ORDER BY name) AS checkpoints
         FROM projection_checkpoints WHERE name = ANY($1::text[])`,
      [leaderboardProjections],
    );
    return `stored:${rows[0]?.checkpoints ?? '-'}`;
  }

  /** The lock times at a table state, read once and kept for the latest few states. */
  private tableState(checkpoints: string): Promise<TableState> {
    let state = this.tableStates.get(checkpoints);
    if (state === undefined) {
      state = this.db
        .query<{ lock: string }>(
          `SELECT DISTINCT ceil(extract(epoch FROM lock_at) * 1000)::bigint AS lock
             FROM options WHERE lock_at IS NOT NULL ORDER BY 1`,
        )
        .then(({ rows }) => ({
          locks: rows.map((row) => ({ lockAt: new Date(Number(row.lock)) })),
          hidden: new Map(),
        }));
      this.tableStates.set(checkpoints, state);
      state.catch(() => this.tableStates.delete(checkpoints));
      while (this.tableStates.size > maxTableStates) {
        this.tableStates.delete(this.tableStates.keys().next().value!);
      }
    }
    return state;
  }

  /** The hidden rows of every board at `now` (the same until the next lock time passes). */
  private async hiddenRows(now: Date): Promise<HiddenRows> {
    const { rows } = await this.db.query<Record<LeaderboardKind, string[] | null>>(
      `SELECT ${kinds
        .map(
          (kind) =>
            `(SELECT array_agg(h.user_id) FROM (SELECT t.user_id::text FROM ${kind} t
               WHERE NOT ${visibleSql(kind, 't', now)} LIMIT ${this.maxHeldHidden + 1}) h) AS ${kind}`,
        )
        .join(', ')}`,
    );
    const row = rows[0]!;
    const held = (ids: string[] | null) =>
      ids === null ? new Set<string>() : ids.length > this.maxHeldHidden ? null : new Set(ids);
    return { overall: held(row.overall), last10: held(row.last10), survivor: held(row.survivor) };
  }

  /** The boards among `ask` on which `viewer` is a hidden row at `now`. */
  private async hiddenViewer(
    viewer: string,
    ask: readonly LeaderboardKind[],
    now: Date,
  ): Promise<LeaderboardKind[]> {
    const { rows } = await this.db.query<Partial<Record<LeaderboardKind, boolean>>>(
      `SELECT ${ask
        .map(
          (kind) =>
            `EXISTS (SELECT 1 FROM ${kind} t WHERE t.user_id = $1 AND NOT ${visibleSql(kind, 't', now)}) AS ${kind}`,
        )
        .join(', ')}`,
      [viewer],
    );
    return ask.filter((kind) => rows[0]?.[kind] === true);
  }

  /**
   * The answer to `question` at the current read state: from the cache, or computed by `compute`
   * and kept when the state did not move while it ran (read again after it). `viewer` is part of
   * the key only where it changes the answer (the viewer's hidden row on that board).
   */
  async answer<T>(
    question: string,
    asker: Asker,
    compute: () => Promise<T>,
    options: { keep: boolean; viewerMatters: (state: ReadState) => boolean },
  ): Promise<CachedAnswer<T>> {
    const before = await this.state(asker);
    const key = `${question}|${before.key}|${options.viewerMatters(before) ? `viewer:${asker.viewer}` : ''}`;
    if (this.entries.has(key)) {
      const value = this.entries.get(key) as T;
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, value);
      return { value, state: key };
    }
    let running = this.pending.get(key) as Promise<CachedAnswer<T>> | undefined;
    if (running === undefined) {
      running = (async () => {
        const value = await compute();
        const after = await this.state(asker);
        const still =
          after.key === before.key && options.viewerMatters(after) === options.viewerMatters(before);
        if (!still) return { value, state: null };
        if (options.keep) {
          this.entries.set(key, value);
          while (this.entries.size > maxEntries) this.entries.delete(this.entries.keys().next().value!);
        }
        return { value, state: key };
      })().finally(() => this.pending.delete(key));
      this.pending.set(key, running);
    }
    return running;
  }
}

/**
 * An entity tag for an answer: the read state it was computed at and the variant of the body the
 * asker gets (who sees which e-mail addresses), hashed. Equal tags mean equal bodies.
 */
export function entityTag(state: string, variant: string): string {
  return `"${createHash('sha256').update(`${state}#${variant}`).digest('base64url').slice(0, 32)}"`;
}
