import { describe, expect, it } from '@jest/globals';
import {
  displayStatus,
  fixtureIdOf,
  fixtureUpdateOf,
  matchdayStatus,
  resultsOf,
  seasonStartYear,
} from './match-plan.js';
import { type ProviderMatch, providerStatuses } from './provider-match.js';

/*
 * What a provider match means for the pool: given a match as the provider reports it, then the
 * fixture update, the option results and the Live Results rows the pool takes from it.
 */

const match = (overrides: Partial<ProviderMatch> = {}): ProviderMatch => ({
  id: 1,
  matchday: 7,
  kickoff: '2025-10-04T14:00:00.000Z',
  status: 'TIMED',
  homeTeam: { name: 'Arsenal FC', shortName: 'Arsenal', tla: 'ARS' },
  awayTeam: { name: 'Chelsea FC', shortName: 'Chelsea', tla: 'CHE' },
  homeScore: null,
  awayScore: null,
  lastUpdated: null,
  ...overrides,
});

describe('the season and the fixture of a match', () => {
  it('reads the season as its starting year, with or without the second year', () => {
    expect(seasonStartYear('2025-26')).toBe(2025);
    expect(seasonStartYear('2025-2026')).toBe(2025);
    expect(seasonStartYear('2025')).toBe(2025);
  });

  it.each(['next', 'x2025-26', '2025-26x', '2025-2', '2025-26-27', '25-26'])(
    'refuses the season "%s"',
    (season) => {
      expect(() => seasonStartYear(season)).toThrow(`Season "${season}" is not like 2025-26`);
    },
  );

  it('keys the fixture by season, home team and away team, as the imported schedule does', () => {
    expect(fixtureIdOf('2025-26', match())).toBe('2025-26-ARS-CHE');
  });
});

describe('the fixture update of a match', () => {
  const fixture = { fixtureId: '2025-26-ARS-CHE', kickoff: '2025-10-04T14:00:00.000Z' };

  it('takes the confirmed kickoff of a timed match', () => {
    expect(fixtureUpdateOf(match({ kickoff: '2025-10-05T16:30:00.000Z' }), fixture)).toEqual({
      fixtureId: '2025-26-ARS-CHE',
      kickoff: '2025-10-05T16:30:00.000Z',
      status: 'SCHEDULED',
    });
  });

  it('keeps a known kickoff over the placeholder date of an unconfirmed match, and takes it when none is known', () => {
    const unconfirmed = match({ status: 'SCHEDULED', kickoff: '2025-10-04T00:00:00.000Z' });
    expect(fixtureUpdateOf(unconfirmed, fixture)).toEqual({ ...fixture, status: 'SCHEDULED' });
    expect(fixtureUpdateOf(unconfirmed, { ...fixture, kickoff: null })).toEqual({
      ...fixture,
      kickoff: '2025-10-04T00:00:00.000Z',
      status: 'SCHEDULED',
    });
  });

  it('drops the date of a postponed, suspended or cancelled match', () => {
    expect(fixtureUpdateOf(match({ status: 'POSTPONED' }), fixture)).toEqual({
      ...fixture,
      kickoff: null,
      status: 'POSTPONED',
    });
    expect(fixtureUpdateOf(match({ status: 'SUSPENDED' }), fixture)).toEqual({
      ...fixture,
      kickoff: null,
      status: 'POSTPONED',
    });
    expect(fixtureUpdateOf(match({ status: 'CANCELLED' }), fixture)).toEqual({
      ...fixture,
      kickoff: null,
      status: 'CANCELLED',
    });
  });
});

describe('the results of a match', () => {
  it('gives each side its outcome, with the fixture and the score, once the match is final', () => {
    expect(resultsOf(match({ status: 'FINISHED', homeScore: 0, awayScore: 3 }), 'f1')).toEqual([
      { side: 'home', teamCode: 'ARS', outcome: 'loss', fixtureId: 'f1', homeScore: 0, awayScore: 3 },
      { side: 'away', teamCode: 'CHE', outcome: 'win', fixtureId: 'f1', homeScore: 0, awayScore: 3 },
    ]);
    expect(
      resultsOf(match({ status: 'AWARDED', homeScore: 1, awayScore: 1 }), 'f1').map((r) => r.outcome),
    ).toEqual(['draw', 'draw']);
  });

  it('gives none while the match is being played or has no score', () => {
    expect(resultsOf(match({ status: 'IN_PLAY', homeScore: 2, awayScore: 0 }), 'f1')).toEqual([]);
    expect(resultsOf(match({ status: 'FINISHED' }), 'f1')).toEqual([]);
  });
});

describe('the Live Results tab', () => {
  it('shows each provider status as one of five', () => {
    expect(Object.fromEntries(providerStatuses.map((status) => [status, displayStatus(status)]))).toEqual({
      SCHEDULED: 'SCHEDULED',
      TIMED: 'SCHEDULED',
      IN_PLAY: 'IN_PLAY',
      PAUSED: 'IN_PLAY',
      EXTRA_TIME: 'IN_PLAY',
      PENALTY_SHOOTOUT: 'IN_PLAY',
      FINISHED: 'FINISHED',
      SUSPENDED: 'POSTPONED',
      POSTPONED: 'POSTPONED',
      CANCELLED: 'CANCELLED',
      AWARDED: 'FINISHED',
    });
  });

  it('lists the matches of the round by kickoff, then home team, and counts the finished ones', () => {
    const round = [
      match({ id: 1, kickoff: '2025-10-04T16:30:00.000Z', status: 'FINISHED', homeScore: 1, awayScore: 0 }),
      match({
        id: 2,
        homeTeam: { name: 'Wolves', shortName: null, tla: 'WOL' },
        status: 'PAUSED',
        homeScore: 0,
        awayScore: 0,
      }),
      match({ id: 3, homeTeam: { name: 'Brentford FC', shortName: null, tla: 'BRE' } }),
      match({ id: 4, matchday: 8, status: 'FINISHED', homeScore: 2, awayScore: 2 }),
    ];
    expect(matchdayStatus(7, round)).toEqual({
      matchday: 7,
      isComplete: false,
      finishedMatches: 1,
      totalMatches: 3,
      matches: [
        {
          homeTeam: 'Brentford FC',
          awayTeam: 'Chelsea FC',
          homeScore: null,
          awayScore: null,
          status: 'SCHEDULED',
        },
        { homeTeam: 'Wolves', awayTeam: 'Chelsea FC', homeScore: 0, awayScore: 0, status: 'IN_PLAY' },
        { homeTeam: 'Arsenal FC', awayTeam: 'Chelsea FC', homeScore: 1, awayScore: 0, status: 'FINISHED' },
      ],
    });
    // The list it was given is left in its order.
    expect(round.map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });

  it('calls a round complete when every one of its matches is finished, and an empty round not complete', () => {
    const finished = match({ status: 'FINISHED', homeScore: 1, awayScore: 0 });
    expect(matchdayStatus(7, [finished, { ...finished, id: 2, status: 'AWARDED' }])).toMatchObject({
      isComplete: true,
      finishedMatches: 2,
      totalMatches: 2,
    });
    expect(matchdayStatus(8, [finished])).toEqual({
      matchday: 8,
      isComplete: false,
      finishedMatches: 0,
      totalMatches: 0,
      matches: [],
    });
  });
});
