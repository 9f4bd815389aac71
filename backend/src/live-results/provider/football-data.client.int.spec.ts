import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  startFakeFootballData,
  readCaptured,
  type FakeFootballData,
} from '../../../test/support/fake-football-data.js';
import { DomainError } from '../../shared/domain/domain-error.js';
import { isFinal } from '../domain/provider-match.js';
import { FootballDataClient, type FootballDataClientOptions } from './football-data.client.js';

/**
 * The real football-data.org client against a local HTTP server serving captured answers, with
 * faults injected. Time and sleeping are fake (waits are recorded, not slept), except the request
 * timeout, which is real but short.
 */
describe('FootballDataClient against a local football-data.org', () => {
  let server: FakeFootballData;
  let now: number;
  let sleeps: number[];
  let warnings: string[];

  const client = (options: Partial<FootballDataClientOptions> = {}) =>
    new FootballDataClient({
      apiKey: 'test-key',
      baseUrl: server.url,
      now: () => now,
      sleep: async (ms) => {
        sleeps.push(ms);
        now += ms;
      },
      logger: { warn: (message) => warnings.push(message) },
      timeoutMs: 2_000,
      backoffBaseMs: 1_000,
      ...options,
    });

  const finished2023 = () => readCaptured('pl-season2023-matchday-1-FINISHED-captured-2023-08.json').matches;
  const matchday28 = () => readCaptured('example-pl-2025-26-matchday-28.json').matches;

  beforeAll(async () => {
    server = await startFakeFootballData();
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    now = 1_000_000;
    sleeps = [];
    warnings = [];
    server.requests.length = 0;
    server.faults = [];
    server.matches = [...matchday28(), ...finished2023()];
  });
  afterEach(() => {
    expect(server.faults).toEqual([]);
  });

  it('asks for a matchday of a season with the API key and reads the captured answer', async () => {
    const answer = await client().matchesOfMatchday(2025, 28);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.path).toBe('/v4/competitions/PL/matches');
    expect(Object.fromEntries(server.requests[0]!.query)).toEqual({ season: '2025', matchday: '28' });
    expect(server.requests[0]!.token).toBe('test-key');
    expect(answer.skipped).toEqual([]);
    expect(answer.matches).toHaveLength(10);
    expect(answer.matches[0]).toEqual({
      id: 538064,
      matchday: 28,
      kickoff: '2026-02-27T20:00:00.000Z',
      status: 'TIMED',
      homeTeam: { name: 'Wolverhampton Wanderers FC', shortName: 'Wolverhampton', tla: 'WOL' },
      awayTeam: { name: 'Aston Villa FC', shortName: 'Aston Villa', tla: 'AVL' },
      homeScore: null,
      awayScore: null,
      lastUpdated: '2026-02-23T00:20:57.000Z',
    });
    expect(sleeps).toEqual([]);
  });

  it('reads finished matches with their full-time scores, and filters a season by status', async () => {
    const answer = await client().matchesByStatus(2023, ['FINISHED', 'AWARDED']);
    expect(Object.fromEntries(server.requests[0]!.query)).toEqual({
      season: '2023',
      status: 'FINISHED,AWARDED',
    });
    expect(answer.matches).toHaveLength(10);
    expect(answer.matches.every(isFinal)).toBe(true);
    expect(answer.matches[0]).toMatchObject({
      homeTeam: { tla: 'BUR' },
      awayTeam: { tla: 'MCI' },
      homeScore: 0,
      awayScore: 3,
    });
    const season = await client().matchesOfSeason(2025);
    expect(Object.fromEntries(server.requests[1]!.query)).toEqual({ season: '2025' });
    expect(season.matches).toHaveLength(20);
  });

  it('waits out a 429 for as long as its message says, then succeeds', async () => {
    server.faults = [
      {
        kind: 'status',
        status: 429,
        body: { message: 'You reached your request limit. Wait 48 seconds.', errorCode: 429 },
      },
    ];
    const answer = await client().matchesOfMatchday(2025, 28);
    expect(answer.matches).toHaveLength(10);
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toEqual([48_000]);
    expect(warnings.join('\n')).toMatch(/rate limited; waiting 48 s/);
  });

  it('gives up when the provider keeps answering 429', async () => {
    const limit = {
      kind: 'status' as const,
      status: 429,
      body: { message: 'You reached your request limit. Wait 4 seconds.', errorCode: 429 },
    };
    server.faults = [limit, limit, limit];
    const error = await client({ maxRateLimitRetries: 2 })
      .matchesOfMatchday(2025, 28)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('RESULTS_PROVIDER_UNAVAILABLE');
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toEqual([4_000, 4_000]);
  });

  it('waits for the counter to reset when no requests are left this minute', async () => {
    server.faults = [
      { kind: 'headers', headers: { 'X-Requests-Available-Minute': '0', 'X-RequestCounter-Reset': '37' } },
    ];
    const api = client();
    await api.matchesOfMatchday(2025, 28);
    expect(sleeps).toEqual([]);
    await api.matchesOfMatchday(2025, 28);
    expect(sleeps).toEqual([37_000]);
    expect(server.requests).toHaveLength(2);
  });

  it('never sends more than the plan allows in a minute, even without headers', async () => {
    const api = client({ requestsPerMinute: 2 });
    await api.matchesOfMatchday(2025, 28);
    now += 10_000;
    await api.matchesOfMatchday(2025, 28);
    now += 5_000;
    await api.matchesOfMatchday(2025, 28);
    // The first request went out at t0; the third may only go at t0 + 60 s (t0 + 15 s now).
    expect(sleeps).toEqual([45_000]);
  });

  it('retries 5xx answers with exponential backoff, then succeeds', async () => {
    server.faults = [
      { kind: 'status', status: 500, body: 'Internal Server Error' },
      { kind: 'status', status: 503, body: { message: 'Service Unavailable' } },
    ];
    const answer = await client().matchesOfMatchday(2025, 28);
    expect(answer.matches).toHaveLength(10);
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toEqual([1_000, 2_000]);
  });

  it('gives up after a bounded number of retries and says the provider is unavailable', async () => {
    server.faults = Array.from({ length: 4 }, () => ({
      kind: 'status' as const,
      status: 502,
      body: 'Bad Gateway',
    }));
    const error = await client({ maxRetries: 3, backoffMaxMs: 3_000 })
      .matchesOfMatchday(2025, 28)
      .catch((e: unknown) => e);
    expect((error as DomainError).code).toBe('RESULTS_PROVIDER_UNAVAILABLE');
    expect((error as Error).message).toMatch(/502/);
    expect(server.requests).toHaveLength(4);
    expect(sleeps).toEqual([1_000, 2_000, 3_000]);
  });

  it('abandons a request the server does not answer in time and retries it', async () => {
    server.faults = [{ kind: 'hang' }];
    const started = Date.now();
    const answer = await client({ timeoutMs: 300 }).matchesOfMatchday(2025, 28);
    expect(answer.matches).toHaveLength(10);
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toEqual([1_000]);
    expect(warnings.join('\n')).toMatch(/timed out/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses an answer that is not JSON, never turning it into matches', async () => {
    server.faults = Array.from({ length: 3 }, () => ({
      kind: 'malformed' as const,
      text: '{"matches": [{"id": 1, "status": "FINI',
    }));
    const error = await client({ maxRetries: 2 })
      .matchesOfMatchday(2025, 28)
      .catch((e: unknown) => e);
    expect((error as DomainError).code).toBe('RESULTS_PROVIDER_UNAVAILABLE');
    expect((error as Error).message).toMatch(/not valid JSON/);
    expect(server.requests).toHaveLength(3);
  });

  it('retries a broken answer once and uses the good one that follows', async () => {
    server.faults = [{ kind: 'malformed', text: '<html>502 Bad Gateway</html>' }];
    const answer = await client().matchesOfMatchday(2023, 1);
    expect(answer.matches).toHaveLength(10);
    expect(server.requests).toHaveLength(2);
  });

  it('refuses an answer without a matches list', async () => {
    server.faults = [{ kind: 'status', status: 200, body: { filters: {}, resultSet: { count: 0 } } }];
    const error = await client({ maxRetries: 0 })
      .matchesOfMatchday(2025, 28)
      .catch((e: unknown) => e);
    expect((error as DomainError).code).toBe('RESULTS_PROVIDER_UNAVAILABLE');
    expect((error as Error).message).toMatch(/no "matches" list/);
  });

  it('skips a match missing fields, logs why, and keeps the others', async () => {
    const matches = finished2023();
    delete matches[2]!.score;
    delete (matches[5]!.homeTeam as Record<string, unknown>).tla;
    (matches[7]!.score as { fullTime: Record<string, unknown> }).fullTime = { home: null, away: null };
    (matches[8]!.score as { winner: string }).winner = 'HOME_TEAM';
    (matches[8]!.score as { fullTime: Record<string, unknown> }).fullTime = { home: 0, away: 2 };
    server.matches = matches;
    const answer = await client().matchesOfMatchday(2023, 1);
    expect(answer.matches).toHaveLength(6);
    expect(answer.matches.map((m) => m.id)).not.toEqual(
      expect.arrayContaining([matches[2]!.id, matches[5]!.id, matches[7]!.id, matches[8]!.id]),
    );
    expect(answer.skipped).toEqual([
      { id: matches[2]!.id, reason: 'score.fullTime is missing' },
      { id: matches[5]!.id, reason: 'homeTeam has no valid tla' },
      { id: matches[7]!.id, reason: 'FINISHED without a full-time score' },
      { id: matches[8]!.id, reason: 'score.winner "HOME_TEAM" contradicts the full-time score 0-2' },
    ]);
    expect(warnings.filter((w) => w.includes('skipped match'))).toHaveLength(4);
  });

  it('follows a match from IN_PLAY to FINISHED between two polls', async () => {
    const match = matchday28()[0]!;
    const inPlay = {
      ...match,
      status: 'IN_PLAY',
      score: {
        winner: null,
        duration: 'REGULAR',
        fullTime: { home: 1, away: 0 },
        halfTime: { home: 1, away: 0 },
      },
    };
    server.matches = [inPlay];
    const api = client();
    const first = await api.matchesOfMatchday(2025, 28);
    expect(first.matches[0]).toMatchObject({ status: 'IN_PLAY', homeScore: 1, awayScore: 0 });
    expect(isFinal(first.matches[0]!)).toBe(false);

    server.matches = [
      {
        ...inPlay,
        status: 'FINISHED',
        score: {
          winner: 'HOME_TEAM',
          duration: 'REGULAR',
          fullTime: { home: 2, away: 0 },
          halfTime: { home: 1, away: 0 },
        },
      },
    ];
    const second = await api.matchesOfMatchday(2025, 28);
    expect(second.matches[0]).toMatchObject({ status: 'FINISHED', homeScore: 2, awayScore: 0 });
    expect(isFinal(second.matches[0]!)).toBe(true);
  });

  it('does not retry a refusal (invalid token) and says so with its own code', async () => {
    server.faults = [
      { kind: 'status', status: 400, body: { message: 'Your API token is invalid.', errorCode: 400 } },
    ];
    const error = await client()
      .matchesOfMatchday(2025, 28)
      .catch((e: unknown) => e);
    expect((error as DomainError).code).toBe('RESULTS_PROVIDER_REJECTED');
    expect((error as Error).message).toMatch(/Your API token is invalid\. .*FOOTBALL_DATA_API_KEY/);
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});
