import type { FixtureStatus } from '../../season/domain/index.js';

/*
 * When to ask the provider, and for what: a quiet interval normally, every minute while a match is
 * live or due to finish, and a full-season sweep now and then so moved kickoffs and postponements
 * anywhere in the season are seen. Pure: the caller passes the pool's fixtures and "now".
 */

/** A fixture as the scheduler sees it. */
export interface BoardFixture {
  periodId: number;
  fixtureId: string;
  kickoff: string | null;
  status: FixtureStatus;
  /** Both options have a result (or the period holds them pending): nothing left to fetch for it. */
  settled: boolean;
}

export const LIVE_POLL_MS = 60_000;
/** The shortest interval between two polls while a match is live. */
export const MIN_LIVE_POLL_MS = 15_000;
/** A match counts as live or about to finish for this long after kickoff (90' + half time + stoppage + delay). */
export const LIVE_WINDOW_MS = 150 * 60_000;
/** A full-season request re-syncs every fixture's kickoff and status this often. */
export const FULL_SYNC_EVERY_MS = 6 * 60 * 60_000;
/** Rounds with a kickoff this close ahead are fetched every poll, so late postponements are seen before lock. */
export const LOOKAHEAD_MS = 48 * 60 * 60_000;
/** A fixture without a result this long after kickoff is left to the full sweep (abandoned, or no options). */
export const STALE_AFTER_MS = 3 * 24 * 60 * 60_000;
/** At most this many rounds per poll: a poll stays well inside a 10-requests-a-minute plan. */
export const MAX_MATCHDAYS_PER_POLL = 3;

export interface PollPlan {
  fullSync: boolean;
  /** Rounds (period ids) to fetch, most urgent first; empty with a full sync. */
  matchdays: number[];
}

function goesAhead(fixture: BoardFixture): fixture is BoardFixture & { kickoff: string } {
  return fixture.status === 'SCHEDULED' && fixture.kickoff !== null && !fixture.settled;
}

export function planPoll(board: readonly BoardFixture[], now: Date, lastFullSyncAt: Date | null): PollPlan {
  const at = now.getTime();
  if (lastFullSyncAt === null || at - lastFullSyncAt.getTime() >= FULL_SYNC_EVERY_MS)
    return { fullSync: true, matchdays: [] };
  const urgency = new Map<number, number>();
  for (const fixture of board) {
    if (!goesAhead(fixture)) continue;
    const kickoff = Date.parse(fixture.kickoff);
    if (kickoff < at - STALE_AFTER_MS || kickoff > at + LOOKAHEAD_MS) continue;
    // Kicked off (live or awaiting its result) before upcoming; among those, the nearest to now.
    const score = kickoff <= at ? at - kickoff : LOOKAHEAD_MS + STALE_AFTER_MS + (kickoff - at);
    urgency.set(fixture.periodId, Math.min(urgency.get(fixture.periodId) ?? Infinity, score));
  }
  const matchdays = [...urgency.entries()]
    .sort(([a, x], [b, y]) => x - y || a - b)
    .slice(0, MAX_MATCHDAYS_PER_POLL)
    .map(([periodId]) => periodId);
  return { fullSync: false, matchdays };
}

/** Some match is being played or should just have finished without a result yet. */
export function isLiveWindow(board: readonly BoardFixture[], now: Date): boolean {
  const at = now.getTime();
  return board.some((fixture) => {
    if (!goesAhead(fixture)) return false;
    const kickoff = Date.parse(fixture.kickoff);
    return kickoff <= at && at < kickoff + LIVE_WINDOW_MS;
  });
}

/**
 * How often to poll while a match is live (the live table moves with each poll): as often as half
 * the provider's allowance per minute permits for the requests one poll makes (the other half is
 * left for admins' requests and the season sweeps), never more often than every 15 seconds and
 * never less often than every minute. football-data.org's free tier (10 a minute) and one round in
 * play: every 15 seconds; three rounds at once: every 36 seconds.
 */
export function livePollMs(requestsPerMinute: number, requestsPerPoll: number): number {
  const allowance = Math.max(1, Math.floor(requestsPerMinute / 2));
  const spacing = Math.ceil((60_000 * Math.max(1, requestsPerPoll)) / allowance);
  return Math.min(LIVE_POLL_MS, Math.max(MIN_LIVE_POLL_MS, spacing));
}

/**
 * Milliseconds of pool time until the next poll: every `liveMs` in a live window (or while the
 * provider still reports a match in play), otherwise the regular interval, shortened so that the
 * first poll after a kickoff is not late.
 */
export function nextPollDelay(
  board: readonly BoardFixture[],
  now: Date,
  regularMs: number,
  providerReportsLive: boolean,
  liveMs: number = LIVE_POLL_MS,
): number {
  if (providerReportsLive || isLiveWindow(board, now)) return Math.min(liveMs, regularMs);
  const at = now.getTime();
  const upcoming = board
    .filter(goesAhead)
    .map((fixture) => Date.parse(fixture.kickoff))
    .filter((kickoff) => kickoff > at);
  if (upcoming.length === 0) return regularMs;
  return Math.max(1_000, Math.min(regularMs, Math.min(...upcoming) - at));
}
