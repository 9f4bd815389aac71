import type { NextFunction, Request, Response } from 'express';
import { DEFAULT_POOL_ADDRESS, ErrorCodes } from '@treble/contracts';
import { DomainError } from '../shared/domain/domain-error.js';

const scoped = /^\/api\/pools\/([^/?]*)(\/[^?]*)(\?.*)?$/;

/** What a pool that does not exist, or is not the asker's, is answered. */
export const poolNotFound = () =>
  new DomainError(ErrorCodes.POOL_NOT_FOUND, 'There is no such pool, or you are not one of its members.');

/**
 * Pool-scoped routes (docs/adr/015): `/api/pools/{address}/…` is served by the route of the same
 * shape without the prefix, in that pool. An install has one pool so far, the default one, which
 * the unscoped routes mean; any other address is `404 POOL_NOT_FOUND` (the same answer a
 * non-member of an existing pool will get), decided before any handler runs or anything changes.
 * `/api/pools` and `/api/pools/{address}` themselves are the pools controller's.
 */
export function poolRoutes(request: Request, _response: Response, next: NextFunction): void {
  const match = scoped.exec(request.url);
  if (match === null) return next();
  const [, address, rest, query = ''] = match;
  if (address !== DEFAULT_POOL_ADDRESS) return next(poolNotFound());
  request.url = `/api${rest}${query}`;
  next();
}
