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
