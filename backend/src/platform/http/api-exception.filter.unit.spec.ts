import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Logger, type ArgumentsHost } from '@nestjs/common';
import { ErrorCodes } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';
import { ApiExceptionFilter, isExpectedServerError } from './api-exception.filter.js';
import { EXPECTED_ERROR_CODE } from './request-context.js';

interface FakeResponse {
  statusCode: number;
  body: unknown;
  headersSent: boolean;
  locals: Record<string, unknown>;
  status(code: number): FakeResponse;
  json(body: unknown): FakeResponse;
}

function answer(exception: unknown): FakeResponse {
  const response: FakeResponse = {
    statusCode: 200,
    body: undefined,
    headersSent: false,
    locals: {},
    status(code) {
      this.statusCode = code;
      return this;
    },
    json(body) {
      this.body = body;
      return this;
    },
  };
  const request = { method: 'GET', originalUrl: '/api/epl-results/status?matchday=1', correlationId: 'c-1' };
  const host = {
    switchToHttp: () => ({ getResponse: () => response, getRequest: () => request }),
  } as unknown as ArgumentsHost;
  new ApiExceptionFilter().catch(exception, host);
  return response;
}

describe('ApiExceptionFilter logging', () => {
  const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  afterEach(() => {
    warn.mockClear();
    error.mockClear();
  });

  it('logs an expected 5xx refusal (a DomainError with its code) as one warning line without a stack', () => {
    const refusal = new DomainError(ErrorCodes.RESULTS_PROVIDER_NOT_CONFIGURED, 'Live results are off.');
    const response = answer(refusal);

    expect(response.statusCode).toBe(503);
    expect(response.body).toEqual({
      statusCode: 503,
      code: ErrorCodes.RESULTS_PROVIDER_NOT_CONFIGURED,
      message: 'Live results are off.',
    });
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0]?.[0]);
    expect(line).toBe(
      'GET /api/epl-results/status?matchday=1 answered 503 RESULTS_PROVIDER_NOT_CONFIGURED: Live results are off. correlationId=c-1',
    );
    expect(line).not.toContain('\n');
    expect(response.locals[EXPECTED_ERROR_CODE]).toBe(ErrorCodes.RESULTS_PROVIDER_NOT_CONFIGURED);
  });

  it('keeps an unexpected failure at error level with its stack', () => {
    const bug = new TypeError('cannot read properties of undefined');
    const response = answer(bug);

    expect(response.statusCode).toBe(500);
    expect(warn).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[0])).toContain(bug.stack ?? 'missing stack');
    expect(response.locals[EXPECTED_ERROR_CODE]).toBeUndefined();
  });

  it('does not log 4xx refusals, and counts only coded refusals other than INTERNAL_ERROR as expected', () => {
    answer(new DomainError(ErrorCodes.PERIOD_NOT_FOUND, 'Period 99 does not exist.'));
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();

    expect(isExpectedServerError(new DomainError(ErrorCodes.EMAIL_UNAVAILABLE, 'off'))).toBe(true);
    expect(isExpectedServerError(new DomainError(ErrorCodes.INTERNAL_ERROR, 'bug'))).toBe(false);
    expect(isExpectedServerError(new Error('bug'))).toBe(false);
  });
});
