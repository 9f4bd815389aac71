/**
 * The typed Socket.IO event map. The server pushes notices; it never pushes data the client
 * could not fetch itself. A `read-model-changed` notice names the query keys to invalidate.
 */
export type QueryKey = readonly (string | number)[];

export interface ReadModelChangedNotice {
  /** The read models (projection names) that changed. */
  readModels: string[];
  /** Precise query keys the client should invalidate (hierarchical prefixes). */
  queryKeys: QueryKey[];
  /** Event-log position the change reflects, as a decimal string. */
  position: string;
  /**
   * News that came with the change, each a toast: matches finished and results an admin recorded.
   * It rides the notice of the tables it changed, so a browser hears of a result once, with
   * what to read again.
   */
  news?: NoticeNews;
}

export interface NoticeNews {
  matchesFinished?: MatchFinishedNotice[];
  resultsRecorded?: ResultRecordedNotice[];
}

export interface MatchFinishedNotice {
  matchweek: number;
  homeTeam: string;
  awayTeam: string;
  homeScore: number;
  awayScore: number;
}

/** An admin set or corrected a result (provider results arrive as a finished match instead). */
export interface ResultRecordedNotice {
  periodId: number;
  optionId: string;
  teamName: string;
  outcome: 'win' | 'draw' | 'loss';
  points: number;
  /** The admin who recorded it: their own screen has already said so. */
  actorId: string;
}

export interface ServerToClientEvents {
  'read-model-changed': (notice: ReadModelChangedNotice) => void;
}

/**
 * What a browser says when it connects (Socket.IO's `auth`): the address of the pool its page
 * shows (docs/adr/015). It hears that pool's notices only, and only as one of its members; without
 * it, the install's default pool.
 */
export interface SocketHandshake {
  pool?: string;
}

export interface ClientToServerEvents {
  ping: (ack: (serverTime: string) => void) => void;
}

/**
 * Roots of the keys whose answers belong to the signed-in user (their stats, performance, picks,
 * and the options as they see them). A change that concerns one user's keys is sent to that user's
 * browsers only; every other key goes to every browser.
 */
export const personalKeyRoots: readonly string[] = ['auth', 'user', 'performance', 'choices', 'options'];

/** The query keys both sides agree on. The web app builds its query options from these. */
export const queryKeys = {
  periods: () => ['periods'] as const,
  period: (id: number) => ['periods', id] as const,
  schedule: () => ['epl-schedule'] as const,
  health: () => ['health'] as const,
  options: (periodId: number) => ['options', periodId] as const,
  /** Everyone's locked picks of a period: under the period's options key, so their notices reach it. */
  pickGrid: (periodId: number) => ['options', periodId, 'pick-grid'] as const,
  prizes: () => ['prizes'] as const,
  authUser: () => ['auth', 'user'] as const,
  adminUsers: () => ['admin', 'users'] as const,
  invitations: () => ['invitations'] as const,
  /** The pool's growth figures (Invite page). */
  community: () => ['community'] as const,
  /** A leaderboard (`['leaderboards']` covers all three). */
  leaderboards: (kind?: 'overall' | 'survivor' | 'last10') =>
    (kind === undefined ? ['leaderboards'] : ['leaderboards', kind]) as readonly string[],
  /**
   * A live table (`['leaderboards', 'live']` covers all three): under the leaderboards' key, so a
   * recorded result refreshes it too; a change of the current scores sends this key alone.
   */
  liveBoard: (kind?: 'overall' | 'survivor' | 'last10') =>
    (kind === undefined ? ['leaderboards', 'live'] : ['leaderboards', 'live', kind]) as readonly string[],
  /** The signed-in player's stats (dashboard, history). */
  userStats: () => ['user', 'stats'] as const,
  /** Performance analysis: `['performance']` covers detailed, trends and every compare selection. */
  performance: (view?: 'detailed' | 'trends' | 'compare', ...periodIds: number[]) =>
    (view === undefined ? ['performance'] : ['performance', view, ...periodIds]) as readonly (
      string | number
    )[],
  /** Picks of one period. */
  choices: (periodId: number) => ['choices', periodId] as const,
  /** Results: `['results']` (all, and every period's) or one period's. */
  results: (periodId?: number) =>
    (periodId === undefined ? ['results'] : ['results', periodId]) as readonly (string | number)[],
  /** The pool's seasons (the season switcher, the Hall of Fame, the Admin Schedule tab). */
  seasons: () => ['seasons'] as const,
};

/** What a new season changes: every view of the season the pool plays (each key covers those under it). */
export const seasonChangeKeys: readonly QueryKey[] = [
  queryKeys.seasons(),
  queryKeys.periods(),
  ['options'],
  ['choices'],
  queryKeys.results(),
  queryKeys.leaderboards(),
  queryKeys.userStats(),
  queryKeys.performance(),
  queryKeys.prizes(),
  queryKeys.schedule(),
];
