import { describe, expect, it } from '@jest/globals';
import {
  errorMessageOf,
  MalformedAnswerError,
  parseMatch,
  parseMatchesAnswer,
} from './football-data-format.js';
import { isFinal, isLive, isProviderStatus, type ProviderMatch } from './provider-match.js';

/*
 * Reading football-data.org v4 answers: given a match object as the provider sends it, then the
 * match the pool reads from it, or the reason it is skipped (logged; never guessed into a result).
 */

const finished = {
  id: 5,
  utcDate: '2025-10-04T14:00:00Z',
  status: 'FINISHED',
  matchday: 7,
  homeTeam: { name: 'Arsenal FC', shortName: 'Arsenal', tla: 'ARS' },
  awayTeam: { name: 'Chelsea FC', shortName: 'Chelsea', tla: 'CHE' },
  score: { winner: 'HOME_TEAM', duration: 'REGULAR', fullTime: { home: 2, away: 1 } },
  lastUpdated: '2025-10-04T16:00:00Z',
};

const read: ProviderMatch = {
  id: 5,
  matchday: 7,
  kickoff: '2025-10-04T14:00:00.000Z',
  status: 'FINISHED',
  homeTeam: { name: 'Arsenal FC', shortName: 'Arsenal', tla: 'ARS' },
  awayTeam: { name: 'Chelsea FC', shortName: 'Chelsea', tla: 'CHE' },
  homeScore: 2,
  awayScore: 1,
  lastUpdated: '2025-10-04T16:00:00.000Z',
};

const skipped = (id: number | null, reason: string) => ({ ok: false, skipped: { id, reason } });

describe('a football-data match', () => {
  it('is read with its kickoff and last update as UTC instants, its teams and its full-time score', () => {
    expect(parseMatch(finished)).toEqual({ ok: true, match: read });
  });

  it('takes instants with an offset, with or without seconds and fractions, as UTC', () => {
    expect(parseMatch({ ...finished, utcDate: '2025-10-04T15:00+01:00' })).toMatchObject({
      match: { kickoff: '2025-10-04T14:00:00.000Z' },
    });
    expect(parseMatch({ ...finished, utcDate: '2025-10-04T16:00:00.250+0200' })).toMatchObject({
      match: { kickoff: '2025-10-04T14:00:00.250Z' },
    });
  });

  it('keeps no last update that is missing or not an instant, and no blank short name', () => {
    const { lastUpdated: _gone, ...withoutUpdate } = finished;
    expect(parseMatch(withoutUpdate)).toEqual({ ok: true, match: { ...read, lastUpdated: null } });
    expect(parseMatch({ ...finished, lastUpdated: 'yesterday' })).toEqual({
      ok: true,
      match: { ...read, lastUpdated: null },
    });
    expect(
      parseMatch({ ...finished, homeTeam: { name: 'Arsenal FC', shortName: '  ', tla: 'ARS' } }),
    ).toMatchObject({ match: { homeTeam: { name: 'Arsenal FC', shortName: null, tla: 'ARS' } } });
    expect(
      parseMatch({ ...finished, awayTeam: { name: 'Chelsea FC', shortName: 7, tla: 'CHE' } }),
    ).toMatchObject({ match: { awayTeam: { shortName: null } } });
  });

  it('reads a match not yet played without a score, and a live one with its running score', () => {
    expect(
      parseMatch({
        ...finished,
        status: 'TIMED',
        score: { winner: null, fullTime: { home: null, away: null } },
      }),
    ).toEqual({ ok: true, match: { ...read, status: 'TIMED', homeScore: null, awayScore: null } });
    expect(
      parseMatch({
        ...finished,
        status: 'IN_PLAY',
        score: { winner: 'AWAY_TEAM', fullTime: { home: 0, away: 0 } },
      }),
    ).toEqual({ ok: true, match: { ...read, status: 'IN_PLAY', homeScore: 0, awayScore: 0 } });
  });

  it.each([
    ['a list', [finished], null, 'not an object'],
    ['null', null, null, 'not an object'],
    ['no id', { ...finished, id: undefined }, null, 'no valid id'],
    ['a text id', { ...finished, id: '5' }, null, 'no valid id'],
    ['a fractional id', { ...finished, id: 5.5 }, null, 'no valid id'],
    ['a zero id', { ...finished, id: 0 }, null, 'no valid id'],
    ['an unknown status', { ...finished, status: 'LIVE' }, 5, 'unknown status "LIVE"'],
    ['no status', { ...finished, status: undefined }, 5, 'unknown status undefined'],
    ['a date', { ...finished, utcDate: '2025-10-04' }, 5, 'utcDate "2025-10-04" is not an ISO 8601 instant'],
    [
      'a date without a zone',
      { ...finished, utcDate: '2025-10-04T14:00:00' },
      5,
      'utcDate "2025-10-04T14:00:00" is not an ISO 8601 instant',
    ],
    [
      'an impossible date',
      { ...finished, utcDate: '2025-13-45T14:00:00Z' },
      5,
      'utcDate "2025-13-45T14:00:00Z" is not an ISO 8601 instant',
    ],
    [
      'a date in a sentence',
      { ...finished, utcDate: 'on 2025-10-04T14:00:00Z' },
      5,
      'utcDate "on 2025-10-04T14:00:00Z" is not an ISO 8601 instant',
    ],
    [
      'a number as date',
      { ...finished, utcDate: 1759586400000 },
      5,
      'utcDate 1759586400000 is not an ISO 8601 instant',
    ],
    ['no matchday', { ...finished, matchday: null }, 5, 'matchday null is not a round number'],
    ['a text matchday', { ...finished, matchday: '7' }, 5, 'matchday "7" is not a round number'],
    ['a fractional matchday', { ...finished, matchday: 7.5 }, 5, 'matchday 7.5 is not a round number'],
    ['matchday 0', { ...finished, matchday: 0 }, 5, 'matchday 0 is not a round number'],
    ['matchday 100', { ...finished, matchday: 100 }, 5, 'matchday 100 is not a round number'],
    ['no home team', { ...finished, homeTeam: null }, 5, 'homeTeam is missing'],
    ['a home team list', { ...finished, homeTeam: ['ARS'] }, 5, 'homeTeam is missing'],
    [
      'a home team without tla',
      { ...finished, homeTeam: { name: 'Arsenal FC' } },
      5,
      'homeTeam has no valid tla',
    ],
    [
      'a lower-case tla',
      { ...finished, homeTeam: { name: 'Arsenal FC', tla: 'ars' } },
      5,
      'homeTeam has no valid tla',
    ],
    [
      'a one-letter tla',
      { ...finished, homeTeam: { name: 'Arsenal FC', tla: 'A' } },
      5,
      'homeTeam has no valid tla',
    ],
    [
      'a six-letter tla',
      { ...finished, homeTeam: { name: 'Arsenal FC', tla: 'ARSENL' } },
      5,
      'homeTeam has no valid tla',
    ],
    [
      'a tla with a prefix',
      { ...finished, homeTeam: { name: 'Arsenal FC', tla: 'x-ARS' } },
      5,
      'homeTeam has no valid tla',
    ],
    ['a home team without a name', { ...finished, homeTeam: { tla: 'ARS' } }, 5, 'homeTeam has no name'],
    ['a blank team name', { ...finished, homeTeam: { name: ' ', tla: 'ARS' } }, 5, 'homeTeam has no name'],
    ['no away team', { ...finished, awayTeam: undefined }, 5, 'awayTeam is missing'],
    [
      'an away team without a name',
      { ...finished, awayTeam: { name: 3, tla: 'CHE' } },
      5,
      'awayTeam has no name',
    ],
    ['one team twice', { ...finished, awayTeam: finished.homeTeam }, 5, 'home and away teams are the same'],
    ['no score', { ...finished, score: undefined }, 5, 'score.fullTime is missing'],
    ['no full time', { ...finished, score: { winner: 'HOME_TEAM' } }, 5, 'score.fullTime is missing'],
    [
      'goals as text',
      { ...finished, score: { fullTime: { home: '2', away: 1 } } },
      5,
      'score.fullTime holds something other than goals',
    ],
    [
      'old field names',
      { ...finished, score: { fullTime: { homeTeam: 2, awayTeam: 1 } } },
      5,
      'score.fullTime holds something other than goals',
    ],
    [
      'negative goals',
      { ...finished, score: { fullTime: { home: 2, away: -1 } } },
      5,
      'score.fullTime holds something other than goals',
    ],
    [
      'fractional goals',
      { ...finished, score: { fullTime: { home: 1.5, away: 1 } } },
      5,
      'score.fullTime holds something other than goals',
    ],
    [
      '100 goals',
      { ...finished, score: { fullTime: { home: 100, away: 1 } } },
      5,
      'score.fullTime holds something other than goals',
    ],
    [
      'one side only',
      { ...finished, status: 'IN_PLAY', score: { fullTime: { home: 1, away: null } } },
      5,
      'score.fullTime has one side only',
    ],
    [
      'the other side only',
      { ...finished, status: 'IN_PLAY', score: { fullTime: { home: null, away: 0 } } },
      5,
      'score.fullTime has one side only',
    ],
    [
      'a final whistle without a score',
      { ...finished, score: { fullTime: { home: null, away: null } } },
      5,
      'FINISHED without a full-time score',
    ],
    [
      'an award without a score',
      { ...finished, status: 'AWARDED', score: { fullTime: { home: null, away: null } } },
      5,
      'AWARDED without a full-time score',
    ],
  ])('is skipped, with its reason, for %s', (_case, raw, id, reason) => {
    expect(parseMatch(raw)).toEqual(skipped(id, reason));
  });

  it('reads 99 goals, matchday 99 and a two- or five-character tla', () => {
    expect(
      parseMatch({
        ...finished,
        matchday: 99,
        homeTeam: { name: 'Home', tla: 'H1' },
        awayTeam: { name: 'Away', tla: 'AWAY5' },
        score: { winner: 'HOME_TEAM', fullTime: { home: 99, away: 0 } },
      }),
    ).toMatchObject({
      ok: true,
      match: { matchday: 99, homeScore: 99, homeTeam: { tla: 'H1' }, awayTeam: { tla: 'AWAY5' } },
    });
    expect(parseMatch({ ...finished, matchday: 1 })).toMatchObject({ ok: true, match: { matchday: 1 } });
  });

  describe('a final score and the winner the provider names', () => {
    const final = (
      status: string,
      winner: unknown,
      home: number,
      away: number,
      duration: unknown = 'REGULAR',
    ) => ({
      ...finished,
      status,
      score: { winner, duration, fullTime: { home, away } },
    });

    it('reads a final score whose winner agrees, or that names none', () => {
      expect(parseMatch(final('FINISHED', 'HOME_TEAM', 2, 1))).toMatchObject({ ok: true });
      expect(parseMatch(final('FINISHED', 'AWAY_TEAM', 0, 3))).toMatchObject({
        ok: true,
        match: { homeScore: 0, awayScore: 3 },
      });
      expect(parseMatch(final('AWARDED', 'DRAW', 1, 1))).toMatchObject({
        ok: true,
        match: { status: 'AWARDED' },
      });
      expect(parseMatch(final('FINISHED', null, 1, 2))).toMatchObject({ ok: true });
      expect(parseMatch(final('FINISHED', undefined, 1, 2))).toMatchObject({ ok: true });
    });

    it('does not judge the winner of a match decided after regular time', () => {
      expect(parseMatch(final('FINISHED', 'HOME_TEAM', 1, 1, 'PENALTY_SHOOTOUT'))).toMatchObject({
        ok: true,
      });
      expect(parseMatch(final('FINISHED', 'DRAW', 2, 1, 'EXTRA_TIME'))).toMatchObject({ ok: true });
      expect(parseMatch(final('FINISHED', 'AWAY_TEAM', 2, 1, null))).toEqual(
        skipped(5, 'score.winner "AWAY_TEAM" contradicts the full-time score 2-1'),
      );
      expect(parseMatch(final('FINISHED', 'AWAY_TEAM', 2, 1, undefined))).toEqual(
        skipped(5, 'score.winner "AWAY_TEAM" contradicts the full-time score 2-1'),
      );
    });

    it.each([
      ['FINISHED', 'HOME_TEAM', 1, 1],
      ['FINISHED', 'HOME_TEAM', 1, 2],
      ['FINISHED', 'AWAY_TEAM', 2, 2],
      ['FINISHED', 'AWAY_TEAM', 3, 2],
      ['AWARDED', 'DRAW', 3, 0],
      ['FINISHED', 'DRAW', 0, 1],
      ['FINISHED', 'NOBODY', 1, 0],
    ] as const)('skips %s with winner %s and a full-time score of %i-%i', (status, winner, home, away) => {
      expect(parseMatch(final(status, winner, home, away))).toEqual(
        skipped(5, `score.winner "${winner}" contradicts the full-time score ${home}-${away}`),
      );
    });

    it('does not judge the winner of a match still being played', () => {
      expect(parseMatch(final('PAUSED', 'AWAY_TEAM', 1, 0))).toMatchObject({
        ok: true,
        match: { homeScore: 1 },
      });
    });
  });
});

describe('a football-data matches answer', () => {
  it('keeps the readable matches, lists the skipped ones, and warns when the count disagrees', () => {
    const answer = parseMatchesAnswer({
      resultSet: { count: 3 },
      matches: [finished, { ...finished, id: 6, status: 'LIVE' }],
    });
    expect(answer).toEqual({
      matches: [read],
      skipped: [{ id: 6, reason: 'unknown status "LIVE"' }],
      warnings: ['resultSet.count says 3 matches but the answer holds 2'],
    });
  });

  it('gives no warning when the count agrees or is not given', () => {
    expect(parseMatchesAnswer({ resultSet: { count: 1 }, matches: [finished] }).warnings).toEqual([]);
    expect(parseMatchesAnswer({ resultSet: { count: '9' }, matches: [finished] }).warnings).toEqual([]);
    expect(parseMatchesAnswer({ resultSet: [9], matches: [finished] }).warnings).toEqual([]);
    expect(parseMatchesAnswer({ matches: [] })).toEqual({ matches: [], skipped: [], warnings: [] });
  });

  it('refuses an answer that is not an object with a list of matches, saying why', () => {
    expect(() => parseMatchesAnswer([finished])).toThrow(
      new MalformedAnswerError('the body is not a JSON object'),
    );
    expect(() => parseMatchesAnswer(null)).toThrow(MalformedAnswerError);
    expect(() => parseMatchesAnswer({ matches: { 0: finished } })).toThrow(
      'Malformed answer from the results provider: the body has no "matches" list',
    );
    expect(new MalformedAnswerError('x').name).toBe('MalformedAnswerError');
  });

  it('reads the message of an error answer', () => {
    expect(errorMessageOf({ message: 'You reached your request limit.', error: 'old' })).toBe(
      'You reached your request limit.',
    );
    expect(errorMessageOf({ error: 'Not found' })).toBe('Not found');
    expect(errorMessageOf({ message: 429, error: 'Too many' })).toBe('Too many');
    expect(errorMessageOf({ message: 429 })).toBeNull();
    expect(errorMessageOf('Too many requests')).toBeNull();
    expect(errorMessageOf(null)).toBeNull();
  });
});

describe('provider statuses', () => {
  it('knows the v4 statuses only', () => {
    expect(isProviderStatus('FINISHED')).toBe(true);
    expect(isProviderStatus('PENALTY_SHOOTOUT')).toBe(true);
    expect(isProviderStatus('finished')).toBe(false);
    expect(isProviderStatus(undefined)).toBe(false);
  });

  it('calls a match final once finished or awarded with both scores, and live while being played', () => {
    expect(isFinal(read)).toBe(true);
    expect(isFinal({ ...read, status: 'AWARDED' })).toBe(true);
    expect(isFinal({ ...read, status: 'IN_PLAY' })).toBe(false);
    expect(isFinal({ ...read, homeScore: null })).toBe(false);
    expect(isFinal({ ...read, awayScore: null })).toBe(false);
    expect(
      ['IN_PLAY', 'PAUSED', 'EXTRA_TIME', 'PENALTY_SHOOTOUT'].every((status) =>
        isLive({ status } as ProviderMatch),
      ),
    ).toBe(true);
    expect(['TIMED', 'FINISHED', 'POSTPONED'].some((status) => isLive({ status } as ProviderMatch))).toBe(
      false,
    );
  });
});
