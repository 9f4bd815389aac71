import { describe, expect, it } from '@jest/globals';
import { readRateLimitHeaders, RequestWindow, waitSecondsFromMessage } from './rate-limit.js';

/*
 * The provider's request budget (10 a minute on the free tier): given what the provider said and
 * what was sent, then how long the next request must wait. Times are plain milliseconds.
 */

const headers = (values: Record<string, string>) => (name: string) => values[name.toLowerCase()] ?? null;
const seconds = (n: number) => n * 1_000;

describe('the rate-limit headers', () => {
  it('prefer the v4 per-minute count over the older names, and read counts with surrounding spaces', () => {
    expect(
      readRateLimitHeaders(
        headers({
          'x-requests-available-minute': ' 7 ',
          'x-requests-available': '3',
          'x-requestsavailable': '1',
        }),
      ),
    ).toEqual({ available: 7, resetSeconds: null });
    expect(
      readRateLimitHeaders(headers({ 'x-requests-available': '3', 'x-requestsavailable': '1' })),
    ).toEqual({
      available: 3,
      resetSeconds: null,
    });
    expect(readRateLimitHeaders(headers({ 'x-requestcounter-reset': ' 42' }))).toEqual({
      available: null,
      resetSeconds: 42,
    });
  });

  it('ignore a value that is not a whole count, falling back to the next name', () => {
    expect(
      readRateLimitHeaders(
        headers({
          'x-requests-available-minute': 'many',
          'x-requests-available': '-1',
          'x-requestsavailable': '4',
        }),
      ),
    ).toEqual({ available: 4, resetSeconds: null });
    expect(
      readRateLimitHeaders(
        headers({ 'x-requests-available-minute': '5 left', 'x-requestcounter-reset': 'in 9' }),
      ),
    ).toEqual({ available: null, resetSeconds: null });
    expect(readRateLimitHeaders(headers({ 'x-requests-available-minute': '1.5' }))).toEqual({
      available: null,
      resetSeconds: null,
    });
  });
});

describe('the wait named in a 429 message', () => {
  it('is read in seconds, whatever the spacing and case', () => {
    expect(waitSecondsFromMessage('You reached your request limit. Wait 57 seconds.')).toBe(57);
    expect(waitSecondsFromMessage('wait   8   sec')).toBe(8);
    expect(waitSecondsFromMessage('Please WAIT 12sec')).toBe(12);
  });

  it('is none when the message names no wait, or there is no message', () => {
    expect(waitSecondsFromMessage('Something else')).toBeNull();
    expect(waitSecondsFromMessage('Wait a few seconds')).toBeNull();
    expect(waitSecondsFromMessage(null)).toBeNull();
  });
});

describe('the request window', () => {
  it('lets the limit of requests through in a window, then holds the next until the oldest is a window old', () => {
    const window = new RequestWindow(3, seconds(60));
    expect(window.waitMs(0)).toBe(0);
    window.record(0);
    window.record(seconds(10));
    expect(window.waitMs(seconds(20))).toBe(0);
    window.record(seconds(20));
    expect(window.waitMs(seconds(30))).toBe(seconds(30));
    expect(window.waitMs(seconds(59))).toBe(seconds(1));
    // The first request leaves the window at 60 s: one more may go, not two.
    expect(window.waitMs(seconds(60))).toBe(0);
    window.record(seconds(60));
    expect(window.waitMs(seconds(61))).toBe(seconds(9));
  });

  it('forgets requests older than the window', () => {
    const window = new RequestWindow(2, seconds(60));
    window.record(0);
    window.record(seconds(1));
    expect(window.waitMs(seconds(120))).toBe(0);
    window.record(seconds(120));
    expect(window.waitMs(seconds(121))).toBe(0);
  });

  it('holds requests back until the reset when the provider says none are left', () => {
    const window = new RequestWindow(10, seconds(60));
    window.record(0);
    window.observe({ available: 0, resetSeconds: 20 }, seconds(1));
    expect(window.waitMs(seconds(1))).toBe(seconds(20));
    expect(window.waitMs(seconds(21))).toBe(0);
  });

  it('waits a whole window when the provider says none are left but not when it resets', () => {
    const window = new RequestWindow(10, seconds(60));
    window.observe({ available: 0, resetSeconds: null }, seconds(5));
    expect(window.waitMs(seconds(5))).toBe(seconds(60));
  });

  it('does not hold back while the provider says requests are left, or says nothing', () => {
    const window = new RequestWindow(10, seconds(60));
    window.observe({ available: 1, resetSeconds: 50 }, 0);
    window.observe({ available: null, resetSeconds: 50 }, 0);
    expect(window.waitMs(0)).toBe(0);
  });

  it('keeps the later of two blocks', () => {
    const window = new RequestWindow(10, seconds(60));
    window.blockUntil(seconds(30));
    window.blockUntil(seconds(10));
    expect(window.waitMs(0)).toBe(seconds(30));
  });
});
