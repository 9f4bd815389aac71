import { createHash } from 'node:crypto';
import type { LeaderboardKind } from '@treble/contracts';
import type { Sql } from '../../platform/database/sql.js';
import { currentSeasonTables, leaderboardProjections } from './leaderboard-tables.js';
import { type LeaderboardQueries, uuidPattern } from './leaderboard.queries.js';
import { pickShownToOthersSql } from './pick-visibility.sql.js';

/**
 * What a leaderboard answer depends on besides its question, read in one statement:
 * - the checkpoint (generation and position) of each projection whose tables it reads: tables and
 *   checkpoint commit together, so while these stand still the tables do too;
 * - for lists other players see, the latest lock time passed (`shownAt` lists a player once a
 *   pick of theirs has locked, so the answer changes exactly when `now` passes a lock time);
 * - the boards on which the viewer is a hidden row (an entrant whose picks have not locked): only
 *   there does their own row make their list differ from everyone else's.
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
 * A per-process cache of leaderboard answers keyed by the read state they were computed at (see
 * `ReadState`), so that the burst of identical reads after a result costs one query, and an answer
 * is never served for a state other than the one it was read at. Concurrent misses of one key share
 * one computation. Entries of an older state are never asked for again and age out (least recently
 * used first).
 */
export class LeaderboardCache {
  private readonly entries = new Map<string, unknown>();
  private readonly pending = new Map<string, Promise<CachedAnswer<unknown>>>();

  constructor(
    private readonly db: Sql,
    private readonly maxEntries = 256,
  ) {}

  /** The read state for `asker` now. One small statement: checkpoints by key, and two lookups. */
  async state(asker: Asker, queries: LeaderboardQueries): Promise<ReadState> {
    const viewer =
      !asker.admin && asker.viewer !== null && uuidPattern.test(asker.viewer) ? asker.viewer : null;
    const tables = currentSeasonTables;
    const hidden = kinds.map((kind) =>
      viewer === null
        ? 'false'
        : `EXISTS (SELECT 1 FROM ${tables[kind]} t WHERE t.user_id = $3 AND NOT ${queries.visibleSql(kind, 't', asker.now)})`,
    );
    const { rows } = await this.db.query<{
      checkpoints: string | null;
      shown: string | null;
      overall: boolean;
      last10: boolean;
      survivor: boolean;
    }>(
      `SELECT (SELECT string_agg(name || ':' || generation || ':' || position, ',' ORDER BY name)
                 FROM projection_checkpoints WHERE name = ANY($1::text[])) AS checkpoints,
              (SELECT max(o.lock_at) FROM ${tables.options} o WHERE ${pickShownToOthersSql('o', '$2::timestamptz')})::text AS shown,
              ${hidden.map((sql, i) => `${sql} AS ${kinds[i]}`).join(', ')}`,
      [leaderboardProjections, asker.now.toISOString(), ...(viewer === null ? [] : [viewer])],
    );
    const row = rows[0]!;
    const hiddenOn = new Set(kinds.filter((kind) => row[kind]));
    const sight = asker.admin ? 'all' : `shown:${row.shown ?? '-'}`;
    return { key: `${row.checkpoints ?? '-'}|${sight}`, hiddenOn };
  }

  /**
   * The answer to `question` at the current read state: from the cache, or computed by `compute`
   * and kept when the state did not move while it ran (read again after it). `viewer` is part of
   * the key only where it changes the answer (the viewer's hidden row on that board).
   */
  async answer<T>(
    question: string,
    asker: Asker,
    queries: LeaderboardQueries,
    compute: () => Promise<T>,
    options: { keep: boolean; viewerMatters: (state: ReadState) => boolean },
  ): Promise<CachedAnswer<T>> {
    const before = await this.state(asker, queries);
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
        const after = await this.state(asker, queries);
        const still =
          after.key === before.key && options.viewerMatters(after) === options.viewerMatters(before);
        if (!still) return { value, state: null };
        if (options.keep) {
          this.entries.set(key, value);
          while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        }
        return { value, state: key };
      })().finally(() => this.pending.delete(key));
      this.pending.set(key, running);
    }
    return running;
  }

  /** Number of answers held (tests). */
  get size(): number {
    return this.entries.size;
  }
}

/**
 * An entity tag for an answer: the read state it was computed at and the variant of the body the
 * asker gets (who sees which e-mail addresses), hashed. Equal tags mean equal bodies.
 */
export function entityTag(state: string, variant: string): string {
  return `"${createHash('sha256').update(`${state}#${variant}`).digest('base64url').slice(0, 32)}"`;
}
