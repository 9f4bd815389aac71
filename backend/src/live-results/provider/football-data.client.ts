import { setTimeout as delay } from 'node:timers/promises';
import { ErrorCodes } from '@treble/contracts';
import { errorMessageOf, MalformedAnswerError, parseMatchesAnswer } from '../domain/football-data-format.js';
import type { ProviderAnswer, ProviderStatus } from '../domain/provider-match.js';
import {
  backoffMs,
  readRateLimitHeaders,
  RequestWindow,
  waitSecondsFromMessage,
} from '../domain/rate-limit.js';
import { ResultsProviderError, type ProviderLogger, type ResultsProvider } from './results-provider.js';

export interface FootballDataClientOptions {
  apiKey: string;
  /** Default https://api.football-data.org/v4 (`FOOTBALL_DATA_URL`). */
  baseUrl?: string;
  /** Competition code; the pool plays the Premier League. */
  competition?: string;
  /** A request (headers and body) that takes longer than this is abandoned and retried. */
  timeoutMs?: number;
  /** Retries after a timeout, a network error, a 5xx or a malformed answer, with exponential backoff. */
  maxRetries?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** How many 429 answers in a row are waited out before giving up. */
  maxRateLimitRetries?: number;
  /** A single wait longer than this (an exhausted budget, a 429) fails the request instead. */
  maxWaitMs?: number;
  /** The plan's budget (free tier: 10 a minute), kept locally even when headers are missing. */
  requestsPerMinute?: number;
  /** Real time in ms (injected by tests); rate limits are real-world time, not the pool's clock. */
  now?: () => number;
  /** Waits `ms` (injected by tests so they need not really wait); rejects when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  logger?: ProviderLogger;
  fetch?: typeof fetch;
}

const silent: ProviderLogger = { log: () => undefined, warn: () => undefined };

const realSleep = (ms: number, signal?: AbortSignal) => delay(ms, undefined, signal ? { signal } : undefined);

/** Why a request got no answer. (Abort errors are DOMExceptions, not always `instanceof Error`.) */
function describe(error: unknown): string {
  const { name, message, cause } = (typeof error === 'object' && error !== null ? error : {}) as {
    name?: unknown;
    message?: unknown;
    cause?: unknown;
  };
  if (name === 'TimeoutError') return 'timed out';
  const text = typeof message === 'string' ? message : String(error);
  const reason =
    typeof cause === 'object' && cause !== null ? (cause as { message?: unknown }).message : undefined;
  return typeof reason === 'string' ? `${text} (${reason})` : text;
}

/**
 * football-data.org v4 client for one competition's matches. It keeps to the plan's request
 * budget (its own window, the `X-Requests-Available-Minute` / `X-RequestCounter-Reset` headers, and
 * the wait a 429 names), retries timeouts, network errors, 5xx and malformed answers with bounded
 * exponential backoff, and never turns what it cannot read into a match: each match is validated
 * on its own and a broken one is logged and skipped.
 */
export class FootballDataClient implements ResultsProvider {
  readonly name = 'football-data';
  private readonly baseUrl: string;
  private readonly competition: string;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;
  private readonly maxRateLimitRetries: number;
  private readonly maxWaitMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly logger: ProviderLogger;
  private readonly fetchImpl: typeof fetch;
  private readonly window: RequestWindow;

  constructor(private readonly options: FootballDataClientOptions) {
    if (!options.apiKey.trim()) throw new Error('FootballDataClient needs an API key');
    this.baseUrl = (options.baseUrl ?? 'https://api.football-data.org/v4').replace(/\/+$/, '');
    this.competition = options.competition ?? 'PL';
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxRetries = options.maxRetries ?? 3;
    this.backoffBaseMs = options.backoffBaseMs ?? 1_000;
    this.backoffMaxMs = options.backoffMaxMs ?? 30_000;
    this.maxRateLimitRetries = options.maxRateLimitRetries ?? 3;
    this.maxWaitMs = options.maxWaitMs ?? 120_000;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? realSleep;
    this.logger = options.logger ?? silent;
    this.fetchImpl = options.fetch ?? fetch;
    this.window = new RequestWindow(options.requestsPerMinute ?? 10, 60_000);
  }

  matchesOfMatchday(season: number, matchday: number, signal?: AbortSignal): Promise<ProviderAnswer> {
    return this.matches({ season: String(season), matchday: String(matchday) }, signal);
  }

  matchesOfSeason(season: number, signal?: AbortSignal): Promise<ProviderAnswer> {
    return this.matches({ season: String(season) }, signal);
  }

  matchesByStatus(
    season: number,
    statuses: readonly ProviderStatus[],
    signal?: AbortSignal,
  ): Promise<ProviderAnswer> {
    return this.matches({ season: String(season), status: statuses.join(',') }, signal);
  }

  private async matches(query: Record<string, string>, signal?: AbortSignal): Promise<ProviderAnswer> {
    const url = `${this.baseUrl}/competitions/${encodeURIComponent(this.competition)}/matches?${new URLSearchParams(query).toString()}`;
    const label = `GET /competitions/${this.competition}/matches?${new URLSearchParams(query).toString()}`;
    const answer = await this.request(url, label, signal);
    for (const warning of answer.warnings) this.logger.warn(`${label}: ${warning}`);
    for (const skipped of answer.skipped) {
      this.logger.warn(`${label}: skipped match ${skipped.id ?? '(no id)'}: ${skipped.reason}`);
    }
    return { matches: answer.matches, skipped: answer.skipped };
  }

  private unavailable(message: string, status: number | null = null): ResultsProviderError {
    return new ResultsProviderError(
      ErrorCodes.RESULTS_PROVIDER_UNAVAILABLE,
      `football-data.org: ${message}`,
      status,
    );
  }

  private async wait(ms: number, why: string, signal?: AbortSignal): Promise<void> {
    if (ms <= 0) return;
    if (ms > this.maxWaitMs) throw this.unavailable(`${why}: would have to wait ${Math.ceil(ms / 1000)} s`);
    await this.sleep(ms, signal);
  }

  private async request(
    url: string,
    label: string,
    signal?: AbortSignal,
  ): Promise<ReturnType<typeof parseMatchesAnswer>> {
    let failures = 0;
    let limited = 0;
    const retryAfterFailure = async (reason: string, status: number | null = null) => {
      failures++;
      if (failures > this.maxRetries)
        throw this.unavailable(`${reason} (gave up after ${failures} attempts)`, status);
      const pause = backoffMs(failures, this.backoffBaseMs, this.backoffMaxMs);
      this.logger.warn(`${label}: ${reason}; retry ${failures}/${this.maxRetries} in ${pause} ms`);
      await this.wait(pause, reason, signal);
    };

    for (;;) {
      signal?.throwIfAborted();
      await this.wait(this.window.waitMs(this.now()), 'request budget spent', signal);
      this.window.record(this.now());

      let response: Response;
      let text: string;
      try {
        const timeout = AbortSignal.timeout(this.timeoutMs);
        response = await this.fetchImpl(url, {
          headers: { 'X-Auth-Token': this.options.apiKey, Accept: 'application/json' },
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        text = await response.text();
      } catch (error) {
        if (signal?.aborted) throw error;
        await retryAfterFailure(describe(error));
        continue;
      }

      this.window.observe(
        readRateLimitHeaders((name) => response.headers.get(name)),
        this.now(),
      );
      let body: unknown;
      let parsed = true;
      try {
        body = JSON.parse(text);
      } catch {
        parsed = false;
      }

      if (response.status === 429) {
        limited++;
        const headers = readRateLimitHeaders((name) => response.headers.get(name));
        const seconds =
          waitSecondsFromMessage(parsed ? errorMessageOf(body) : null) ?? headers.resetSeconds ?? 60;
        if (limited > this.maxRateLimitRetries)
          throw this.unavailable(`still rate limited after ${limited} waits`, 429);
        this.logger.warn(`${label}: rate limited; waiting ${seconds} s as the provider asks`);
        // The next turn of the loop waits until then (the window is blocked), so no other request slips in.
        this.window.blockUntil(this.now() + seconds * 1000);
        continue;
      }
      if (response.status >= 500) {
        await retryAfterFailure(`answered ${response.status}`, response.status);
        continue;
      }
      if (!response.ok) {
        const message = ((parsed ? errorMessageOf(body) : null) ?? response.statusText).replace(/\.\s*$/, '');
        const hint =
          response.status === 400 || response.status === 401 || response.status === 403
            ? ' Check FOOTBALL_DATA_API_KEY and the plan.'
            : '';
        throw new ResultsProviderError(
          ErrorCodes.RESULTS_PROVIDER_REJECTED,
          `football-data.org refused ${label} (${response.status}): ${message}.${hint}`,
          response.status,
        );
      }
      if (!parsed) {
        await retryAfterFailure('the answer is not valid JSON', response.status);
        continue;
      }
      try {
        return parseMatchesAnswer(body);
      } catch (error) {
        if (!(error instanceof MalformedAnswerError)) throw error;
        await retryAfterFailure(error.message, response.status);
      }
    }
  }
}
