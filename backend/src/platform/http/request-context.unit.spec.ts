import { describe, expect, it } from '@jest/globals';
import { requestLogLevel, SLOW_REQUEST_MS } from './request-context.js';

describe('requestLogLevel', () => {
  it('logs ordinary requests at debug, slow ones as warnings and server failures as errors', () => {
    expect(requestLogLevel(200, 12)).toBe('debug');
    expect(requestLogLevel(404, 3)).toBe('debug');
    expect(requestLogLevel(409, 30)).toBe('debug');
    expect(requestLogLevel(201, SLOW_REQUEST_MS)).toBe('warn');
    expect(requestLogLevel(500, 1)).toBe('error');
    expect(requestLogLevel(503, SLOW_REQUEST_MS * 5)).toBe('error');
  });

  it('logs an expected 5xx (already warned about by the exception filter) like any other request', () => {
    expect(requestLogLevel(503, 4, true)).toBe('debug');
    expect(requestLogLevel(503, SLOW_REQUEST_MS, true)).toBe('warn');
    expect(requestLogLevel(500, 4, false)).toBe('error');
  });
});
