import { defaultSegment, type PoolRules, type Segment } from '@treble/contracts';
import { londonLocalToUtc } from './london-time.js';
import type { SeasonFile } from './season-file.js';

/**
 * A season's fixture list as data: read from a season file (bundled or uploaded) or from the
 * results provider. The domain never embeds a season in code.
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

export interface TeamCatalogueEntry {
  name: string;
  shortName: string;
  tla: string;
  openfootballName?: string;
  /** football-data.org's id, when known. */
  id?: number;
}

/** How long after kickoff a matchweek's last match is taken to be over (90' + half time + stoppage). */
export const MATCH_DURATION_MS = 2 * 60 * 60 * 1000;

export class SeasonDataError extends Error {}

/**
 * The schedule of a season file whose teams are resolved (`team` maps each of the file's names).
 * `teams` is the season's club list (its order does not matter).
 */
export function scheduleOf(
  season: string,
  file: SeasonFile,
  team: (name: string) => Team,
  teams: readonly Team[],
  rules: PoolRules,
): SeasonSchedule {
  const seen = new Set<string>();
  const fixtures: Fixture[] = [];
  for (const match of file.matches) {
    const home = team(match.team1);
    const away = team(match.team2);
    // Each club hosts each other club once a season, so home+away identifies a fixture for good,
    // even when it moves to another date.
    const fixtureId = `${season}-${home.code}-${away.code}`;
    if (seen.has(fixtureId)) throw new SeasonDataError(`Duplicate fixture ${home.name} v ${away.name}`);
    seen.add(fixtureId);
    const kickoff = match.time ? londonLocalToUtc(match.date, match.time).toISOString() : null;
    fixtures.push({
      fixtureId,
      matchweek: match.round,
      home,
      away,
      kickoff,
      status: match.postponed ? 'POSTPONED' : 'SCHEDULED',
    });
  }
  return scheduleFromFixtures(season, file.name, fixtures, teams, rules);
}

/** Groups fixtures into matchweeks (each with its window) and lists the season's clubs. */
export function scheduleFromFixtures(
  season: string,
  competition: string,
  fixtures: readonly Fixture[],
  teams: readonly Team[],
  rules: PoolRules,
): SeasonSchedule {
  const weeks = new Map<number, Fixture[]>();
  for (const fixture of fixtures) {
    const matchweek = fixture.matchweek;
    if (matchweek < 1 || matchweek > rules.periodsPerSeason) {
      throw new SeasonDataError(`Matchweek ${matchweek} is outside 1-${rules.periodsPerSeason}`);
    }
    weeks.set(matchweek, [...(weeks.get(matchweek) ?? []), fixture]);
  }
  const matchweeks: Matchweek[] = [...weeks.entries()]
    .sort(([a], [b]) => a - b)
    .map(([number, fixtures]) => {
      fixtures.sort(
        (a, b) =>
          (a.kickoff ?? '9999').localeCompare(b.kickoff ?? '9999') || a.home.name.localeCompare(b.home.name),
      );
      const window = matchweekWindow(fixtures);
      if (!window) throw new SeasonDataError(`Matchweek ${number} has no fixture with a kickoff time`);
      return { number, segment: defaultSegment(number, rules), fixtures, ...window };
    });
  const sorted = [...teams].sort((a, b) => a.name.localeCompare(b.name));
  return { season, competition, teams: sorted, matchweeks };
}

/** A played match of a season file, as the results it gives its two teams. */
export interface FileResult {
  fixtureId: string;
  matchweek: number;
  home: Team;
  away: Team;
  kickoff: string;
  homeScore: number;
  awayScore: number;
}

/** The results a season file holds (matches with a full-time score and a kickoff). */
export function resultsOfFile(season: string, file: SeasonFile, team: (name: string) => Team): FileResult[] {
  return file.matches
    .filter((match) => match.score !== null && match.time !== null && !match.postponed)
    .map((match) => {
      const home = team(match.team1);
      const away = team(match.team2);
      return {
        fixtureId: `${season}-${home.code}-${away.code}`,
        matchweek: match.round,
        home,
        away,
        kickoff: londonLocalToUtc(match.date, match.time!).toISOString(),
        homeScore: match.score![0],
        awayScore: match.score![1],
      };
    });
}

const clubSuffix = /\b(a\.?f\.?c\.?|f\.?c\.?)\b/g;

/** "Brighton & Hove Albion FC" → "brighton and hove albion": case, "FC"/"AFC", "&" and punctuation aside. */
export function normalTeamName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(clubSuffix, ' ')
    .replace(/[^a-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * "Coventry City FC" → "Coventry City": the name without a last word "FC" or "AFC". Cut at the
 * last space by hand: `/\s+A?FC$/` retries from every space of a long run (quadratic time).
 */
function withoutClubSuffix(name: string): string {
  let space = name.length - 1;
  while (space >= 0 && !/\s/.test(name[space]!)) space--;
  return space >= 0 && /^A?FC$/i.test(name.slice(space + 1)) ? name.slice(0, space).trimEnd() : name;
}

export interface TeamMatching {
  /** File name → team, for every name that matched (or was mapped). */
  teams: Map<string, Team>;
  /** Names that matched no known club: the admin maps them (`mapping`), nothing is guessed. */
  unmatched: string[];
}

/**
 * Matches a file's team names to known clubs: the admin's mapping first (name → team code; a
 * code no club has makes a new club of that name), then the exact name, then the name without
 * "FC"/"AFC", case and punctuation, the club's short name, or its three-letter code.
 * Two names matching one club is a problem too: the second is listed as unmatched.
 */
export function matchTeams(
  names: readonly string[],
  catalogue: readonly TeamCatalogueEntry[],
  mapping: Readonly<Record<string, string>> = {},
): TeamMatching {
  const byCode = new Map(catalogue.map((entry) => [entry.tla.toUpperCase(), entry]));
  const teamOf = (entry: TeamCatalogueEntry): Team => ({
    code: entry.tla,
    name: entry.name,
    shortName: entry.shortName,
  });
  const find = (name: string): Team | null => {
    const mapped = mapping[name];
    if (typeof mapped === 'string' && /^[A-Za-z0-9]{2,5}$/.test(mapped.trim())) {
      const code = mapped.trim().toUpperCase();
      const known = byCode.get(code);
      return known ? teamOf(known) : { code, name, shortName: withoutClubSuffix(name) };
    }
    const exact = catalogue.find((entry) => entry.name === name || entry.openfootballName === name);
    if (exact) return teamOf(exact);
    const normal = normalTeamName(name);
    const loose = catalogue.find(
      (entry) =>
        normalTeamName(entry.name) === normal ||
        normalTeamName(entry.shortName) === normal ||
        entry.tla.toUpperCase() === name.trim().toUpperCase(),
    );
    return loose ? teamOf(loose) : null;
  };
  const teams = new Map<string, Team>();
  const unmatched: string[] = [];
  const taken = new Set<string>();
  for (const name of [...new Set(names)].sort()) {
    const found = find(name);
    // Each name comes once (the set above), so a club already taken was taken by another name.
    if (!found || taken.has(found.code)) {
      unmatched.push(name);
      continue;
    }
    taken.add(found.code);
    teams.set(name, found);
  }
  return { teams, unmatched };
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
