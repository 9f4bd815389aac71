import { defaultSegment, type PoolRules, type Segment } from '@treble/contracts';
import { londonLocalToUtc } from './london-time.js';

/**
 * A season's fixture list as data: parsed from an openfootball JSON file (the bundled 2025-26
 * season) or, later, from the results provider. The domain never embeds a season in code.
 */
export interface Team {
  code: string;
  name: string;
  shortName: string;
}

export type FixtureStatus = 'SCHEDULED' | 'POSTPONED' | 'CANCELLED';

export interface Fixture {
  fixtureId: string;
  matchweek: number;
  home: Team;
  away: Team;
  /** UTC instant; null when the fixture has no date and time (postponed, not yet re-dated). */
  kickoff: string | null;
  status: FixtureStatus;
}

export interface Matchweek {
  number: number;
  segment: Segment;
  fixtures: Fixture[];
  startDate: string;
  endDate: string;
}

export interface SeasonSchedule {
  season: string;
  competition: string;
  teams: Team[];
  matchweeks: Matchweek[];
}

export interface OpenfootballSeason {
  name: string;
  matches: {
    round: string;
    date: string;
    time?: string;
    team1: string;
    team2: string;
    status?: string;
  }[];
}

export interface TeamCatalogueEntry {
  name: string;
  shortName: string;
  tla: string;
  openfootballName?: string;
}

/** How long after kickoff a matchweek's last match is taken to be over (90' + half time + stoppage). */
export const MATCH_DURATION_MS = 2 * 60 * 60 * 1000;

export class SeasonDataError extends Error {}

export function parseOpenfootballSeason(
  season: string,
  source: OpenfootballSeason,
  catalogue: TeamCatalogueEntry[],
  rules: PoolRules,
): SeasonSchedule {
  const byName = new Map<string, Team>();
  for (const entry of catalogue) {
    const team = { code: entry.tla, name: entry.name, shortName: entry.shortName };
    byName.set(entry.openfootballName ?? entry.name, team);
    byName.set(entry.name, team);
  }
  const team = (name: string): Team => {
    const found = byName.get(name);
    if (!found) throw new SeasonDataError(`Unknown team "${name}" in ${season}`);
    return found;
  };
  const weeks = new Map<number, Fixture[]>();
  const seen = new Set<string>();
  for (const match of source.matches) {
    const round = /^Matchday (\d+)$/.exec(match.round);
    if (!round) throw new SeasonDataError(`Unexpected round "${match.round}"`);
    const matchweek = Number(round[1]);
    if (matchweek < 1 || matchweek > rules.periodsPerSeason) {
      throw new SeasonDataError(`Matchweek ${matchweek} is outside 1-${rules.periodsPerSeason}`);
    }
    const home = team(match.team1);
    const away = team(match.team2);
    // Each club hosts each other club once a season, so home+away identifies a fixture for good,
    // even when it moves to another date.
    const fixtureId = `${season}-${home.code}-${away.code}`;
    if (seen.has(fixtureId)) throw new SeasonDataError(`Duplicate fixture ${home.name} v ${away.name}`);
    seen.add(fixtureId);
    const postponed = match.status === 'postponed';
    const kickoff = match.time ? londonLocalToUtc(match.date, match.time).toISOString() : null;
    const fixtures = weeks.get(matchweek) ?? [];
    fixtures.push({ fixtureId, matchweek, home, away, kickoff, status: postponed ? 'POSTPONED' : 'SCHEDULED' });
    weeks.set(matchweek, fixtures);
  }
  const matchweeks: Matchweek[] = [...weeks.entries()]
    .sort(([a], [b]) => a - b)
    .map(([number, fixtures]) => {
      fixtures.sort((a, b) => (a.kickoff ?? '9999').localeCompare(b.kickoff ?? '9999') || a.home.name.localeCompare(b.home.name));
      const window = matchweekWindow(fixtures);
      if (!window) throw new SeasonDataError(`Matchweek ${number} has no fixture with a kickoff time`);
      return { number, segment: defaultSegment(number, rules), fixtures, ...window };
    });
  const teams = [...new Map([...byName.values()].map((t) => [t.code, t])).values()].sort((a, b) => a.name.localeCompare(b.name));
  return { season, competition: source.name, teams, matchweeks };
}

/**
 * The period window: first kickoff to the end of the last match, over the fixtures that are
 * going ahead (a postponed match without a new date does not stretch the matchweek).
 */
export function matchweekWindow(fixtures: Fixture[]): { startDate: string; endDate: string } | null {
  const kickoffs = fixtures
    .filter((f) => f.kickoff !== null && f.status === 'SCHEDULED')
    .map((f) => Date.parse(f.kickoff as string));
  if (kickoffs.length === 0) return null;
  return {
    startDate: new Date(Math.min(...kickoffs)).toISOString(),
    endDate: new Date(Math.max(...kickoffs) + MATCH_DURATION_MS).toISOString(),
  };
}
