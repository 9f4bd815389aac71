import type {
  Last10Entry,
  LeaderboardEntry,
  LeaderboardKind,
  LeaderboardRow,
  LeaderboardSummary,
  PoolRules,
  SurvivorEntry,
} from '@treble/contracts';
import { ErrorCodes } from '@treble/contracts';
import type { Sql, TransactionalSql } from '../../platform/database/sql.js';
import { DomainError } from '../../shared/domain/domain-error.js';
import { last10Badge } from '../domain/standings.js';
import { uuidPattern } from '../projection/standings.tables.js';
import { pickShownToOthersSql } from './pick-visibility.sql.js';
import {
  byNameSql,
  type Page,
  pageParams,
  type UserColumns,
  userColumnsSql,
  usersJoin,
  type UsersJoin,
} from './read-sql.js';

interface StandingRow extends UserColumns {
  user_id: string;
  points: number;
  wins: number;
  rank: number;
  is_eliminated?: boolean;
  strike_count?: number;
  eliminated_in_period?: number | null;
}

/** The columns each leaderboard ranks by, all descending. */
const rankColumns: Record<LeaderboardKind, string[]> = {
  overall: ['points', 'wins'],
  last10: ['points', 'wins'],
  // `standing` is the elimination period, or a number after every period while active.
  survivor: ['standing', 'points', 'wins'],
};

/** `alias`'s ranking columns, each descending (the ranking index read backwards). */
const descending = (kind: LeaderboardKind, alias: string) =>
  rankColumns[kind].map((column) => `${alias}.${column} DESC`).join(', ');

/** A page: `limit` rows from `offset`, or (keyset) after the row of the player `after`. */
export interface LeaderboardPage extends Page {
  after?: string | null;
}

type Keys = (number | null)[];

/**
 * SQL true for a row `t` of the `kind` board that other players may see at `visibleAt`: points
 * can only come before a lock from a result recorded before kick-off, and those show anyway.
 */
export function visibleSql(kind: LeaderboardKind, t: string, visibleAt: Date): string {
  const lastTen =
    kind === 'last10'
      ? `JOIN standings_periods sp ON sp.period_id = c.period_id AND sp.segment = 'last10'`
      : '';
  return `(${t}.points > 0 OR ${t}.wins > 0 OR EXISTS (
             SELECT 1 FROM choices c JOIN options o ON o.id = c.option_id ${lastTen}
              WHERE c.user_id = ${t}.user_id AND ${pickShownToOthersSql('o', `'${visibleAt.toISOString()}'::timestamptz`)}))`;
}

/**
 * The three leaderboards from their read tables. Ranks are computed at read time, so an event that
 * changes some players' points writes only their rows: a rank is one plus the number of rows
 * strictly ahead, which `rank()` gives over the ranking index for a list, and one count over that
 * index gives for "my rank". Rows of equal rank are listed by display name.
 */
export class LeaderboardQueries {
  /**
   * @param visibleAt set for lists other players see: only players with a pick locked by then are listed.
   * @param viewer the player looking, who always sees their own row (their picks are no secret to them).
   */
  constructor(
    private readonly db: Sql,
    private readonly rules: PoolRules,
    private readonly visibleAt: Date | null = null,
    private readonly viewer: string | null = null,
  ) {}

  /**
   * The leaderboards as other players see them at `now`: a player whose picks have not locked yet
   * (for Last 10: none in a Last 10 period) and who has no points is not listed or counted, so an
   * unlocked pick tells nobody anything (docs/rules.md "Picks"). Ranks stay those of the whole table: a
   * player left out has no points to be ahead of anyone with, and (on Survivor) a strike in every
   * completed period, so is eliminated no later than anyone else.
   */
  shownAt(now: Date, viewer: string | null = null): LeaderboardQueries {
    return new LeaderboardQueries(
      this.db,
      this.rules,
      now,
      viewer !== null && uuidPattern.test(viewer) ? viewer : null,
    );
  }

  /** The board's table (named as its kind), or only its rows with a locked pick when `visibleAt` is set. */
  source(kind: LeaderboardKind): string {
    if (this.visibleAt === null) return kind;
    const own = this.viewer !== null ? `t.user_id::text = '${this.viewer}' OR ` : '';
    return `(SELECT t.* FROM ${kind} t WHERE ${own}${visibleSql(kind, 't', this.visibleAt)})`;
  }

  overall(page?: LeaderboardPage): Promise<LeaderboardEntry[]> {
    return this.list('overall', page);
  }

  survivor(page?: LeaderboardPage): Promise<SurvivorEntry[]> {
    return this.list('survivor', page);
  }

  last10(page?: LeaderboardPage): Promise<Last10Entry[]> {
    return this.list('last10', page);
  }

  /**
   * A leaderboard in rank order. `limit`/`offset` page it; `after` (a player's id, the last row of
   * the page before) starts the page right after that player's row, found by its keys on the
   * ranking index instead of walking every row before it. Without any, it is the whole list.
   */
  async list<K extends LeaderboardKind>(kind: K, page: LeaderboardPage = {}): Promise<LeaderboardRow<K>[]> {
    const [limit, offset] = pageParams(page);
    const after = page.after ?? null;
    if (after !== null) {
      if (!uuidPattern.test(after)) throw new DomainError(ErrorCodes.VALIDATION_FAILED, 'after: a player id');
      if (offset !== 0) {
        throw new DomainError(ErrorCodes.VALIDATION_FAILED, 'after and offset: give one of them, not both');
      }
    }
    if (limit === 0) return [];
    if (after === null && limit === null && offset === 0) return this.top(kind, null);
    return this.page(kind, limit, after === null ? { offset } : { after });
  }

  /** Rows of `from` (aliased `s`) ranked by `rank`, in list order: by rank, then by display name. */
  private listed(kind: LeaderboardKind, join: UsersJoin, rank: string, from: string, where: string): string {
    return `SELECT * FROM (
         SELECT s.*, ${rank} AS rank, ${userColumnsSql()}
           FROM ${from} ${join('s')}
          ${where}
       ) x
       ORDER BY ${descending(kind, 'x')}, ${byNameSql('x.display_name', 'x.user_id')}`;
  }

  /**
   * Every row ranked `maxRank` or better (whole tie groups): what prizes for places 1..maxRank need;
   * the whole list when null (rank() stops early on the index).
   */
  async top<K extends LeaderboardKind>(kind: K, maxRank: number | null): Promise<LeaderboardRow<K>[]> {
    const join = await usersJoin(this.db);
    const { rows } = await this.db.query<StandingRow>(
      `SELECT * FROM (${this.listed(kind, join, `rank() OVER (ORDER BY ${descending(kind, 's')})::integer`, `${this.source(kind)} s`, '')}) y
        WHERE ($1::integer IS NULL OR y.rank <= $1::integer)`,
      [maxRank],
    );
    return rows.map((row) => this.toEntry(kind, row));
  }

  /**
   * A page, in two statements of one snapshot. The first finds the keys of the page's first and
   * last rows on the ranking index (by offset, or from the `after` player's row) and counts the
   * rows strictly ahead of the first; the second reads the rows between those keys, passed as
   * parameters so that they bound one index range scan, and joins and sorts names only there.
   */
  private async page<K extends LeaderboardKind>(
    kind: K,
    limit: number | null,
    start: { offset: number } | { after: string },
  ): Promise<LeaderboardRow<K>[]> {
    const columns = rankColumns[kind];
    const source = this.source(kind);
    const join = await usersJoin(this.db);
    const list = (alias: string) => columns.map((column) => `${alias}.${column}`).join(', ');
    const keys = (alias: string) => `(${list(alias)})`;
    const rows = await this.snapshot(async (sql) => {
      const bounds =
        'offset' in start
          ? `WITH f AS (SELECT ${list('s')} FROM ${source} s ORDER BY ${descending(kind, 's')} OFFSET $1 LIMIT 1)
             SELECT (SELECT ARRAY[${list('f')}] FROM f) AS first,
                    ${limit === null ? 'NULL::integer[]' : `(SELECT ARRAY[${list('s')}] FROM ${source} s ORDER BY ${descending(kind, 's')} OFFSET $1 + $2 - 1 LIMIT 1)`} AS last,
                    (SELECT count(*)::integer FROM ${source} a, f WHERE ${keys('a')} > ${keys('f')}) AS ahead`
          : `WITH f AS (SELECT ${list('s')} FROM ${source} s WHERE s.user_id = $1)
             SELECT (SELECT ARRAY[${list('f')}] FROM f) AS first,
                    ${limit === null ? 'NULL::integer[]' : `(SELECT ARRAY[${list('s')}] FROM ${source} s, f WHERE ${keys('s')} < ${keys('f')} ORDER BY ${descending(kind, 's')} OFFSET $2 - 1 LIMIT 1)`} AS last,
                    (SELECT count(*)::integer FROM ${source} a, f WHERE ${keys('a')} > ${keys('f')}) AS ahead`;
      const found = await sql.query<{ first: Keys | null; last: Keys | null; ahead: number }>(bounds, [
        'offset' in start ? start.offset : start.after,
        ...(limit === null ? [] : [limit]),
      ]);
      const { first, last, ahead } = found.rows[0] ?? { first: null, last: null, ahead: 0 };
      if (first === null) {
        if ('after' in start) {
          throw new DomainError(
            ErrorCodes.VALIDATION_FAILED,
            'after: that player is not on this leaderboard',
          );
        }
        return [];
      }
      const parameters: unknown[] = [...first];
      const firstParams = first.map((_, i) => `$${i + 1}::integer`).join(', ');
      let range = `WHERE ${keys('s')} <= (${firstParams})`;
      if (last !== null) {
        const lastParams = last.map((_, i) => `$${first.length + i + 1}::integer`).join(', ');
        parameters.push(...last);
        range += ` AND ${keys('s')} >= (${lastParams})`;
      }
      const ranked = this.listed(
        kind,
        join,
        `($${parameters.push(ahead)}::integer + rank() OVER (ORDER BY ${descending(kind, 's')}))::integer`,
        `${source} s`,
        range,
      );
      const size = limit === null ? 'ALL' : `$${parameters.push(limit)}::integer`;
      if ('offset' in start) {
        const skip = `$${parameters.push(start.offset - ahead)}::integer`;
        return (await sql.query<StandingRow>(`${ranked} OFFSET ${skip} LIMIT ${size}`, parameters)).rows;
      }
      const cursor = `$${parameters.push(start.after)}`;
      return (
        await sql.query<StandingRow>(
          `WITH z AS (
             SELECT y.*, row_number() OVER (ORDER BY ${descending(kind, 'y')}, ${byNameSql('y.display_name', 'y.user_id')}) AS n
               FROM (${ranked}) y)
           SELECT * FROM z WHERE z.n > (SELECT n FROM z WHERE z.user_id = ${cursor}) ORDER BY z.n LIMIT ${size}`,
          parameters,
        )
      ).rows;
    });
    return rows.map((row) => this.toEntry(kind, row));
  }

  /**
   * Runs `work` on one snapshot (repeatable read), so that the statements of a page see the same
   * tables; on a plain connection (no transactions) it runs as it is.
   */
  private snapshot<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    const db = this.db as Sql & Partial<TransactionalSql>;
    if (typeof db.transaction !== 'function') return work(db);
    return db.transaction(async (sql) => {
      await sql.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      return work(sql);
    });
  }

  /** One player's row with their rank ("my rank"), or null when they are not an entrant. */
  async entryOf<K extends LeaderboardKind>(kind: K, userId: string): Promise<LeaderboardRow<K> | null> {
    const join = await usersJoin(this.db);
    const key = (alias: string) => `(${rankColumns[kind].map((column) => `${alias}.${column}`).join(', ')})`;
    const { rows } = await this.db.query<StandingRow>(
      `SELECT s.*,
              (1 + (SELECT count(*) FROM ${kind} a WHERE ${key('a')} > ${key('s')}))::integer AS rank,
              ${userColumnsSql()}
         FROM ${kind} s ${join('s')}
        WHERE s.user_id = $1`,
      [userId],
    );
    const row = rows[0];
    return row === undefined ? null : this.toEntry(kind, row);
  }

  /**
   * The counts on the leaderboard cards. Survivors are counted among the players the Overall board
   * shows (a survivor row's own points stay 0 until a period completes, so its board may hide a
   * player the Overall board shows): never more survivors than players.
   */
  async summary(): Promise<LeaderboardSummary> {
    const { rows } = await this.db.query<LeaderboardSummary>(
      `SELECT (SELECT count(*) FROM ${this.source('overall')} s)::integer AS "totalPlayers",
              (SELECT count(*) FROM survivor v
                WHERE v.eliminated_in_period IS NULL
                  AND v.user_id IN (SELECT s.user_id FROM ${this.source('overall')} s))::integer AS survivors,
              (SELECT count(*) FROM ${this.source('last10')} s)::integer AS "last10Players"`,
    );
    return rows[0] ?? { totalPlayers: 0, survivors: 0, last10Players: 0 };
  }

  private toEntry<K extends LeaderboardKind>(kind: K, row: StandingRow): LeaderboardRow<K> {
    const entry: LeaderboardEntry = {
      rank: row.rank,
      userId: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      profileImageUrl: row.profile_image_url,
      displayName: row.display_name,
      totalPoints: row.points,
      wins: row.wins,
    };
    if (kind === 'last10') {
      const last10: Last10Entry = { ...entry, badge: last10Badge(row.points, this.rules) };
      return last10 as LeaderboardRow<K>;
    }
    if (kind !== 'survivor') return entry as LeaderboardRow<K>;
    const survivor: SurvivorEntry = {
      ...entry,
      isEliminated: row.is_eliminated ?? false,
      strikeCount: row.strike_count ?? 0,
      eliminatedInPeriod: row.eliminated_in_period ?? null,
    };
    return survivor as LeaderboardRow<K>;
  }
}
