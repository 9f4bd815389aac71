import type {
  Last10Entry,
  LeaderboardEntry,
  LeaderboardKind,
  LeaderboardRow,
  LeaderboardSummary,
  PoolRules,
  SurvivorEntry,
} from '@treble/contracts';
import type { Sql } from '../../platform/database/sql.js';
import { last10Badge } from '../domain/standings.js';
import { byNameSql, type Page, pageParams, type UserColumns, userColumnsSql, usersJoin } from './read-sql.js';

interface StandingRow extends UserColumns {
  user_id: string;
  points: number;
  wins: number;
  rank: number;
  is_eliminated?: boolean;
  strike_count?: number;
  eliminated_in_period?: number | null;
}

/** Each leaderboard's table and the columns it ranks by, all descending. */
const boards: Record<LeaderboardKind, { table: string; rankBy: string[]; extra: string }> = {
  overall: { table: 'overall', rankBy: ['points', 'wins'], extra: '' },
  last10: { table: 'last10', rankBy: ['points', 'wins'], extra: '' },
  // `standing` is the elimination period, or a number after every period while active.
  survivor: {
    table: 'survivor',
    rankBy: ['standing', 'points', 'wins'],
    extra: ', s.is_eliminated, s.strike_count, s.eliminated_in_period',
  },
};

/** A user id as sessions hold it (checked before it is written into a query). */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The three leaderboards from their read tables. Ranks are computed at read time, so an event that
 * changes some players' points writes only their rows: a rank is one plus the number of rows
 * strictly ahead, which `rank()` gives over the ranking index for a list, and one count over that
 * index gives for "my rank". Rows of equal rank are listed by display name.
 */
export class LeaderboardQueries {
  constructor(
    private readonly db: Sql,
    private readonly rules: PoolRules,
    /** Set for lists other players see: only players with a pick locked by then are listed. */
    private readonly visibleAt: Date | null = null,
    /** The player looking, who always sees their own row (their picks are no secret to them). */
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

  /** The board's table, or only its rows with a locked pick when `visibleAt` is set. */
  private source(kind: LeaderboardKind): string {
    const table = boards[kind].table;
    if (this.visibleAt === null) return table;
    const lastTen =
      kind === 'last10'
        ? `JOIN standings_periods sp ON sp.period_id = c.period_id AND sp.segment = 'last10'`
        : '';
    // Points can only come before a lock from a result recorded before kick-off: those show anyway.
    const own = this.viewer !== null ? `t.user_id::text = '${this.viewer}' OR ` : '';
    return `(SELECT t.* FROM ${table} t WHERE ${own}t.points > 0 OR t.wins > 0 OR EXISTS (
               SELECT 1 FROM choices c JOIN options o ON o.id = c.option_id ${lastTen}
                WHERE c.user_id = t.user_id AND o.lock_at <= '${this.visibleAt.toISOString()}'::timestamptz))`;
  }

  overall(page?: Page): Promise<LeaderboardEntry[]> {
    return this.list('overall', page);
  }

  survivor(page?: Page): Promise<SurvivorEntry[]> {
    return this.list('survivor', page);
  }

  last10(page?: Page): Promise<Last10Entry[]> {
    return this.list('last10', page);
  }

  /** A leaderboard in rank order; `limit`/`offset` page it, without them it is the whole list. */
  async list<K extends LeaderboardKind>(kind: K, page?: Page): Promise<LeaderboardRow<K>[]> {
    const [limit, offset] = pageParams(page);
    return this.ranked(kind, { limit, offset, maxRank: null });
  }

  /** Every row ranked `maxRank` or better (whole tie groups): what prizes for places 1..maxRank need. */
  top<K extends LeaderboardKind>(kind: K, maxRank: number): Promise<LeaderboardRow<K>[]> {
    return this.ranked(kind, { limit: null, offset: 0, maxRank });
  }

  private async ranked<K extends LeaderboardKind>(
    kind: K,
    { limit, offset, maxRank }: { limit: number | null; offset: number; maxRank: number | null },
  ): Promise<LeaderboardRow<K>[]> {
    const board = { ...boards[kind], table: this.source(kind) };
    const join = await usersJoin(this.db);
    const keys = (alias: string) => `(${board.rankBy.map((column) => `${alias}.${column}`).join(', ')})`;
    const descending = (alias: string) => board.rankBy.map((column) => `${alias}.${column} DESC`).join(', ');
    const listed = (rank: string, from: string, where: string) =>
      `SELECT * FROM (
         SELECT s.*, ${rank} AS rank, ${userColumnsSql()}
           FROM ${from} ${join('s')}
          ${where}
       ) x
       ORDER BY ${descending('x')}, ${byNameSql('x.display_name', 'x.user_id')}`;
    let rows: StandingRow[];
    if (limit === null && offset === 0) {
      // The whole list, or the rows ranked `maxRank` or better (rank() stops early on the index).
      ({ rows } = await this.db.query<StandingRow>(
        `SELECT * FROM (${listed(`rank() OVER (ORDER BY ${descending('s')})::integer`, `${board.table} s`, '')}) y
          WHERE ($1::integer IS NULL OR y.rank <= $1::integer)`,
        [maxRank],
      ));
    } else if (limit === 0) {
      rows = [];
    } else {
      // A page: its first and last rows bound it, found on the ranking index alone, and the rows
      // strictly ahead of the first one's tie group are counted there too. Names are joined and
      // sorted only for the tie groups the page touches.
      const columns = board.rankBy.join(', ');
      const last =
        limit === null
          ? `SELECT ${board.rankBy.map((column) => `NULL::integer AS ${column}`).join(', ')}`
          : `SELECT ${columns} FROM ${board.table} s ORDER BY ${descending('s')} OFFSET $2 + $1 - 1 LIMIT 1`;
      ({ rows } = await this.db.query<StandingRow>(
        `WITH boundary AS (SELECT ${columns} FROM ${board.table} s ORDER BY ${descending('s')} OFFSET $2 LIMIT 1),
              last AS (${last}),
              ahead AS (SELECT count(*)::integer AS n FROM ${board.table} a, boundary b WHERE ${keys('a')} > ${keys('b')})
         ${listed(
           `((SELECT n FROM ahead) + rank() OVER (ORDER BY ${descending('s')}))::integer`,
           `${board.table} s CROSS JOIN boundary b LEFT JOIN last l ON true`,
           `WHERE ${keys('s')} <= ${keys('b')} AND (l.${board.rankBy[0]} IS NULL OR ${keys('s')} >= ${keys('l')})`,
         )}
         OFFSET $2 - (SELECT n FROM ahead) LIMIT $1`,
        [limit, offset],
      ));
    }
    return rows.map((row) => this.toEntry(kind, row));
  }

  /** One player's row with their rank ("my rank"), or null when they are not an entrant. */
  async entryOf<K extends LeaderboardKind>(kind: K, userId: string): Promise<LeaderboardRow<K> | null> {
    const board = boards[kind];
    const join = await usersJoin(this.db);
    const key = (alias: string) => `(${board.rankBy.map((column) => `${alias}.${column}`).join(', ')})`;
    const { rows } = await this.db.query<StandingRow>(
      `SELECT s.*,
              (1 + (SELECT count(*) FROM ${board.table} a WHERE ${key('a')} > ${key('s')}))::integer AS rank,
              ${userColumnsSql()}
         FROM ${board.table} s ${join('s')}
        WHERE s.user_id = $1`,
      [userId],
    );
    const row = rows[0];
    return row === undefined ? null : this.toEntry(kind, row);
  }

  async rankOf(kind: LeaderboardKind, userId: string): Promise<number | null> {
    return (await this.entryOf(kind, userId))?.rank ?? null;
  }

  /** Number of rows of a leaderboard (for paging). */
  async count(kind: LeaderboardKind): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(
      `SELECT count(*)::integer AS count FROM ${this.source(kind)} s`,
    );
    return rows[0]?.count ?? 0;
  }

  async summary(): Promise<LeaderboardSummary> {
    const { rows } = await this.db.query<LeaderboardSummary>(
      `SELECT (SELECT count(*) FROM ${this.source('overall')} s)::integer AS "totalPlayers",
              (SELECT count(*) FROM ${this.source('survivor')} s WHERE eliminated_in_period IS NULL)::integer AS survivors,
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
    if (kind === 'survivor') {
      const survivor: SurvivorEntry = {
        ...entry,
        isEliminated: row.is_eliminated ?? false,
        strikeCount: row.strike_count ?? 0,
        eliminatedInPeriod: row.eliminated_in_period ?? null,
      };
      return survivor as LeaderboardRow<K>;
    }
    if (kind === 'last10') {
      const last10: Last10Entry = { ...entry, badge: last10Badge(row.points, this.rules) };
      return last10 as LeaderboardRow<K>;
    }
    return entry as LeaderboardRow<K>;
  }
}
