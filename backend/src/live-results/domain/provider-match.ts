/*
 * A match as the results provider reports it, after parsing and validation: the one shape every
 * provider (football-data.org, the season replay) hands to the process manager.
 */

/** football-data.org v4 match statuses (lookup tables of the v4 docs). */
export const providerStatuses = [
  'SCHEDULED',
  'TIMED',
  'IN_PLAY',
  'PAUSED',
  'EXTRA_TIME',
  'PENALTY_SHOOTOUT',
  'FINISHED',
  'SUSPENDED',
  'POSTPONED',
  'CANCELLED',
  'AWARDED',
] as const;

export type ProviderStatus = (typeof providerStatuses)[number];

export function isProviderStatus(value: unknown): value is ProviderStatus {
  return typeof value === 'string' && (providerStatuses as readonly string[]).includes(value);
}

/** The final whistle has gone (or the match was awarded): the score is the result. */
export const finalStatuses: readonly ProviderStatus[] = ['FINISHED', 'AWARDED'];

/** Being played right now. */
export const liveStatuses: readonly ProviderStatus[] = [
  'IN_PLAY',
  'PAUSED',
  'EXTRA_TIME',
  'PENALTY_SHOOTOUT',
];

export interface ProviderTeam {
  name: string;
  shortName: string | null;
  /** Three-letter code; the pool's team code (football-data `tla`). */
  tla: string;
}

export interface ProviderMatch {
  /** The provider's own stable match id. */
  id: number;
  /** The round the match belongs to; kept when the match is rescheduled. */
  matchday: number;
  /** Kickoff, UTC ISO 8601. */
  kickoff: string;
  status: ProviderStatus;
  homeTeam: ProviderTeam;
  awayTeam: ProviderTeam;
  /** Full-time score once final; the running score while live (when the provider gives one); else null. */
  homeScore: number | null;
  awayScore: number | null;
  lastUpdated: string | null;
}

/** A match object the provider sent that could not be read: logged and left out, never guessed. */
export interface SkippedMatch {
  id: number | null;
  reason: string;
}

export interface ProviderAnswer {
  matches: ProviderMatch[];
  skipped: SkippedMatch[];
}

export function isFinal(
  match: ProviderMatch,
): match is ProviderMatch & { homeScore: number; awayScore: number } {
  return finalStatuses.includes(match.status) && match.homeScore !== null && match.awayScore !== null;
}

export function isLive(match: Pick<ProviderMatch, 'status'>): boolean {
  return liveStatuses.includes(match.status);
}
