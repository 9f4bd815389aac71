import { describe, expect, it } from '@jest/globals';
import { parseMatch } from './football-data-format.js';

const finished = {
  id: 5,
  utcDate: '2025-10-04T14:00:00Z',
  status: 'FINISHED',
  matchday: 7,
  homeTeam: { name: 'Arsenal FC', shortName: 'Arsenal', tla: 'ARS' },
  awayTeam: { name: 'Chelsea FC', shortName: 'Chelsea', tla: 'CHE' },
  score: { winner: 'HOME_TEAM', duration: 'REGULAR', fullTime: { home: 2, away: 1 } },
};
const skipped = (reason: string) => ({ ok: false, skipped: { id: 5, reason } });

describe('a football-data match that only looks right', () => {
  it('is skipped when its date or a tla is a list holding the text, not the text', () => {
    expect(parseMatch({ ...finished, utcDate: ['2025-10-04T14:00:00Z'] })).toEqual(
      skipped('utcDate ["2025-10-04T14:00:00Z"] is not an ISO 8601 instant'),
    );
    expect(parseMatch({ ...finished, homeTeam: { ...finished.homeTeam, tla: ['ARS'] } })).toEqual(
      skipped('homeTeam has no valid tla'),
    );
  });

  it('has its winner judged when the answer gives no duration (regular time)', () => {
    expect(
      parseMatch({ ...finished, score: { winner: 'AWAY_TEAM', fullTime: { home: 2, away: 1 } } }),
    ).toEqual(skipped('score.winner "AWAY_TEAM" contradicts the full-time score 2-1'));
  });

  it('is skipped when it names a winner football-data does not have, even with a level score', () => {
    expect(
      parseMatch({
        ...finished,
        score: { winner: 'BOTH', duration: 'REGULAR', fullTime: { home: 1, away: 1 } },
      }),
    ).toEqual(skipped('score.winner "BOTH" contradicts the full-time score 1-1'));
  });
});
