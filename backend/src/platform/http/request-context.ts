import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

declare module 'express-serve-static-core' {
  interface Request {
    correlationId?: string;
  }
}

const logger = new Logger('HTTP');

/** A request slower than this is logged at the default level even when it succeeded. */
export const SLOW_REQUEST_MS = 1000;

/**
 * Set on `response.locals` by the exception filter when a 5xx answer is an expected refusal (a
 * DomainError with its stable code, e.g. RESULTS_PROVIDER_NOT_CONFIGURED): the filter has already
 * logged it as one warning line, so the request line is not logged as a server failure again.
 */
export const EXPECTED_ERROR_CODE = 'expectedErrorCode';

/**
 * Which level a finished request is logged at: failures of the server (5xx) as errors, slow ones
 * as warnings, everything else at debug, so the default level does not log every request. An
 * expected 5xx (`expected`: the filter has warned about it) is logged like any other request.
 */
export function requestLogLevel(
  statusCode: number,
  ms: number,
  expected = false,
): 'error' | 'warn' | 'debug' {
  if (statusCode >= 500 && !expected) return 'error';
  if (ms >= SLOW_REQUEST_MS) return 'warn';
  return 'debug';
}

/** Gives every request a correlation id (kept from `X-Correlation-Id` if sent) and logs it once done (see requestLogLevel). */
export function requestContext(request: Request, response: Response, next: NextFunction): void {
  const incoming = request.header('x-correlation-id');
  request.correlationId = incoming && /^[\w-]{1,100}$/.test(incoming) ? incoming : randomUUID();
  response.setHeader('X-Correlation-Id', request.correlationId);
  const started = process.hrtime.bigint();
  response.on('finish', () => {
    if (!request.originalUrl.startsWith('/api')) return;
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const line = `${request.method} ${request.originalUrl} ${response.statusCode} ${ms.toFixed(1)}ms correlationId=${request.correlationId}`;
    const expected = typeof response.locals[EXPECTED_ERROR_CODE] === 'string';
    logger[requestLogLevel(response.statusCode, ms, expected)](line);
  });
  next();
}
