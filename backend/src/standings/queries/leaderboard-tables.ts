/**
 * The read tables (views) the leaderboards are computed from, named in one place so that the same
 * queries can read another season's tables. `users` (names for display) is the accounts' and is
 * not per season.
 */
export interface LeaderboardTables {
  overall: string;
  last10: string;
  survivor: string;
  /** The picks that count, for "has a locked pick" (visibility before a lock). */
  choices: string;
  /** The options with their lock times. */
  options: string;
  /** Each period's segment, for Last 10 visibility. */
  standingsPeriods: string;
}

/** Today's season: the live views of the standings and options projections. */
export const currentSeasonTables: LeaderboardTables = {
  overall: 'overall',
  last10: 'last10',
  survivor: 'survivor',
  choices: 'choices',
  options: 'options',
  standingsPeriods: 'standings_periods',
};

/**
 * The projections whose tables a leaderboard answer over `currentSeasonTables` is read from: while
 * their checkpoints (and generations) stand still, the same question has the same answer.
 */
export const leaderboardProjections = ['standings', 'options', 'users'] as const;
