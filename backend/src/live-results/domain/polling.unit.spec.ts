import { describe, expect, it } from '@jest/globals';
import {
  type BoardFixture,
  isLiveWindow,
  LIVE_POLL_MS,
  livePollMs,
  LIVE_WINDOW_MS,
  LOOKAHEAD_MS,
  nextPollDelay,
  planPoll,
  STALE_AFTER_MS,
} from './polling.js';

/*
 * When to ask the provider, and for what: given the pool's fixtures and the time, then the rounds a
 * poll fetches (most urgent first) and the delay until the next poll.
 */

const now = new Date('2025-10-04T15:00:00.000Z');
const at = now.getTime();
const iso = (ms: number) => new Date(ms).toISOString();
const minutes = (n: number) => n * 60_000;
const fixture = (
  periodId: number,
  kickoff: number | null,
  overrides: Partial<BoardFixture> = {},
): BoardFixture => ({
  periodId,
  fixtureId: `f${periodId}`,
  kickoff: kickoff === null ? null : iso(kickoff),
  status: 'SCHEDULED',
  settled: false,
  ...overrides,
});
const plan = (...board: BoardFixture[]) => planPoll(board, now, now).matchdays;

describe('the rounds a poll fetches', () => {
  it('fetches rounds that kicked off before rounds coming up, the latest kickoff and the nearest first', () => {
    expect(
      plan(fixture(1, at + minutes(10)), fixture(2, at - minutes(200)), fixture(3, at - minutes(30))),
    ).toEqual([3, 2, 1]);
    expect(plan(fixture(4, at + minutes(60)), fixture(5, at + minutes(30)))).toEqual([5, 4]);
  });

  it('counts a round as kicked off from its kickoff on', () => {
    expect(plan(fixture(1, at + 1), fixture(2, at))).toEqual([2, 1]);
  });

  it('ranks a round by its most urgent fixture, and rounds equally urgent by number', () => {
    expect(
      plan(fixture(1, at - minutes(50)), fixture(2, at - minutes(100)), fixture(2, at - minutes(10))),
    ).toEqual([2, 1]);
    expect(plan(fixture(7, at - minutes(5)), fixture(6, at - minutes(5)))).toEqual([6, 7]);
  });

  it('fetches at most three rounds', () => {
    expect(plan(fixture(1, at - 4), fixture(2, at - 3), fixture(3, at - 2), fixture(4, at - 1))).toEqual([
      4, 3, 2,
    ]);
  });

  it('leaves out rounds more than the lookahead ahead or more than three days stale', () => {
    expect(plan(fixture(1, at + LOOKAHEAD_MS), fixture(2, at + LOOKAHEAD_MS + 1))).toEqual([1]);
    expect(plan(fixture(1, at - STALE_AFTER_MS), fixture(2, at - STALE_AFTER_MS - 1))).toEqual([1]);
  });

  it('leaves out fixtures that are settled, called off or without a kickoff', () => {
    expect(
      plan(
        fixture(1, at - minutes(5), { settled: true }),
        fixture(2, at - minutes(5), { status: 'POSTPONED' }),
        fixture(3, at - minutes(5), { status: 'CANCELLED' }),
        fixture(4, null),
      ),
    ).toEqual([]);
  });
});

describe('the live window', () => {
  it('runs from a kickoff for two and a half hours', () => {
    expect(isLiveWindow([fixture(1, at)], now)).toBe(true);
    expect(isLiveWindow([fixture(1, at + 1)], now)).toBe(false);
    expect(isLiveWindow([fixture(1, at - LIVE_WINDOW_MS + 1)], now)).toBe(true);
    expect(isLiveWindow([fixture(1, at - LIVE_WINDOW_MS)], now)).toBe(false);
  });

  it('is not opened by a settled, called-off or undated fixture', () => {
    expect(isLiveWindow([fixture(1, at - minutes(5), { settled: true })], now)).toBe(false);
    expect(isLiveWindow([fixture(1, at - minutes(5), { status: 'POSTPONED' })], now)).toBe(false);
    expect(isLiveWindow([fixture(1, null)], now)).toBe(false);
  });
});

describe('the delay until the next poll', () => {
  const regular = minutes(15);

  it('is a minute in the live window, or the regular interval when that is shorter', () => {
    expect(nextPollDelay([fixture(1, at - minutes(5))], now, regular, false)).toBe(LIVE_POLL_MS);
    expect(nextPollDelay([fixture(1, at - minutes(5))], now, 30_000, false)).toBe(30_000);
    expect(nextPollDelay([], now, 30_000, true)).toBe(30_000);
  });

  it('is shortened to the nearest coming kickoff of a fixture that goes ahead, but never under a second', () => {
    const board = [
      fixture(1, at + minutes(9)),
      fixture(2, at + minutes(5)),
      fixture(3, at + minutes(2), { settled: true }),
      fixture(4, at + minutes(1), { status: 'POSTPONED' }),
    ];
    expect(nextPollDelay(board, now, regular, false)).toBe(minutes(5));
    expect(nextPollDelay([fixture(1, at + 200)], now, regular, false)).toBe(1_000);
    expect(nextPollDelay([fixture(1, at + minutes(20))], now, regular, false)).toBe(regular);
  });
});

describe('the live cadence', () => {
  it('polls as often as half the allowance permits, between every 15 seconds and every minute', () => {
    expect(livePollMs(10, 1)).toBe(15_000);
    expect(livePollMs(10, 3)).toBe(36_000);
    expect(livePollMs(10, 0)).toBe(15_000);
    expect(livePollMs(2, 1)).toBe(60_000);
    expect(livePollMs(600, 3)).toBe(15_000);
    const now = new Date('2025-08-16T15:00:00Z');
    const live = [
      {
        periodId: 1,
        fixtureId: 'f',
        kickoff: '2025-08-16T14:30:00Z',
        status: 'SCHEDULED' as const,
        settled: false,
      },
    ];
    expect(nextPollDelay(live, now, 15 * 60_000, false, livePollMs(10, 1))).toBe(15_000);
  });
});
