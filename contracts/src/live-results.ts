import type { Outcome } from './game.js';

/**
 * Live results (admin "Live Results" tab, docs/rules.md, Screens sections 2, 3 and 7): the provider's view of a
 * matchday and the auto-update scheduler.
 */

/** Match status as the Live Results tab shows it (provider statuses folded onto these five). */
export type MatchdayMatchStatus = 'SCHEDULED' | 'IN_PLAY' | 'FINISHED' | 'POSTPONED' | 'CANCELLED';

export interface MatchdayMatch {
  homeTeam: string;
  awayTeam: string;
  /** Null while unplayed. */
  homeScore: number | null;
  awayScore: number | null;
  status: MatchdayMatchStatus;
}

/** `GET /api/epl-results/status?matchday=N`. */
export interface MatchdayStatus {
  matchday: number;
  isComplete: boolean;
  finishedMatches: number;
  totalMatches: number;
  matches: MatchdayMatch[];
  /** Matches the provider sent that could not be read (and so are not in `matches`). */
  unreadable?: UnreadableMatch[];
}

export interface UnreadableMatch {
  /** The provider's match id, when it had one. */
  id: number | null;
  reason: string;
}

/** The outcome of the latest results poll (whichever instance ran it). */
export interface LastPoll {
  at: string;
  ok: boolean;
  error: string | null;
  /** Matches of that poll that could not be read. */
  unreadable: number;
  /** Polls in a row that failed, up to the last one (0 when it succeeded). */
  consecutiveFailures: number;
  /** When the current run of failures began; null when the last poll succeeded. */
  failingSince: string | null;
}

/** `GET /api/epl-results/scheduler/status`; `nextUpdate` is an ISO instant, null when stopped. */
export interface SchedulerStatus {
  isRunning: boolean;
  nextUpdate: string | null;
  /** False when no results provider is set up: the scheduler cannot run at all. */
  providerConfigured: boolean;
  /** The last poll's time, outcome and error; absent before the first poll. */
  lastPoll?: LastPoll | null;
}

/** Answer of `POST /api/epl-results/scheduler/start` and `/stop`. */
export interface SchedulerChangeResponse extends SchedulerStatus {
  message: string;
}

/** What one update did (`POST /api/epl-results/update/{matchday}` and `/update-all`). */
export interface ResultsUpdateSummary {
  message: string;
  /** Matches the provider returned that could be read. */
  matches: number;
  /** Matches that could not be read (logged and skipped). */
  skipped: number;
  /** Matches that could be read but not applied (logged; tried again on the next update). */
  failedMatches: number;
  finishedMatches: number;
  /** Option results written (two per newly finished match). */
  resultsRecorded: number;
  /** Results that arrived for a completed period and are held for admins. */
  resultsHeldPending: number;
  fixturesUpdated: number;
  picksVoided: number;
  periodsCompleted: number[];
}

/**
 * A side's outcome if its match's current score held (docs/rules.md "Live table"): leading is a
 * win, level a draw, trailing a loss. Provisional: only a recorded result is ever scored.
 */
export function provisionalOutcome(isHome: boolean, homeScore: number, awayScore: number): Outcome {
  const lead = isHome ? homeScore - awayScore : awayScore - homeScore;
  return lead > 0 ? 'win' : lead === 0 ? 'draw' : 'loss';
}

/**
 * Where a match being counted in the live table stands (docs/rules.md "Live table"): being played
 * (`in-play`, `half-time`, `extra-time`, `penalties`) or finished with its result not recorded yet
 * (`full-time`: provisional until the result is).
 */
export type LiveMatchState = 'in-play' | 'half-time' | 'extra-time' | 'penalties' | 'full-time';

/** A match of the matchweek the live table counts, with its current score. */
export interface LiveMatch {
  fixtureId: string;
  periodId: number;
  homeTeam: string;
  awayTeam: string;
  homeScore: number;
  awayScore: number;
  state: LiveMatchState;
  kickoff: string | null;
  /** When the provider's report of this score was first seen. */
  changedAt: string;
}

/** One row of a live table: the official standing, and the standing if every current score held. */
export interface LiveRow {
  /** The provisional rank (ties as the official board ranks them). */
  rank: number;
  /** The rank on the official board. */
  officialRank: number;
  userId: string;
  firstName: string | null;
  lastName: string | null;
  displayName: string;
  profileImageUrl: string | null;
  /** Provisional points: the official ones plus what the current scores would add. */
  totalPoints: number;
  officialPoints: number;
  /** What the current scores would add (Survivor: the matchweek's points so far, when it counts). */
  livePoints: number;
  wins: number;
  /** Survivor: strikes now, and whether the matchweek would add one (and eliminate) if the scores held. */
  strikeCount?: number;
  isEliminated?: boolean;
  wouldStrike?: boolean;
  wouldBeEliminated?: boolean;
}

/** `GET /api/leaderboards/live/{kind}`: the live table, labelled as provisional. */
export interface LiveBoard {
  kind: 'overall' | 'survivor' | 'last10';
  /** Some match of the pool's open matchweeks is being played or awaits its result. */
  live: boolean;
  /** The matchweek the Survivor line is about (the earliest one with a live match), or null. */
  periodId: number | null;
  /** The latest score report the table counts; how old the scores are. */
  asOf: string | null;
  /** The results poll has failed since: the scores shown may be out of date. */
  stale: boolean;
  matches: LiveMatch[];
  /** Rows of the page asked for, in provisional rank order. */
  rows: LiveRow[];
  /** Rows of the whole live table. */
  total: number;
}
