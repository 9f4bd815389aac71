/*
 * The provider's request budget (football-data.org free tier: 10 requests a minute), read from its
 * headers and error bodies, plus a local window so the budget holds even when headers are missing.
 * Pure: times are milliseconds passed in by the caller.
 */

export interface RateLimitHeaders {
  /** Requests left in the current window; null when the answer did not say. */
  available: number | null;
  /** Seconds until the window resets; null when the answer did not say. */
  resetSeconds: number | null;
}

function count(value: string | null): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * `X-Requests-Available-Minute` (v4), or the v2-era `X-Requests-Available` / `X-RequestsAvailable`;
 * `X-RequestCounter-Reset` in seconds. `get` must look names up case-insensitively (fetch's Headers do).
 */
export function readRateLimitHeaders(get: (name: string) => string | null): RateLimitHeaders {
  const available =
    count(get('X-Requests-Available-Minute')) ??
    count(get('X-Requests-Available')) ??
    count(get('X-RequestsAvailable'));
  return { available, resetSeconds: count(get('X-RequestCounter-Reset')) };
}

/** "You reached your request limit. Wait 48 seconds." → 48; null when the text names no wait. */
export function waitSecondsFromMessage(message: string | null): number | null {
  if (message === null) return null;
  const match = /wait\s+(\d+)\s*sec/i.exec(message);
  return match ? Number(match[1]) : null;
}

/** Exponential backoff: `baseMs` before the 1st retry, doubling each time, never above `maxMs`. */
export function backoffMs(retry: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, retry - 1));
}

/** Requests sent in the last window, so that a burst never goes over the plan's limit. */
export class RequestWindow {
  private sent: number[] = [];
  /** Set when the provider said the budget is spent: nothing goes out before this instant. */
  private blockedUntil = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** How long to wait before the next request may go out. */
  waitMs(now: number): number {
    this.sent = this.sent.filter((at) => now - at < this.windowMs);
    const byWindow = this.sent.length >= this.limit ? this.sent[0]! + this.windowMs - now : 0;
    return Math.max(0, byWindow, this.blockedUntil - now);
  }

  record(now: number): void {
    this.sent.push(now);
  }

  /** The provider's own count: with none left, wait until its counter resets. */
  observe(headers: RateLimitHeaders, now: number): void {
    if (headers.available === 0) this.blockUntil(now + (headers.resetSeconds ?? this.windowMs / 1000) * 1000);
  }

  blockUntil(instant: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, instant);
  }
}
