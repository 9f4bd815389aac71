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
import { DomainError } from '../../shared/domain/domain-error.js';
import type { ProviderLogger, ResultsProvider } from './results-provider.js';

export interface FootballDataClientOptions {
  apiKey: string;
  /** `FOOTBALL_DATA_URL`, such as https://api.football-data.org/v4. */
  baseUrl: string;
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
}

const defaults = {
  timeoutMs: 10_000,
  maxRetries: 3,
  backoffBaseMs: 1_000,
  backoffMaxMs: 30_000,
  maxRateLimitRetries: 3,
  maxWaitMs: 120_000,
  requestsPerMinute: 10,
  now: Date.now,
  sleep: (ms: number, signal?: AbortSignal) => delay(ms, undefined, signal ? { signal } : undefined),
  logger: { warn: () => undefined } as ProviderLogger,
};

/** Why a request got no answer. (Abort errors are DOMExceptions, not always `instanceof Error`.) */
function describe(error: unknown): string {
  const { name, message, cause } = Object(error) as { name?: unknown; message?: unknown; cause?: unknown };
  if (name === 'TimeoutError') return 'timed out';
  const text = typeof message === 'string' ? message : String(error);
  const reason = (Object(cause) as { message?: unknown }).message;
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
  private readonly options: Required<FootballDataClientOptions>;
  private readonly window: RequestWindow;

  constructor(options: FootballDataClientOptions) {
    if (!options.apiKey.trim()) throw new Error('FootballDataClient needs an API key');
    this.options = { ...defaults, ...options, baseUrl: options.baseUrl.replace(/\/+$/, '') };
    this.window = new RequestWindow(this.options.requestsPerMinute, 60_000);
  }

  matchesOfMatchday(season: number, matchday: number, signal?: AbortSignal): Promise<ProviderAnswer> {
    return this.matches({ season: String(season), matchday: String(matchday) }, signal);
  }

  matchesOfSeason(season: number, signal?: AbortSignal): Promise<ProviderAnswer> {
    return this.matches({ season: String(season) }, signal);
  }

  matchesByStatus(season: number, statuses: readonly ProviderStatus[]): Promise<ProviderAnswer> {
    return this.matches({ season: String(season), status: statuses.join(',') });
  }

  private async matches(query: Record<string, string>, signal?: AbortSignal): Promise<ProviderAnswer> {
    const path = `/competitions/PL/matches?${new URLSearchParams(query).toString()}`;
    const label = `GET ${path}`;
    const answer = await this.request(`${this.options.baseUrl}${path}`, label, signal);
    for (const warning of answer.warnings) this.options.logger.warn(`${label}: ${warning}`);
    for (const skipped of answer.skipped) {
      this.options.logger.warn(`${label}: skipped match ${skipped.id ?? '(no id)'}: ${skipped.reason}`);
    }
    return { matches: answer.matches, skipped: answer.skipped };
  }

  private unavailable(message: string): DomainError {
    return new DomainError(ErrorCodes.RESULTS_PROVIDER_UNAVAILABLE, `football-data.org: ${message}`);
  }

  private async wait(ms: number, why: string, signal?: AbortSignal): Promise<void> {
    if (ms <= 0) return;
    if (ms > this.options.maxWaitMs)
      throw this.unavailable(`${why}: would have to wait ${Math.ceil(ms / 1000)} s`);
    await this.options.sleep(ms, signal);
  }

  private async request(
    url: string,
    label: string,
    signal?: AbortSignal,
  ): Promise<ReturnType<typeof parseMatchesAnswer>> {
    let failures = 0;
    let limited = 0;
    const retryAfterFailure = async (reason: string) => {
      failures++;
      if (failures > this.options.maxRetries)
        throw this.unavailable(`${reason} (gave up after ${failures} attempts)`);
      const pause = backoffMs(failures, this.options.backoffBaseMs, this.options.backoffMaxMs);
      this.options.logger.warn(
        `${label}: ${reason}; retry ${failures}/${this.options.maxRetries} in ${pause} ms`,
      );
      await this.wait(pause, reason, signal);
    };

    for (;;) {
      signal?.throwIfAborted();
      await this.wait(this.window.waitMs(this.options.now()), 'request budget spent', signal);
      this.window.record(this.options.now());

      let response: Response;
      let text: string;
      try {
        const timeout = AbortSignal.timeout(this.options.timeoutMs);
        response = await fetch(url, {
          headers: { 'X-Auth-Token': this.options.apiKey, Accept: 'application/json' },
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        text = await response.text();
      } catch (error) {
        if (signal?.aborted) throw error;
        await retryAfterFailure(describe(error));
        continue;
      }

      const headers = readRateLimitHeaders((name) => response.headers.get(name));
      this.window.observe(headers, this.options.now());
      let body: unknown;
      let parsed = true;
      try {
        body = JSON.parse(text);
      } catch {
        parsed = false;
      }

      if (response.status === 429) {
        limited++;
        const seconds =
          waitSecondsFromMessage(parsed ? errorMessageOf(body) : null) ?? headers.resetSeconds ?? 60;
        if (limited > this.options.maxRateLimitRetries)
          throw this.unavailable(`still rate limited after ${limited} waits`);
        this.options.logger.warn(`${label}: rate limited; waiting ${seconds} s as the provider asks`);
        // The next turn of the loop waits until then (the window is blocked), so no other request slips in.
        this.window.blockUntil(this.options.now() + seconds * 1000);
        continue;
      }
      if (response.status >= 500) {
        await retryAfterFailure(`answered ${response.status}`);
        continue;
      }
      if (!response.ok) {
        const message = ((parsed ? errorMessageOf(body) : null) ?? response.statusText).replace(/\.\s*$/, '');
        const hint =
          response.status === 400 || response.status === 401 || response.status === 403
            ? ' Check FOOTBALL_DATA_API_KEY and the plan.'
            : '';
        throw new DomainError(
          ErrorCodes.RESULTS_PROVIDER_REJECTED,
          `football-data.org refused ${label} (${response.status}): ${message}.${hint}`,
        );
      }
      if (!parsed) {
        await retryAfterFailure('the answer is not valid JSON');
        continue;
      }
      try {
        return parseMatchesAnswer(body);
      } catch (error) {
        if (!(error instanceof MalformedAnswerError)) throw error;
        await retryAfterFailure(error.message);
      }
    }
  }
}
