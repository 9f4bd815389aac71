import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

declare module 'express-serve-static-core' {
  interface Request {
    correlationId?: string;
  }
}

const logger = new Logger('HTTP');

/** Gives every request a correlation id (kept from `X-Correlation-Id` if sent) and logs it once done. */
export function requestContext(request: Request, response: Response, next: NextFunction): void {
  const incoming = request.header('x-correlation-id');
  request.correlationId = incoming && /^[\w-]{1,100}$/.test(incoming) ? incoming : randomUUID();
  response.setHeader('X-Correlation-Id', request.correlationId);
  const started = process.hrtime.bigint();
  response.on('finish', () => {
    if (!request.originalUrl.startsWith('/api')) return;
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logger.log(
      `${request.method} ${request.originalUrl} ${response.statusCode} ${ms.toFixed(1)}ms correlationId=${request.correlationId}`,
    );
  });
  next();
}
