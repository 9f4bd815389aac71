import type { NextFunction, Request, Response } from 'express';
import { DEFAULT_POOL_ADDRESS, ErrorCodes, errorStatus, type ApiErrorBody } from '@treble/contracts';

const scoped = /^\/api\/pools\/([^/?]*)(\/[^?]*)(\?.*)?$/;

/**
 * Pool-scoped routes (docs/adr/015): `/api/pools/{address}/…` is served by the route of the same
 * shape without the prefix, in that pool. An install has one pool so far, the default one, which
 * the unscoped routes mean; any other address is `404 POOL_NOT_FOUND` (the same answer a
 * non-member of an existing pool will get), decided before any handler runs or anything changes.
 * `/api/pools` and `/api/pools/{address}` themselves are the pools controller's.
 */
export function poolRoutes(request: Request, response: Response, next: NextFunction): void {
  const match = scoped.exec(request.url);
  if (match === null) return next();
  const [, address, rest, query = ''] = match;
  if (address !== DEFAULT_POOL_ADDRESS) {
    const body: ApiErrorBody = {
      statusCode: errorStatus.POOL_NOT_FOUND,
      code: ErrorCodes.POOL_NOT_FOUND,
      message: 'There is no such pool, or you are not one of its members.',
    };
    response.status(body.statusCode).json(body);
    return;
  }
  request.url = `/api${rest}${query}`;
  next();
}
