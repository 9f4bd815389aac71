import { describe, expect, it } from '@jest/globals';
import { defaultRules } from '@treble/contracts';
import type { SeasonFile, SeasonFileMatch } from './season-file.js';
import {
  matchTeams,
  matchweekWindow,
  normalTeamName,
  resultsOfFile,
  scheduleOf,
  type Team,
  type TeamCatalogueEntry,
} from './season-schedule.js';

const catalogue: TeamCatalogueEntry[] = [
  { name: 'Arsenal FC', shortName: 'Arsenal', tla: 'ARS' },
  { name: 'Chelsea FC', shortName: 'Chelsea', tla: 'CHE' },
  { name: 'Everton FC', shortName: 'Everton', tla: 'EVE' },
  { name: 'Liverpool FC', shortName: 'Liverpool', tla: 'LIV' },
  { name: 'Tottenham Hotspur FC', shortName: 'Tottenham', tla: 'TOT', openfootballName: 'Spurs' },
  { name: 'Wolverhampton Wanderers FC', shortName: 'Wolverhampton', tla: 'WOL' },
];
const clubs: Team[] = catalogue.map((entry) => ({
  code: entry.tla,
  name: entry.name,
  shortName: entry.shortName,
}));
const club = (name: string): Team => clubs.find((team) => team.name === name)!;

const row = (
  round: number,
  team1: string,
  team2: string,
  time?: string,
  extra: Partial<SeasonFileMatch> = {},
): SeasonFileMatch => ({
  round,
  date: '2025-08-16',
  time: time ?? null,
  team1,
  team2,
  postponed: false,
  score: null,
  where: 'match 1',
  ...extra,
});
const parse = (...matches: SeasonFileMatch[]) =>
  scheduleOf(
    '2025-26',
    { name: 'Premier League 2025/26', season: '2025-26', matches },
    club,
    clubs,
    defaultRules,
  );

describe('a season schedule from openfootball rows', () => {
  it('puts the weeks in order', () => {
    const schedule = parse(
      row(38, 'Tottenham Hotspur FC', 'Everton FC', '16:00'),
      row(3, 'Tottenham Hotspur FC', 'Arsenal FC', '15:00'),
      row(1, 'Liverpool FC', 'Chelsea FC', '15:00'),
    );
    expect(schedule.matchweeks.map((w) => [w.number, w.fixtures.map((f) => f.fixtureId)])).toEqual([
      [1, ['2025-26-LIV-CHE']],
      [3, ['2025-26-TOT-ARS']],
      [38, ['2025-26-TOT-EVE']],
    ]);
    expect(schedule.competition).toBe('Premier League 2025/26');
  });

  it('orders a week by kickoff, then home club; fixtures without a kickoff last', () => {
    const week = parse(
      row(1, 'Arsenal FC', 'Chelsea FC', undefined, { postponed: true }),
      row(1, 'Liverpool FC', 'Everton FC', '15:00'),
      row(1, 'Everton FC', 'Liverpool FC', '12:30'),
      row(1, 'Chelsea FC', 'Arsenal FC', '15:00'),
      row(1, 'Tottenham Hotspur FC', 'Wolverhampton Wanderers FC', undefined, { postponed: true }),
    ).matchweeks[0]!;
    expect(week.fixtures.map((f) => [f.fixtureId, f.kickoff, f.status])).toEqual([
      ['2025-26-EVE-LIV', '2025-08-16T11:30:00.000Z', 'SCHEDULED'],
      ['2025-26-CHE-ARS', '2025-08-16T14:00:00.000Z', 'SCHEDULED'],
      ['2025-26-LIV-EVE', '2025-08-16T14:00:00.000Z', 'SCHEDULED'],
      ['2025-26-ARS-CHE', null, 'POSTPONED'],
      ['2025-26-TOT-WOL', null, 'POSTPONED'],
    ]);
  });

  it('a postponed match that keeps its old time does not stretch the week', () => {
    const week = parse(
      row(1, 'Arsenal FC', 'Chelsea FC', '15:00'),
      row(1, 'Liverpool FC', 'Everton FC', '20:00', { postponed: true }),
    ).matchweeks[0]!;
    expect(week.fixtures[1]).toMatchObject({ kickoff: '2025-08-16T19:00:00.000Z', status: 'POSTPONED' });
    expect([week.startDate, week.endDate]).toEqual(['2025-08-16T14:00:00.000Z', '2025-08-16T16:00:00.000Z']);
  });

  it('refuses a week outside the season or without a kickoff', () => {
    expect(() => parse(row(0, 'Arsenal FC', 'Chelsea FC', '15:00'))).toThrow('Matchweek 0 is outside 1-38');
    expect(() =>
      parse(
        row(1, 'Arsenal FC', 'Chelsea FC', '15:00'),
        row(2, 'Liverpool FC', 'Everton FC', undefined, { postponed: true }),
      ),
    ).toThrow('Matchweek 2 has no fixture with a kickoff time');
  });
});

describe('the results a season file holds', () => {
  const teams = new Map<string, Team>(
    catalogue.map((entry) => [entry.name, { code: entry.tla, name: entry.name, shortName: entry.shortName }]),
  );
  const team = (name: string) => teams.get(name)!;
  const match = (overrides: Partial<SeasonFileMatch>): SeasonFileMatch => ({
    round: 1,
    date: '2025-08-16',
    time: '15:00',
    team1: 'Arsenal FC',
    team2: 'Chelsea FC',
    postponed: false,
    score: [2, 1],
    where: 'line 1',
    ...overrides,
  });
  const file = (...matches: SeasonFileMatch[]): SeasonFile => ({ name: 'x', season: '2025-26', matches });

  it('are the played matches with a kickoff, in UTC, with both scores', () => {
    expect(
      resultsOfFile(
        '2025-26',
        file(
          match({}),
          match({ round: 2, team1: 'Liverpool FC', team2: 'Everton FC', score: null }),
          match({ round: 3, team1: 'Everton FC', team2: 'Liverpool FC', time: null }),
          match({ round: 4, team1: 'Chelsea FC', team2: 'Arsenal FC', postponed: true }),
          match({ round: 12, date: '2025-11-22', time: '12:30', team1: 'Spurs', score: [0, 4] }),
        ),
        (name) => team(name === 'Spurs' ? 'Tottenham Hotspur FC' : name),
      ),
    ).toEqual([
      {
        fixtureId: '2025-26-ARS-CHE',
        matchweek: 1,
        home: team('Arsenal FC'),
        away: team('Chelsea FC'),
        kickoff: '2025-08-16T14:00:00.000Z',
        homeScore: 2,
        awayScore: 1,
      },
      {
        fixtureId: '2025-26-TOT-CHE',
        matchweek: 12,
        home: team('Tottenham Hotspur FC'),
        away: team('Chelsea FC'),
        kickoff: '2025-11-22T12:30:00.000Z',
        homeScore: 0,
        awayScore: 4,
      },
    ]);
  });
});

describe('matching team names', () => {
  it('compares names without accents, punctuation, "&" or doubled spaces', () => {
    expect(normalTeamName('Atlético  Madrid')).toBe('atletico madrid');
    expect(normalTeamName('Wolverhampton-Wanderers F.C.')).toBe('wolverhampton wanderers');
    expect(normalTeamName('Brighton & Hove Albion FC')).toBe('brighton and hove albion');
    expect(
      matchTeams(['Wolverhampton  Wanderers'], catalogue).teams.get('Wolverhampton  Wanderers')?.code,
    ).toBe('WOL');
  });

  it('knows a club by its openfootball name, and prefers an exact name to a loose one', () => {
    expect(matchTeams(['Spurs'], catalogue).teams.get('Spurs')?.code).toBe('TOT');
    const twoArsenals: TeamCatalogueEntry[] = [
      { name: 'Arsenal', shortName: 'Arsenal W', tla: 'ARW' },
      { name: 'Arsenal FC', shortName: 'Arsenal', tla: 'ARS' },
    ];
    expect(matchTeams(['Arsenal FC'], twoArsenals).teams.get('Arsenal FC')?.code).toBe('ARS');
  });

  it('knows a club by its code, spaces aside', () => {
    expect(matchTeams([' wol '], catalogue).teams.get(' wol ')?.code).toBe('WOL');
  });

  it('takes a mapping only when it is a code of 2 to 5 letters or digits, spaces aside', () => {
    const { teams, unmatched } = matchTeams(
      ['Spurs FC', 'Hotspur', 'Lilywhites', 'Coventry City  FC'],
      catalogue,
      {
        'Spurs FC': ' tot ',
        Hotspur: 'Tottenham1',
        Lilywhites: 'T',
        'Coventry City  FC': 'cov',
      },
    );
    expect(teams.get('Spurs FC')).toEqual({
      code: 'TOT',
      name: 'Tottenham Hotspur FC',
      shortName: 'Tottenham',
    });
    expect(teams.get('Coventry City  FC')).toEqual({
      code: 'COV',
      name: 'Coventry City  FC',
      shortName: 'Coventry City',
    });
    expect(unmatched).toEqual(['Hotspur', 'Lilywhites']);
  });

  it('a new club keeps its whole name as its short name unless the name ends in FC', () => {
    const { teams } = matchTeams(['Coventry City FC Women', 'AFC Wimbledon'], catalogue, {
      'Coventry City FC Women': 'CCW',
      'AFC Wimbledon': 'WIM',
    });
    expect(teams.get('Coventry City FC Women')?.shortName).toBe('Coventry City FC Women');
    expect(teams.get('AFC Wimbledon')?.shortName).toBe('AFC Wimbledon');
  });
});

describe('the window of a matchweek', () => {
  const fixture = (kickoff: string | null, status: 'SCHEDULED' | 'POSTPONED') => ({
    fixtureId: `f-${kickoff}-${status}`,
    matchweek: 1,
    home: { code: 'ARS', name: 'Arsenal FC', shortName: 'Arsenal' },
    away: { code: 'CHE', name: 'Chelsea FC', shortName: 'Chelsea' },
    kickoff,
    status,
  });

  it('runs from the first kickoff going ahead to two hours after the last; none going ahead, no window', () => {
    expect(
      matchweekWindow([
        fixture('2026-03-21T15:00:00.000Z', 'SCHEDULED'),
        fixture('2026-03-20T20:00:00.000Z', 'POSTPONED'),
        fixture('2026-03-22T16:30:00.000Z', 'SCHEDULED'),
        fixture('2026-03-23T20:00:00.000Z', 'POSTPONED'),
        fixture(null, 'POSTPONED'),
        // A match the file gives no time for (and does not call off) has no kickoff yet.
        fixture(null, 'SCHEDULED'),
      ]),
    ).toEqual({ startDate: '2026-03-21T15:00:00.000Z', endDate: '2026-03-22T18:30:00.000Z' });
    expect(matchweekWindow([fixture('2026-03-20T20:00:00.000Z', 'POSTPONED')])).toBeNull();
  });
});
