import type { MatchdayMatch, MatchdayMatchStatus, MatchdayStatus } from '@treble/contracts';
import { outcomesFromScore, type Outcome } from '../../results/domain/index.js';
import type { FixtureUpdate, Fixture, FixtureStatus } from '../../season/domain/index.js';
import { isFinal, type ProviderMatch, type ProviderStatus } from './provider-match.js';

/*
 * What a provider match means for the pool: which fixture it is, what its kickoff and status are,
 * and, once final, the two option outcomes. Pure.
 */

/** The provider's season parameter is the starting year: "2025-26" → 2025. */
export function seasonStartYear(season: string): number {
  const match = /^(\d{4})(-\d{2,4})?$/.exec(season);
  if (!match) throw new Error(`Season "${season}" is not like 2025-26`);
  return Number(match[1]);
}

/** Same key as the imported schedule: each club hosts each other club once a season. */
export function fixtureIdOf(season: string, match: Pick<ProviderMatch, 'homeTeam' | 'awayTeam'>): string {
  return `${season}-${match.homeTeam.tla}-${match.awayTeam.tla}`;
}

/** Whether the fixture goes ahead. A suspended match (abandoned) is to be replayed: postponed. */
export function fixtureStatusOf(status: ProviderStatus): FixtureStatus {
  if (status === 'POSTPONED' || status === 'SUSPENDED') return 'POSTPONED';
  return status === 'CANCELLED' ? 'CANCELLED' : 'SCHEDULED';
}

/**
 * The fixture as the provider now sees it. A called-off match has no kickoff (the date the
 * provider keeps is the one that no longer holds). `SCHEDULED` means the provider has no confirmed
 * time yet: its date is a placeholder, so a kickoff the pool already knows is kept.
 */
export function fixtureUpdateOf(
  match: ProviderMatch,
  fixture: Pick<Fixture, 'fixtureId' | 'kickoff'>,
): FixtureUpdate {
  const status = fixtureStatusOf(match.status);
  if (status !== 'SCHEDULED') return { fixtureId: fixture.fixtureId, kickoff: null, status };
  if (match.status === 'SCHEDULED' && fixture.kickoff !== null)
    return { fixtureId: fixture.fixtureId, kickoff: fixture.kickoff, status };
  return { fixtureId: fixture.fixtureId, kickoff: match.kickoff, status };
}

export interface ProviderResult {
  side: 'home' | 'away';
  teamCode: string;
  outcome: Outcome;
  fixtureId: string;
  homeScore: number;
  awayScore: number;
}

/** The outcome of each side once the match is final; none before. */
export function resultsOf(match: ProviderMatch, fixtureId: string): ProviderResult[] {
  if (!isFinal(match)) return [];
  const outcome = outcomesFromScore(match.homeScore, match.awayScore);
  const common = { fixtureId, homeScore: match.homeScore, awayScore: match.awayScore };
  return [
    { side: 'home', teamCode: match.homeTeam.tla, outcome: outcome.home, ...common },
    { side: 'away', teamCode: match.awayTeam.tla, outcome: outcome.away, ...common },
  ];
}

/** The status the Live Results tab shows. */
const displayStatuses: Record<ProviderStatus, MatchdayMatchStatus> = {
  SCHEDULED: 'SCHEDULED',
  TIMED: 'SCHEDULED',
  IN_PLAY: 'IN_PLAY',
  PAUSED: 'IN_PLAY',
  EXTRA_TIME: 'IN_PLAY',
  PENALTY_SHOOTOUT: 'IN_PLAY',
  FINISHED: 'FINISHED',
  AWARDED: 'FINISHED',
  SUSPENDED: 'POSTPONED',
  POSTPONED: 'POSTPONED',
  CANCELLED: 'CANCELLED',
};

export const displayStatus = (status: ProviderStatus): MatchdayMatchStatus => displayStatuses[status];

/** Matchday status (docs/rules.md, Screens): complete when every match of the round is finished. */
export function matchdayStatus(matchday: number, matches: readonly ProviderMatch[]): MatchdayStatus {
  const rows: MatchdayMatch[] = [...matches]
    .filter((match) => match.matchday === matchday)
    .sort((a, b) => a.kickoff.localeCompare(b.kickoff) || a.homeTeam.name.localeCompare(b.homeTeam.name))
    .map((match) => ({
      homeTeam: match.homeTeam.name,
      awayTeam: match.awayTeam.name,
      homeScore: match.homeScore,
      awayScore: match.awayScore,
      status: displayStatus(match.status),
    }));
  const finishedMatches = rows.filter((row) => row.status === 'FINISHED').length;
  return {
    matchday,
    isComplete: rows.length > 0 && finishedMatches === rows.length,
    finishedMatches,
    totalMatches: rows.length,
    matches: rows,
  };
}
