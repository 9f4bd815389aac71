import { describe, expect, it } from '@jest/globals';
import { type BoardFixture, planPoll } from './polling.js';

const now = new Date('2025-10-04T15:00:00.000Z');
const fixture = (periodId: number, kickoff: Date): BoardFixture => ({
  periodId,
  fixtureId: `f${periodId}`,
  kickoff: kickoff.toISOString(),
  status: 'SCHEDULED',
  settled: false,
});

describe('planPoll at a kickoff', () => {
  it('counts a match kicking off this very minute as started: its round comes first', () => {
    const hourAgo = new Date(now.getTime() - 60 * 60_000);
    const plan = planPoll([fixture(7, hourAgo), fixture(8, now)], now, new Date(now.getTime() - 60_000));
    expect(plan).toEqual({ fullSync: false, matchdays: [8, 7] });
  });
});
