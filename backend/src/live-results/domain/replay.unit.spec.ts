import { describe, expect, it } from '@jest/globals';
import { type OpenfootballScoredMatch, replayMatches, type ReplayTeam } from './replay.js';

/*
 * The season replay: given the bundled season and the pool's clock, then the v4 match objects the
 * replay reports, minute by minute of a match (see the README's demo section).
 */

const teams: ReplayTeam[] = [
  { id: 57, name: 'Arsenal FC', shortName: 'Arsenal', tla: 'ARS', crest: 'https://crests/57.png' },
  { id: 61, name: 'Chelsea FC', shortName: 'Chelsea', tla: 'CHE', openfootballName: 'Chelsea' },
  { id: 64, name: 'Liverpool FC', shortName: 'Liverpool', tla: 'LIV' },
];
const arsenal = {
  id: 57,
  name: 'Arsenal FC',
  shortName: 'Arsenal',
  tla: 'ARS',
  crest: 'https://crests/57.png',
};
const chelsea = { id: 61, name: 'Chelsea FC', shortName: 'Chelsea', tla: 'CHE', crest: null };

/** 12:30 in London on 30 August (summer time) is 11:30 UTC. */
const played: OpenfootballScoredMatch = {
  round: 'Matchday 3',
  date: '2025-08-30',
  time: '12:30',
  team1: 'Arsenal FC',
  team2: 'Chelsea',
  score: { ht: [1, 0], ft: [2, 1] },
};
const kickoff = Date.parse('2025-08-30T11:30:00Z');
const minute = 60_000;
const replayAt = (match: OpenfootballScoredMatch, minutesAfterKickoff: number) =>
  replayMatches({ matches: [match] }, teams, new Date(kickoff + minutesAfterKickoff * minute))[0];

const v4 = (
  status: string,
  lastUpdated: string,
  score: { winner: string | null; fullTime: (number | null)[]; halfTime: (number | null)[] },
) => ({
  id: 900_001,
  utcDate: '2025-08-30T11:30:00Z',
  status,
  matchday: 3,
  stage: 'REGULAR_SEASON',
  group: null,
  lastUpdated,
  homeTeam: arsenal,
  awayTeam: chelsea,
  score: {
    winner: score.winner,
    duration: 'REGULAR',
    fullTime: { home: score.fullTime[0], away: score.fullTime[1] },
    halfTime: { home: score.halfTime[0], away: score.halfTime[1] },
  },
});
const none = [null, null];

describe('the season replay of one match', () => {
  it('reports the match as timed until its kickoff, last changed a week before', () => {
    expect(replayAt(played, -1)).toEqual(
      v4('TIMED', '2025-08-23T11:30:00Z', { winner: null, fullTime: none, halfTime: none }),
    );
  });

  it('plays the first half without a score from the kickoff on', () => {
    const firstHalf = v4('IN_PLAY', '2025-08-30T11:30:00Z', { winner: null, fullTime: none, halfTime: none });
    expect(replayAt(played, 0)).toEqual(firstHalf);
    expect(replayAt(played, 44.9)).toEqual(firstHalf);
  });

  it('pauses at half-time with the half-time score, from minute 45 until the restart at minute 60', () => {
    const halfTime = v4('PAUSED', '2025-08-30T12:15:00Z', {
      winner: null,
      fullTime: [1, 0],
      halfTime: [1, 0],
    });
    expect(replayAt(played, 45)).toEqual(halfTime);
    expect(replayAt(played, 59.9)).toEqual(halfTime);
  });

  it('plays the second half on the half-time score from minute 60 until the final whistle at minute 112', () => {
    const secondHalf = v4('IN_PLAY', '2025-08-30T12:30:00Z', {
      winner: null,
      fullTime: [1, 0],
      halfTime: [1, 0],
    });
    expect(replayAt(played, 60)).toEqual(secondHalf);
    expect(replayAt(played, 111.9)).toEqual(secondHalf);
  });

  it('finishes with the full-time score and its winner at minute 112', () => {
    const final = v4('FINISHED', '2025-08-30T13:22:00Z', {
      winner: 'HOME_TEAM',
      fullTime: [2, 1],
      halfTime: [1, 0],
    });
    expect(replayAt(played, 112)).toEqual(final);
    expect(replayAt(played, 60 * 24 * 30)).toEqual(final);
  });

  it('names the away side or a draw as the winner, by the full-time score', () => {
    expect(replayAt({ ...played, score: { ht: [0, 0], ft: [0, 2] } }, 120)).toMatchObject({
      score: { winner: 'AWAY_TEAM' },
    });
    expect(replayAt({ ...played, score: { ht: [1, 0], ft: [1, 1] } }, 120)).toMatchObject({
      score: { winner: 'DRAW' },
    });
  });

  it('takes the full-time score as the half-time one when the data has none', () => {
    expect(replayAt({ ...played, score: { ft: [3, 0] } }, 50)).toMatchObject({
      status: 'PAUSED',
      score: { fullTime: { home: 3, away: 0 }, halfTime: { home: 3, away: 0 } },
    });
    expect(replayAt({ ...played, score: { ht: [1], ft: [3, 0] } }, 50)).toMatchObject({
      score: { halfTime: { home: 3, away: 0 } },
    });
  });

  it.each([
    ['no score', undefined],
    ['no full-time score', { ht: [1, 0] }],
    ['one number', { ft: [2] }],
    ['three numbers', { ft: [2, 1, 0] }],
    ['negative goals', { ft: [2, -1] }],
    ['fractional goals', { ft: [1.5, 1] }],
  ])('never invents a result: a match with %s stays timed', (_case, score) => {
    expect(replayAt({ ...played, score }, 200)).toEqual(
      v4('TIMED', '2025-08-23T11:30:00Z', { winner: null, fullTime: none, halfTime: none }),
    );
  });

  it('reports a postponed match as postponed, before and after its date, with no score', () => {
    const postponed = { ...played, status: 'postponed' };
    const expected = v4('POSTPONED', '2025-08-23T11:30:00Z', {
      winner: null,
      fullTime: none,
      halfTime: none,
    });
    expect(replayAt(postponed, -60)).toEqual(expected);
    expect(replayAt(postponed, 200)).toEqual(expected);
  });

  it('puts a match without a time at midnight UTC of its date', () => {
    const { time: _none, ...dateOnly } = played;
    expect(replayMatches({ matches: [dateOnly] }, teams, new Date('2025-08-29T23:59:00Z'))[0]).toMatchObject({
      utcDate: '2025-08-30T00:00:00Z',
      status: 'TIMED',
    });
    expect(replayMatches({ matches: [dateOnly] }, teams, new Date('2025-08-30T00:00:00Z'))[0]).toMatchObject({
      status: 'IN_PLAY',
    });
  });
});

describe('the season replay as a whole', () => {
  it('numbers the matches in their order and reads the round number', () => {
    const season = {
      matches: [played, { ...played, round: 'Matchday 12', team1: 'Liverpool FC', team2: 'Arsenal FC' }],
    };
    expect(replayMatches(season, teams, new Date(kickoff))).toMatchObject([
      { id: 900_001, matchday: 3, homeTeam: arsenal, awayTeam: chelsea },
      { id: 900_002, matchday: 12, homeTeam: { id: 64, tla: 'LIV', crest: null }, awayTeam: arsenal },
    ]);
  });

  it('knows a team by its name or its openfootball name, and refuses one it does not know', () => {
    expect(replayAt({ ...played, team2: 'Chelsea FC' }, 0)).toMatchObject({ awayTeam: chelsea });
    expect(() => replayAt({ ...played, team1: 'Arsenal' }, 0)).toThrow(
      'Replay: unknown team in Arsenal v Chelsea',
    );
    expect(() => replayAt({ ...played, team2: 'Spurs' }, 0)).toThrow(
      'Replay: unknown team in Arsenal FC v Spurs',
    );
  });

  it.each(['Round 3', 'Matchday three', 'Matchday 3 (replayed)', 'The Matchday 3', 'Matchday '])(
    'refuses the round "%s"',
    (round) => {
      expect(() => replayAt({ ...played, round }, 0)).toThrow(`Replay: unexpected round "${round}"`);
    },
  );
});
