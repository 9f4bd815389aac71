import type { Outcome } from './game.js';
import type { Last10Badge, LeaderboardKind } from './standings.js';

/** Who caused an event (the `source` of its metadata). */
export type AuditSource = 'player' | 'admin' | 'provider' | 'system';

/** One event of the log as the admin audit history lists it, newest first. */
export interface AuditEntry {
  /** Global position in the event log (a bigint as a string). */
  position: string;
  streamId: string;
  type: string;
  /** User id of the acting person, or a name such as "system". */
  actor: string;
  /** The acting user's full name (else e-mail); null when the actor is not a user. */
  actorName: string | null;
  source: AuditSource;
  occurredAt: string;
  periodId: number | null;
  userId: string | null;
  /** The subject user's full name (else e-mail), when the event concerns a user. */
  userName: string | null;
  optionId: string | null;
  data: unknown;
}

/** A page of the audit history: `total` rows match the filters. */
export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  limit: number;
  offset: number;
}

export interface AuditFilters {
  periodId?: number;
  userId?: string;
  optionId?: string;
  limit?: number;
  offset?: number;
}

/** One row of standings computed from the event log (time travel or what-if). */
export interface HistoricStanding {
  userId: string;
  displayName: string;
  rank: number;
  points: number;
  wins: number;
  /** Last 10 only. */
  badge?: Last10Badge;
  /** Survivor only. */
  isEliminated?: boolean;
  strikeCount?: number;
  eliminatedInPeriod?: number | null;
}

/** GET /api/admin/standings-as-of: the standings right after period `periodId` was (last) completed. */
export interface StandingsAsOf {
  periodId: number;
  kind: LeaderboardKind;
  /** Position of the period's completion event: everything up to it is folded. */
  position: string;
  completedAt: string;
  rows: HistoricStanding[];
}

export interface StandingFigures {
  rank: number;
  points: number;
  wins: number;
}

export interface SurvivorFigures extends StandingFigures {
  isEliminated: boolean;
  strikeCount: number;
  eliminatedInPeriod: number | null;
}

/** Before and after; null on a side where the player is not an entrant of that competition. */
export interface Movement<T> {
  before: T | null;
  after: T | null;
}

/** A player whose standing would change; a competition is null where nothing changes. */
export interface PlayerImpact {
  userId: string;
  displayName: string;
  overall: Movement<StandingFigures> | null;
  last10: Movement<StandingFigures> | null;
  survivor: Movement<SurvivorFigures> | null;
}

/**
 * What an admin action would do, computed without writing anything.
 * `recorded`/`deleted`: the result applies now; `pending`: the period is completed, so the result
 * would be held until the period is reopened (`onReopen` then says what reopening would change);
 * `unchanged`: the option already has exactly this result; `reopened`: a period reopen;
 * `completed`: a period completion (survivor strikes become final).
 */
export type ImpactEffect = 'recorded' | 'deleted' | 'pending' | 'unchanged' | 'reopened' | 'completed';

export interface ImpactPreview {
  periodId: number;
  effect: ImpactEffect;
  /** The results that would apply (a recorded result, or the held results a reopen releases). */
  appliedResults: { optionId: string; optionName: string | null; outcome: Outcome }[];
  changes: PlayerImpact[];
  /** For a result that would be held: what reopening the period afterwards would change. */
  onReopen: PlayerImpact[] | null;
  /** For a completion: the period's options that have no result yet (they would score nothing). */
  missingResults?: { optionId: string; optionName: string }[];
}
