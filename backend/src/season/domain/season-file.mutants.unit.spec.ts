import { describe, expect, it } from '@jest/globals';
import {
  checkSeasonShape,
  parseFootballTxt,
  parseOpenfootballJson,
  parseSeasonFile,
  seasonOfName,
  SeasonFileError,
  type SeasonFile,
  type SeasonFileMatch,
} from './season-file.js';

/*
 * The details of reading a season file an admin uploads: each accepted spelling, and the exact
 * problem (with its line or match) for each thing a file gets wrong.
 */

function errorsOf(action: () => unknown): string[] {
  try {
    action();
  } catch (error) {
    if (error instanceof SeasonFileError) return error.errors;
    throw error;
  }
  throw new Error('expected a SeasonFileError');
}

const txt = (...lines: string[]) => lines.join('\n');

const jsonMatch = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  round: 'Matchday 1',
  date: '2025-08-16',
  time: '15:00',
  team1: 'Arsenal FC',
  team2: 'Chelsea FC',
  ...overrides,
});

const json = (...matches: unknown[]) => ({ name: 'Premier League 2025/26', matches });

describe('the message of a season file error', () => {
  it('is the problem itself when there is one, else a count and the first five', () => {
    const one = new SeasonFileError(['line 3: cannot read "x"']);
    expect(one.message).toBe('line 3: cannot read "x"');
    expect(one.name).toBe('SeasonFileError');
    expect(one.errors).toEqual(['line 3: cannot read "x"']);
    expect(new SeasonFileError(['a', 'b']).message).toBe('2 problems in the season file: a; b');
    expect(new SeasonFileError(['a', 'b', 'c', 'd', 'e']).message).toBe(
      '5 problems in the season file: a; b; c; d; e',
    );
    expect(new SeasonFileError(['a', 'b', 'c', 'd', 'e', 'f']).message).toBe(
      '6 problems in the season file: a; b; c; d; e; …',
    );
  });
});

describe('the season a competition name states', () => {
  it('allows spaces around the separator and a four-digit second year', () => {
    expect(seasonOfName('Premier League 2025 / 26')).toBe('2025-26');
    expect(seasonOfName('Premier League 2025 - 2026')).toBe('2025-26');
    expect(seasonOfName('Premier League 2009/10')).toBe('2009-10');
    expect(seasonOfName('Premier League 2025/2027')).toBeNull();
  });
});

describe('reading en.1.json', () => {
  it('reads a match with every field, names and all', () => {
    expect(parseOpenfootballJson(json(jsonMatch()))).toEqual({
      name: 'Premier League 2025/26',
      season: '2025-26',
      matches: [
        {
          round: 1,
          date: '2025-08-16',
          time: '15:00',
          team1: 'Arsenal FC',
          team2: 'Chelsea FC',
          postponed: false,
          score: null,
          where: 'match 1',
        },
      ],
    });
  });

  it('reads a postponed match without a time, a played one, and trims team names', () => {
    const file = parseOpenfootballJson(
      json(
        jsonMatch({ time: undefined, status: 'postponed', team1: '  Arsenal FC ', team2: ' Chelsea FC  ' }),
        jsonMatch({ round: 'Matchday 38', status: 'finished', score: { ft: [2, 1], ht: [1, 0] } }),
        jsonMatch({ round: 'Matchday 9', score: [3, 0] }),
        jsonMatch({ time: '00:00', score: { ft: null } }),
        jsonMatch({ time: '23:59', score: {} }),
      ),
    );
    expect(
      file.matches.map(({ round, time, team1, team2, postponed, score, where }) => ({
        round,
        time,
        team1,
        team2,
        postponed,
        score,
        where,
      })),
    ).toEqual([
      {
        round: 1,
        time: null,
        team1: 'Arsenal FC',
        team2: 'Chelsea FC',
        postponed: true,
        score: null,
        where: 'match 1',
      },
      {
        round: 38,
        time: '15:00',
        team1: 'Arsenal FC',
        team2: 'Chelsea FC',
        postponed: false,
        score: [2, 1],
        where: 'match 2',
      },
      {
        round: 9,
        time: '15:00',
        team1: 'Arsenal FC',
        team2: 'Chelsea FC',
        postponed: false,
        score: [3, 0],
        where: 'match 3',
      },
      {
        round: 1,
        time: '00:00',
        team1: 'Arsenal FC',
        team2: 'Chelsea FC',
        postponed: false,
        score: null,
        where: 'match 4',
      },
      {
        round: 1,
        time: '23:59',
        team1: 'Arsenal FC',
        team2: 'Chelsea FC',
        postponed: false,
        score: null,
        where: 'match 5',
      },
    ]);
  });

  it('takes a missing or non-text name as no name (and no season)', () => {
    expect(parseOpenfootballJson({ matches: [jsonMatch()] })).toMatchObject({ name: '', season: null });
    expect(parseOpenfootballJson({ name: 2025, matches: [jsonMatch()] })).toMatchObject({
      name: '',
      season: null,
    });
  });

  it('refuses what is not an object with a matches list', () => {
    const notASeason = [
      'The file is not an openfootball season: expected an object with "name" and "matches".',
    ];
    expect(errorsOf(() => parseOpenfootballJson(null))).toEqual(notASeason);
    expect(errorsOf(() => parseOpenfootballJson([jsonMatch()]))).toEqual(notASeason);
    expect(errorsOf(() => parseOpenfootballJson('{"matches": []}'))).toEqual(notASeason);
    expect(errorsOf(() => parseOpenfootballJson({ name: 'x', matches: {} }))).toEqual([
      'The file has no "matches" list.',
    ]);
  });

  it('names each bad match by its number and teams, with the first thing wrong with it', () => {
    const errors = errorsOf(() =>
      parseOpenfootballJson(
        json(
          null,
          7,
          jsonMatch({ team1: 5 }),
          jsonMatch({ team2: 5 }),
          jsonMatch({ team1: '  ' }),
          jsonMatch({ team2: ' ' }),
          jsonMatch({ round: 'Matchday 1x' }),
          jsonMatch({ round: 'The Matchday 1' }),
          jsonMatch({ round: ['Matchday 1'] }),
          jsonMatch({ round: 'Matchday 123' }),
          jsonMatch({ round: undefined }),
          jsonMatch({ date: '16/08/2025' }),
          jsonMatch({ date: '2025-8-16' }),
          jsonMatch({ date: ['2025-08-16'] }),
          jsonMatch({ time: '24:00' }),
          jsonMatch({ time: '23:60' }),
          jsonMatch({ time: '25:00' }),
          jsonMatch({ time: '12:75' }),
          jsonMatch({ time: '20:000' }),
          jsonMatch({ time: '120:00' }),
          jsonMatch({ time: '9:30' }),
          jsonMatch({ time: ['20:00'] }),
          jsonMatch({ time: null }),
          jsonMatch({ score: { ft: [1] } }),
          jsonMatch({ score: { ft: [1, 2, 3] } }),
          jsonMatch({ score: { ft: [-1, 2] } }),
          jsonMatch({ score: { ft: [1.5, 0] } }),
          jsonMatch({ score: { ft: '21' } }),
          jsonMatch({ score: [1, -1] }),
          jsonMatch(),
        ),
      ),
    );
    const ac = '(Arsenal FC v Chelsea FC)';
    expect(errors).toEqual([
      'match 1: not an object',
      'match 2: not an object',
      'match 3 (? v Chelsea FC): team1 and team2 must be team names',
      'match 4 (Arsenal FC v ?): team1 and team2 must be team names',
      'match 5 (   v Chelsea FC): team1 and team2 must be team names',
      'match 6 (Arsenal FC v  ): team1 and team2 must be team names',
      `match 7 ${ac}: round "Matchday 1x" is not like "Matchday 12"`,
      `match 8 ${ac}: round "The Matchday 1" is not like "Matchday 12"`,
      `match 9 ${ac}: round ["Matchday 1"] is not like "Matchday 12"`,
      `match 10 ${ac}: round "Matchday 123" is not like "Matchday 12"`,
      `match 11 ${ac}: round undefined is not like "Matchday 12"`,
      `match 12 ${ac}: date "16/08/2025" is not a YYYY-MM-DD date`,
      `match 13 ${ac}: date "2025-8-16" is not a YYYY-MM-DD date`,
      `match 14 ${ac}: date ["2025-08-16"] is not a YYYY-MM-DD date`,
      `match 15 ${ac}: time "24:00" is not a HH:MM time`,
      `match 16 ${ac}: time "23:60" is not a HH:MM time`,
      `match 17 ${ac}: time "25:00" is not a HH:MM time`,
      `match 18 ${ac}: time "12:75" is not a HH:MM time`,
      `match 19 ${ac}: time "20:000" is not a HH:MM time`,
      `match 20 ${ac}: time "120:00" is not a HH:MM time`,
      `match 21 ${ac}: time "9:30" is not a HH:MM time`,
      `match 22 ${ac}: time ["20:00"] is not a HH:MM time`,
      `match 23 ${ac}: time null is not a HH:MM time`,
      `match 24 ${ac}: score {"ft":[1]} is not a full-time score`,
      `match 25 ${ac}: score {"ft":[1,2,3]} is not a full-time score`,
      `match 26 ${ac}: score {"ft":[-1,2]} is not a full-time score`,
      `match 27 ${ac}: score {"ft":[1.5,0]} is not a full-time score`,
      `match 28 ${ac}: score {"ft":"21"} is not a full-time score`,
      `match 29 ${ac}: score [1,-1] is not a full-time score`,
    ]);
  });
});

describe('reading Football.TXT', () => {
  const row = ({ round, date, time, team1, team2, postponed, score, where }: SeasonFileMatch) =>
    [where, round, date, time, `${team1} v ${team2}`, postponed, score] as const;

  it('reads every spelling of rounds, dates, times and scores', () => {
    const file = parseFootballTxt(
      txt(
        '==  English Premier League 2025/26',
        '# Matchday 1 kicks off on a Saturday',
        '',
        '» Matchday 1',
        '  Sat Aug/16',
        '    12.30  Aston Villa FC v Newcastle United FC  0-0',
        '    15:00  Brighton & Hove Albion FC v Fulham FC',
        '           Sunderland AFC v West Ham United FC  3-0 (0-0)',
        '     9.30  Tottenham Hotspur FC v Burnley FC  10-0',
        '▪Matchday 2   ',
        '  Sat  Jan 3',
        '    17:30  Chelsea FC v Arsenal FC  2-1(1-0)',
        '           Everton FC v Leeds United FC [postponed]',
        '    15:00  Wolverhampton Wanderers FC v Brentford FC [postponed]',
        '  Sun Jan 4  2026',
        '    14:00  Crystal Palace FC v Nottingham Forest FC  10-2 (10-1)',
        '           Manchester City FC v Manchester United FC  1-10',
        '           Fulham FC v Brentford FC  1-10 (0-10)',
      ),
    );
    expect(file.name).toBe('English Premier League 2025/26');
    expect(file.season).toBe('2025-26');
    expect(file.matches.map(row)).toEqual([
      ['line 6', 1, '2025-08-16', '12:30', 'Aston Villa FC v Newcastle United FC', false, [0, 0]],
      ['line 7', 1, '2025-08-16', '15:00', 'Brighton & Hove Albion FC v Fulham FC', false, null],
      ['line 8', 1, '2025-08-16', '15:00', 'Sunderland AFC v West Ham United FC', false, [3, 0]],
      ['line 9', 1, '2025-08-16', '09:30', 'Tottenham Hotspur FC v Burnley FC', false, [10, 0]],
      ['line 12', 2, '2026-01-03', '17:30', 'Chelsea FC v Arsenal FC', false, [2, 1]],
      // Called off: no time of its own, so none (not the time of the match above).
      ['line 13', 2, '2026-01-03', null, 'Everton FC v Leeds United FC', true, null],
      ['line 14', 2, '2026-01-03', '15:00', 'Wolverhampton Wanderers FC v Brentford FC', true, null],
      ['line 16', 2, '2026-01-04', '14:00', 'Crystal Palace FC v Nottingham Forest FC', false, [10, 2]],
      ['line 17', 2, '2026-01-04', '14:00', 'Manchester City FC v Manchester United FC', false, [1, 10]],
      ['line 18', 2, '2026-01-04', '14:00', 'Fulham FC v Brentford FC', false, [1, 10]],
    ]);
  });

  it('a match after a postponed one without a time has no time either', () => {
    expect(() =>
      parseFootballTxt(
        txt('= Premier League 2025/26', '» Matchday 1', '  Sat Aug 16', '    A v B [postponed]', '    C v D'),
      ),
    ).toThrow(new SeasonFileError(['line 5: the match has no kickoff time']));
  });

  it('without a name, the first dated line gives the season: August on is the first year', () => {
    const file = parseFootballTxt(
      txt(
        '» Matchday 1',
        '  Sat Aug 16 2025',
        '    15:00  A v B',
        '  Sat Sep 13',
        '    15:00  C v D',
        '  Sat Jan 3',
        '    15:00  E v F',
      ),
    );
    expect(file).toMatchObject({ name: '', season: null });
    expect(file.matches.map((m) => m.date)).toEqual(['2025-08-16', '2025-09-13', '2026-01-03']);
  });

  it('without a name, a file starting in January is the second year of its season', () => {
    const file = parseFootballTxt(
      txt(
        '» Matchday 21',
        '  Sat Jan 3 2026',
        '    15:00  A v B',
        '  Sat Feb 7',
        '    15:00  C v D',
        '  Sat Aug 8',
        '    15:00  E v F',
      ),
    );
    expect(file.matches.map((m) => m.date)).toEqual(['2026-01-03', '2026-02-07', '2025-08-08']);
  });

  it("the name's season dates the lines without a year, whatever year another line gives", () => {
    const file = parseFootballTxt(
      txt(
        '= Premier League 2025/26',
        '» Matchday 1',
        '  Sun May 24 2026',
        '    15:00  A v B',
        '  Sat Sep 13',
        '    15:00  C v D',
        '  Sat Aug 15 2026',
        '    15:00  E v F',
        '  Sat Oct 4',
        '    15:00  G v H',
      ),
    );
    expect(file.matches.map((m) => m.date)).toEqual(['2026-05-24', '2025-09-13', '2026-08-15', '2025-10-04']);
  });

  it('a season name without a season leaves the dates to give the year', () => {
    const file = parseFootballTxt(
      txt('= Premier League', '» Matchday 1', '  Sat Aug 16 2025', '    15:00  A v B'),
    );
    expect(file).toMatchObject({ name: 'Premier League', season: null });
    expect(file.matches[0]!.date).toBe('2025-08-16');
    expect(errorsOf(() => parseFootballTxt(txt('» Matchday 1', '  Sat Aug 16', '    15:00  A v B')))).toEqual(
      [
        'line 2: the date has no year and the file has not given one yet',
        'line 3: a match before any date line',
      ],
    );
    expect(errorsOf(() => parseFootballTxt(txt('» Matchday 21', '  Sat Jan 3', '    15:00  A v B')))).toEqual(
      [
        'line 2: the date has no year and the file has not given one yet',
        'line 3: a match before any date line',
      ],
    );
  });

  it('names the line and the fault of every line it cannot use', () => {
    const sixty = 'x'.repeat(60);
    const long = `${'y'.repeat(60)}z`;
    const errors = errorsOf(() =>
      parseFootballTxt(
        txt(
          '= Premier League 2025/26',
          '  15:00  A v B',
          '» Round 1',
          '» Matchday 1x',
          '»  The Matchday 1',
          '» Matchday 1',
          '  15:00  A v B',
          '  Sat Abc 16 2025',
          '  Sat Feb 30',
          '  x Sat Aug 16 2025',
          '  Sat Aug 16 2025 x',
          '  Sat Aug 16',
          '    C v D',
          '    24.00  C v D',
          '    23:60  C v D',
          '  x » Matchday 2',
          sixty,
          long,
          'Sun Aug 17',
          '    15:00  C v D',
        ),
      ),
    );
    expect(errors).toEqual([
      'line 2: a match before any "Matchday" line',
      'line 3: round "Round 1" is not like "Matchday 12"',
      'line 4: round "Matchday 1x" is not like "Matchday 12"',
      'line 5: round "The Matchday 1" is not like "Matchday 12"',
      'line 7: a match before any date line',
      'line 8: unknown month "Abc"',
      'line 9: "Sat Feb 30" is not a date',
      'line 10: cannot read "x Sat Aug 16 2025"',
      'line 11: cannot read "Sat Aug 16 2025 x"',
      'line 13: the match has no kickoff time',
      'line 14: "24.00" is not a time',
      'line 15: "23.60" is not a time',
      'line 16: cannot read "x » Matchday 2"',
      `line 17: cannot read "${sixty}"`,
      `line 18: cannot read "${'y'.repeat(60)}…"`,
    ]);
  });

  it('refuses a file without a match', () => {
    expect(errorsOf(() => parseFootballTxt(txt('= Premier League 2025/26', '» Matchday 1')))).toEqual([
      'The file holds no matches: expected "» Matchday N" rounds of "Home v Away" lines.',
    ]);
  });
});

describe('telling the two formats apart', () => {
  const content = JSON.stringify(json(jsonMatch()));

  it('reads JSON text after a byte-order mark or blank lines, and anything else as Football.TXT', () => {
    expect(parseSeasonFile(`\uFEFF${content}`).matches).toHaveLength(1);
    expect(parseSeasonFile(`\n  ${content}`).matches).toHaveLength(1);
    expect(parseSeasonFile(json(jsonMatch())).matches).toHaveLength(1);
    const text = parseSeasonFile(
      txt('\uFEFF= Premier League 2025/26', '» Matchday 1', '  Sat Aug 16', '    15:00  A v B'),
    );
    expect(text).toMatchObject({ name: 'Premier League 2025/26', season: '2025-26' });
    expect(text.matches[0]).toMatchObject({ team1: 'A', team2: 'B', where: 'line 4' });
  });

  it('keeps a byte-order mark that is not at the start', () => {
    const file = parseSeasonFile(
      txt('= Premier\uFEFFLeague 2025/26', '» Matchday 1', '  Sat Aug 16', '    15:00  A v B'),
    );
    expect(file.name).toBe('Premier\uFEFFLeague 2025/26');
  });
});

describe('checking the shape of a season', () => {
  const shape = { teams: 4, rounds: 3, matchesPerRound: 2 };
  const season = (...rows: [number, string, string][]): SeasonFile => ({
    name: 'Mini League 2025/26',
    season: '2025-26',
    matches: rows.map(([round, team1, team2], index) => ({
      round,
      date: '2025-08-16',
      time: '15:00',
      team1,
      team2,
      postponed: false,
      score: null,
      where: `match ${index + 1}`,
    })),
  });
  const whole: [number, string, string][] = [
    [1, 'A', 'B'],
    [1, 'C', 'D'],
    [2, 'A', 'C'],
    [2, 'B', 'D'],
    [3, 'A', 'D'],
    [3, 'B', 'C'],
  ];

  it('finds nothing wrong with a whole season', () => {
    expect(checkSeasonShape(season(...whole), shape)).toEqual([]);
  });

  it('names a round outside the season, a team playing itself and a pairing played twice', () => {
    expect(
      checkSeasonShape(season(...whole, [0, 'B', 'A'], [4, 'D', 'C'], [3, 'C', 'C'], [2, 'A', 'B']), shape),
    ).toEqual([
      'match 7: Matchday 0 is outside 1-3',
      'match 8: Matchday 4 is outside 1-3',
      'match 9: C plays itself',
      'match 10: A v B is already at match 1',
      'Matchday 2 has 3 matches; each has 2.',
      'Matchday 3 has 3 matches; each has 2.',
    ]);
  });

  it('names a round with no matches and a team playing twice in a round', () => {
    expect(checkSeasonShape(season(...whole.slice(0, 4)), shape)).toEqual([
      'Matchday 3 has 0 matches; each has 2.',
    ]);
    expect(
      checkSeasonShape(
        season([1, 'A', 'B'], [1, 'C', 'D'], [2, 'A', 'C'], [2, 'D', 'A'], [3, 'B', 'C'], [3, 'B', 'D']),
        shape,
      ),
    ).toEqual(['match 4: A plays twice in Matchday 2', 'match 6: B plays twice in Matchday 3']);
  });
});
