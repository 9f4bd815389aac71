import { describe, expect, it } from '@jest/globals';
import { defaultRules } from '@treble/contracts';
import { parseOpenfootballJson, SeasonFileError } from './season-file.js';
import { scheduleOf, type Team } from './season-schedule.js';

const teams: Team[] = [
  { name: 'Arsenal FC', shortName: 'Arsenal', code: 'ARS' },
  { name: 'Chelsea FC', shortName: 'Chelsea', code: 'CHE' },
  { name: 'Liverpool FC', shortName: 'Liverpool', code: 'LIV' },
  { name: 'Everton FC', shortName: 'Everton', code: 'EVE' },
];

/** An openfootball file's rows, read the way a bundled season is: parsed, each name its club's. */
function parseSeason(season: string, matches: Record<string, unknown>[]) {
  const file = parseOpenfootballJson({ name: 'Test League', matches });
  return scheduleOf(season, file, (name) => teams.find((team) => team.name === name)!, teams, defaultRules);
}

describe('parsing an openfootball season', () => {
  it('groups matches by matchweek with UTC kickoffs, team codes and a stable fixture id', () => {
    const parsed = parseSeason('2025-26', [
      { round: 'Matchday 1', date: '2025-08-16', time: '17:30', team1: 'Arsenal FC', team2: 'Chelsea FC' },
      {
        round: 'Matchday 1',
        date: '2025-08-16',
        time: '15:00',
        team1: 'Liverpool FC',
        team2: 'Everton FC',
      },
      { round: 'Matchday 29', date: '2026-03-14', time: '15:00', team1: 'Chelsea FC', team2: 'Arsenal FC' },
    ]);
    expect(parsed.matchweeks.map((w) => [w.number, w.segment])).toEqual([
      [1, 'main'],
      [29, 'last10'],
    ]);
    const [week1] = parsed.matchweeks;
    expect(week1!.fixtures.map((f) => f.fixtureId)).toEqual(['2025-26-LIV-EVE', '2025-26-ARS-CHE']);
    expect(week1!.fixtures[0]).toMatchObject({ kickoff: '2025-08-16T14:00:00.000Z', status: 'SCHEDULED' });
    expect(week1!.startDate).toBe('2025-08-16T14:00:00.000Z');
    // Ends two hours after the last kickoff.
    expect(week1!.endDate).toBe('2025-08-16T18:30:00.000Z');
    expect(parsed.teams.map((t) => t.code)).toEqual(['ARS', 'CHE', 'EVE', 'LIV']);
  });

  it('keeps a postponed match in its matchweek without stretching the matchweek window', () => {
    const parsed = parseSeason('2025-26', [
      { round: 'Matchday 31', date: '2026-03-21', time: '15:00', team1: 'Arsenal FC', team2: 'Chelsea FC' },
      {
        round: 'Matchday 31',
        date: '2026-05-22',
        team1: 'Liverpool FC',
        team2: 'Everton FC',
        status: 'postponed',
      },
    ]);
    const [week] = parsed.matchweeks;
    expect(week!.fixtures.find((f) => f.home.code === 'LIV')).toMatchObject({
      status: 'POSTPONED',
      kickoff: null,
    });
    expect(week!.endDate).toBe('2026-03-21T17:00:00.000Z');
  });

  it('refuses odd rounds, matchweeks outside the season and duplicate fixtures', () => {
    const bad = (matches: Record<string, unknown>[]) => () => parseSeason('x', matches);
    expect(
      bad([{ round: 'Week 1', date: '2025-08-16', time: '15:00', team1: 'Chelsea FC', team2: 'Arsenal FC' }]),
    ).toThrow(SeasonFileError);
    expect(
      bad([
        { round: 'Matchday 39', date: '2025-08-16', time: '15:00', team1: 'Chelsea FC', team2: 'Arsenal FC' },
      ]),
    ).toThrow(/outside 1-38/);
    const twice = {
      round: 'Matchday 1',
      date: '2025-08-16',
      time: '15:00',
      team1: 'Chelsea FC',
      team2: 'Arsenal FC',
    };
    expect(bad([twice, { ...twice, round: 'Matchday 2' }])).toThrow(/Duplicate fixture/);
  });
});
