import type { Currency, Outcome } from './game.js';

/**
 * Wire types of the standings read side: the three leaderboards, a player's stats, performance
 * analysis and the prize payouts if the season ended now (docs/rules.md "Competitions", "Prizes").
 */
export type LeaderboardKind = 'overall' | 'survivor' | 'last10';

export const leaderboardKinds: readonly LeaderboardKind[] = ['overall', 'survivor', 'last10'];

/**
 * One row of a leaderboard. Ranks go 1, 2, 2, 4 (points, then winning picks); rows of equal rank are
 * listed by `displayName`. The user fields are null when the account is unknown.
 */
export interface LeaderboardEntry {
  rank: number;
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  profileImageUrl: string | null;
  /** Full name, else e-mail, else "Unknown User": the name the rows are listed by. */
  displayName: string;
  totalPoints: number;
  /** Winning picks over the same periods as the points: the tie-breaker. */
  wins: number;
}

/** Survivor: active players first, then eliminated ones by later elimination period, then points. */
export interface SurvivorEntry extends LeaderboardEntry {
  isEliminated: boolean;
  strikeCount: number;
  /** The completed period in which the player was eliminated; null while active. */
  eliminatedInPeriod: number | null;
}

export type Last10Badge = 'Hot' | 'Good' | 'Cold';

export interface Last10Entry extends LeaderboardEntry {
  badge: Last10Badge;
}

export type LeaderboardRow<K extends LeaderboardKind> = K extends 'survivor'
  ? SurvivorEntry
  : K extends 'last10'
    ? Last10Entry
    : LeaderboardEntry;

/** The leaderboards page's summary cards. */
export interface LeaderboardSummary {
  /** Overall entrants (at least one pick in the season). */
  totalPlayers: number;
  /** Survivor entrants not eliminated. */
  survivors: number;
  /** Last 10 entrants (at least one pick in a Last 10 period). */
  last10Players: number;
}

/**
 * A player's points in one scored period: a period where the player has picks and which is completed
 * or where at least one of those picks has a result (live: every recorded result counts). A period
 * the player picked ahead in, with no result yet, is not listed.
 */
export interface PeriodScoreEntry {
  periodId: number;
  totalPoints: number;
  /** The period is completed: its points are final. */
  isCompleted: boolean;
  /** The player's picks in the period (voided ones included) and how many of them have a result. */
  picks: number;
  scoredPicks: number;
}

/** One pick in the grid of everyone's picks (`GET /api/periods/{id}/pick-grid`). */
export interface PickGridCell {
  optionId: string;
  teamKey: string;
  teamName: string;
  /** Null while the option has no result, or when the pick was voided. */
  outcome: Outcome | null;
  points: number | null;
  voided: boolean;
}

export interface PickGridRow {
  userId: string;
  displayName: string;
  /** Points of the visible picks so far. */
  points: number;
  /** The player's picks on options that have locked, in the options' order. */
  picks: PickGridCell[];
}

/**
 * Everyone's picks of a period: only picks on options that have locked (docs/rules.md "Picks": never
 * before the deadline). Rows are ordered by points, then name; the viewer's row comes first.
 */
export interface PeriodPickGrid {
  periodId: number;
  lockedOptions: number;
  totalOptions: number;
  rows: PickGridRow[];
}

export interface UserStats {
  /** Null when the player has no pick yet (not an entrant). */
  overallRank: number | null;
  last10Rank: number | null;
  survivorRank: number | null;
  totalPoints: number;
  isEliminated: boolean;
  strikeCount: number;
  /** By period id. */
  scores: PeriodScoreEntry[];
}

export type PerformanceTrend = 'improving' | 'declining' | 'stable';

/** `GET /api/performance/detailed`: over the player's scored periods (see TrendEntry). */
export interface DetailedPerformance {
  totalPoints: number;
  /** Winning picks / picks, in percent (0-100, two decimals). */
  overallAccuracy: number;
  /** Overall rank; null when not an entrant. */
  currentRank: number | null;
  periodsPlayed: number;
  /** Highest scoring period (the earliest of equals); null before any. */
  bestPeriod: { points: number; periodId: number } | null;
  averagePoints: number;
  /** Standard deviation of the period points: lower means more consistent. */
  consistencyScore: number;
  trend: PerformanceTrend;
}

/**
 * One scored period of a player (`GET /api/performance/trends`): a period where the player has picks
 * and which is completed or has at least one result recorded.
 */
export interface TrendEntry {
  periodId: number;
  points: number;
  /** Winning picks / picks in that period, in percent. */
  accuracy: number;
}

export interface CompareChoice {
  /** The choice id. */
  id: string;
  optionId: string;
  optionName: string;
  points: number;
  /** Null while the option has no result, or when the pick was voided. */
  result: Outcome | null;
  voided: boolean;
}

/** `GET /api/performance/compare?periods=1,2,3`: one card per selected period. */
export interface CompareEntry {
  periodId: number;
  periodName: string;
  /** Rank among the players with picks in that period; null when the player has none there. */
  rank: number | null;
  totalPoints: number;
  accuracy: number;
  correctPicks: number;
  totalPicks: number;
  choices: CompareChoice[];
}

export const maxComparedPeriods = 5;

export interface PayoutAmount {
  currency: Currency;
  /** Decimal string with two decimals. */
  amount: string;
}

/** What a player would win if the season ended now; tied players share the tied positions' prizes. */
export interface Payout {
  competition: LeaderboardKind;
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  profileImageUrl: string | null;
  displayName: string;
  rank: number;
  /** The prize positions the player's tie group shares, e.g. [2, 3]. */
  positions: number[];
  /** Players in the tie group, this one included. */
  sharedBy: number;
  amounts: PayoutAmount[];
}
