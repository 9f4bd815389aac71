import fs from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import {
  checkSeasonShape,
  parseFootballTxt,
  parseOpenfootballJson,
  parseSeasonFile,
  seasonOfName,
  SeasonFileError,
  maxListedProblems,
} from './season-file.js';
import { matchTeams, normalTeamName, type TeamCatalogueEntry } from './season-schedule.js';

const fixture = (file: string) =>
  fs.readFileSync(new URL(`../../../test/fixtures/openfootball/${file}`, import.meta.url), 'utf8');
const bundled = (season: string) =>
  JSON.parse(
    fs.readFileSync(
      new URL(`../../../data/seasons/${season}/fixtures.openfootball.json`, import.meta.url),
      'utf8',
    ),
  ) as unknown;

function errorsOf(action: () => unknown): string[] {
  try {
    action();
  } catch (error) {
    if (error instanceof SeasonFileError) return error.errors;
    throw error;
  }
  throw new Error('expected a SeasonFileError');
}

describe('reading a season file', () => {
  it('reads both Football.TXT spellings into 380 matches of 38 rounds, with dates, local times and scores', () => {
    const older = parseFootballTxt(fixture('2024-25-1-premierleague.txt'));
    expect(older.season).toBe('2024-25');
    expect(older.matches).toHaveLength(380);
    expect(checkSeasonShape(older)).toEqual([]);
    expect(older.matches[0]).toMatchObject({
      round: 1,
      date: '2024-08-16',
      time: '20:00',
      team1: 'Manchester United FC',
      team2: 'Fulham FC',
      score: [1, 0],
    });
    // A line without a time keeps the previous time of that date; January is the second year.
    expect(
      older.matches.find((m) => m.team1 === 'Everton FC' && m.team2 === 'Brighton & Hove Albion FC'),
    ).toMatchObject({ date: '2024-08-17', time: '15:00' });
    expect(older.matches.some((m) => m.date.startsWith('2025-01'))).toBe(true);

    const newer = parseFootballTxt(fixture('2025-26-1-premierleague.txt'));
    expect(newer.season).toBe('2025-26');
    expect(checkSeasonShape(newer)).toEqual([]);
    // Matchday 31 appears three times in the file (moved matches): all its matches are still in round 31.
    const md31 = newer.matches.filter((m) => m.round === 31);
    expect(md31).toHaveLength(10);
    expect(md31.find((m) => m.team1 === 'Manchester City FC')).toMatchObject({
      date: '2026-05-13',
      time: '20:00',
      score: [3, 0],
    });
    expect(newer.matches.filter((m) => m.score !== null)).toHaveLength(380);
  });

  it('reads en.1.json, including a bare [home, away] full-time score', () => {
    const json = parseOpenfootballJson(bundled('2026-27'));
    expect(json.season).toBe('2026-27');
    expect(checkSeasonShape(json)).toEqual([]);
    expect(json.matches.filter((m) => m.score !== null)).toHaveLength(40);
    expect(
      json.matches.find((m) => m.team1 === 'Nottingham Forest FC' && m.team2 === 'Tottenham Hotspur FC')
        ?.score,
    ).toEqual([0, 0]);
    // Text that is JSON is read as JSON.
    expect(parseSeasonFile(fixture('2025-26-1-premierleague.json')).matches).toHaveLength(380);
  });

  it('names the line of every problem in a TXT file', () => {
    const lines = fixture('2025-26-1-premierleague.txt').split('\n');
    const at = lines.findIndex((line) => line.includes('Wolverhampton Wanderers FC v Arsenal FC'));
    lines[at] = lines[at]!.replace('20:00', '25:61');
    const dateAt = lines.findIndex((line) => /^\s+Sat Aug 23/.test(line));
    lines[dateAt] = '  Sat Aug 32';
    lines.splice(20, 0, 'this line makes no sense');
    const errors = errorsOf(() => parseFootballTxt(lines.join('\n')));
    expect(errors).toContain('line 21: cannot read "this line makes no sense"');
    expect(errors).toContain(`line ${dateAt + 2}: "Sat Aug 32" is not a date`);
    expect(errors).toContain(`line ${at + 2}: "25.61" is not a time`);
  });

  it('names the match of every problem in a JSON file', () => {
    const source = structuredClone(bundled('2026-27')) as { matches: Record<string, unknown>[] };
    source.matches[4]!.date = '2026-02-30';
    source.matches[7]!.round = 'Round 1';
    source.matches[9]!.time = '7pm';
    const errors = errorsOf(() => parseOpenfootballJson(source));
    expect(errors).toEqual([
      expect.stringMatching(/^match 5 \(.+ v .+\): date "2026-02-30" is not a YYYY-MM-DD date$/),
      expect.stringMatching(/^match 8 \(.+\): round "Round 1" is not like "Matchday 12"$/),
      expect.stringMatching(/^match 10 \(.+\): time "7pm" is not a HH:MM time$/),
    ]);
    expect(errorsOf(() => parseSeasonFile('{"name": "x", "matches": [}'))[0]).toMatch(
      /^The file is not valid JSON/,
    );
    expect(errorsOf(() => parseSeasonFile({ name: 'x' }))).toEqual(['The file has no "matches" list.']);
  });

  it('checks the season is whole: 20 teams, 38 rounds of 10, no team twice in a round', () => {
    const file = parseOpenfootballJson(bundled('2024-25'));
    const dropped = file.matches.findIndex((m) => m.round === 38);
    const short = { ...file, matches: file.matches.filter((_, i) => i !== dropped) };
    expect(checkSeasonShape(short)).toEqual(['Matchday 38 has 9 matches; each has 10.']);
    const twice = { ...file, matches: file.matches.map((m, i) => (i === 0 ? { ...m, round: 2 } : m)) };
    expect(checkSeasonShape(twice)).toEqual(
      expect.arrayContaining([
        'Matchday 1 has 9 matches; each has 10.',
        'Matchday 2 has 11 matches; each has 10.',
      ]),
    );
    const renamed = {
      ...file,
      matches: file.matches.map((m) =>
        m.team1 === 'Arsenal FC' && m.round === 3 ? { ...m, team1: 'Arsenal' } : m,
      ),
    };
    expect(checkSeasonShape(renamed)[0]).toBe('The file has 21 teams; a season has 20.');
  });

  it('reads the season from the competition name', () => {
    expect(seasonOfName('English Premier League 2025/26')).toBe('2025-26');
    expect(seasonOfName('Premier League 1999/2000')).toBe('1999-00');
    expect(seasonOfName('Premier League')).toBeNull();
    expect(seasonOfName('League 2025/27')).toBeNull();
  });
});

describe('reading hostile text in linear time', () => {
  // The timing is measured in test/bench/season-file.bench.spec.ts (against a normal file of the
  // same size); here, what the parser makes of such text.
  const head = ['= Premier League 2025/26', '» Matchday 1', '  Sat Aug 16 2025'];

  it("reads a line of 80,000 spaces between two words as a line it cannot read, and one around a 'v' as a match", () => {
    const spaces = ' '.repeat(80_000);
    expect(errorsOf(() => parseFootballTxt([...head, `a${spaces}b`].join('\n')))).toEqual([
      `line 4: cannot read "a${' '.repeat(59)}…"`,
    ]);
    const file = parseFootballTxt(
      [...head, `15:00${spaces}Arsenal FC${spaces}v${spaces}Chelsea FC${spaces}2-1`].join('\n'),
    );
    expect(file.matches).toEqual([
      expect.objectContaining({ time: '15:00', team1: 'Arsenal FC', team2: 'Chelsea FC', score: [2, 1] }),
    ]);
    expect(seasonOfName(`2025${spaces}/26`)).toBeNull();
    const club = `Coventry${spaces}City${spaces}FC`;
    expect(matchTeams([club], [], { [club]: 'COV' }).teams.get(club)?.shortName).toBe(
      `Coventry${spaces}City`,
    );
    expect(errorsOf(() => parseFootballTxt(`»${spaces}x`))).toEqual([
      'line 1: round "x" is not like "Matchday 12"',
    ]);
  });

  it(`lists the first ${maxListedProblems} problems of a 100 KB file of bad lines, then how many more`, () => {
    const bad = `x${' '.repeat(47)}v`;
    const text = [...head, ...Array.from({ length: 2_000 }, () => bad)].join('\n');
    expect(text.length).toBeGreaterThan(100_000);
    const errors = errorsOf(() => parseFootballTxt(text));
    expect(errors).toHaveLength(maxListedProblems + 1);
    expect(errors[0]).toBe(`line 4: cannot read "${bad.slice(0, 60)}"`);
    expect(errors[maxListedProblems - 1]).toBe(`line ${maxListedProblems + 3}: cannot read "${bad}"`);
    expect(errors[maxListedProblems]).toBe(`… and ${2_000 - maxListedProblems} more problems`);
    expect(new SeasonFileError(Array.from({ length: 2_000 }, String)).message).toMatch(/^2000 problems/);
  });

  it('refuses JSON text with a __proto__, constructor or prototype field, at any depth', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      expect(
        errorsOf(() => parseSeasonFile(`{"name": "x", "matches": [{"score": {"${key}": {}}}]}`)),
      ).toEqual([`The file is not valid JSON: the field name "${key}" is not accepted`]);
    }
  });
});

describe("matching a file's teams to known clubs", () => {
  const catalogue: TeamCatalogueEntry[] = [
    { name: 'Arsenal FC', shortName: 'Arsenal', tla: 'ARS' },
    { name: 'Brighton & Hove Albion FC', shortName: 'Brighton Hove', tla: 'BHA' },
    { name: 'Tottenham Hotspur FC', shortName: 'Tottenham', tla: 'TOT' },
    { name: 'Wolverhampton Wanderers FC', shortName: 'Wolverhampton', tla: 'WOL' },
  ];

  it('matches by name, name without FC and punctuation, short name or code; lists the rest, never guessing', () => {
    const { teams, unmatched } = matchTeams(
      ['Arsenal FC', 'Brighton and Hove Albion', 'Tottenham', 'WOL', 'Spurs', 'Coventry City FC'],
      catalogue,
    );
    expect(teams.get('Arsenal FC')?.code).toBe('ARS');
    expect(teams.get('Brighton and Hove Albion')?.code).toBe('BHA');
    expect(teams.get('Tottenham')?.code).toBe('TOT');
    expect(teams.get('WOL')?.code).toBe('WOL');
    expect(unmatched).toEqual(['Coventry City FC', 'Spurs']);
  });

  it("takes the admin's mapping: a known code is that club, a new code a new club", () => {
    const { teams, unmatched } = matchTeams(['Spurs', 'Coventry City FC'], catalogue, {
      Spurs: 'TOT',
      'Coventry City FC': 'COV',
    });
    expect(unmatched).toEqual([]);
    expect(teams.get('Spurs')).toEqual({ code: 'TOT', name: 'Tottenham Hotspur FC', shortName: 'Tottenham' });
    expect(teams.get('Coventry City FC')).toEqual({
      code: 'COV',
      name: 'Coventry City FC',
      shortName: 'Coventry City',
    });
  });

  it('refuses two names for one club (the second is unmatched)', () => {
    expect(matchTeams(['Arsenal', 'Arsenal FC'], catalogue).unmatched).toEqual(['Arsenal FC']);
    expect(normalTeamName('AFC Bournemouth')).toBe('bournemouth');
  });
});
