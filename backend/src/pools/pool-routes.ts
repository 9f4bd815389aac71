import type { NextFunction, Request, Response } from 'express';
import { poolNotFound } from '../shared/queries/pool-queries.js';
import type { PoolDirectory } from './pool-directory.js';

const scoped = /^\/api\/pools\/([^/?]*)(\/[^?]*)(\?.*)?$/;

/**
 * Pool-scoped routes (docs/adr/015): `/api/pools/{address}/…` is served by the route of the same
 * shape without the prefix, in that pool: the request carries the pool's key (`requestPoolKey`),
 * which the pool scope interceptor turns into the scope its handler runs in
 * (event-store/pool-scope.ts), so its commands write the pool's streams. The unscoped routes mean the default pool. An address no pool has is
 * `404 POOL_NOT_FOUND`, decided before any handler runs or anything changes; whether the caller is
 * a member is the access guard's to decide (the same 404 for a non-member). `/api/pools` and
 * `/api/pools/{address}` themselves are the pools controller's.
 */
export function poolRoutes(directory: PoolDirectory) {
  return (request: Request, _response: Response, next: NextFunction): void => {
    const match = scoped.exec(request.url);
    if (match === null) return next();
    const [, address, rest, query = ''] = match;
    directory.keyOf(address!).then((key) => {
      if (key === null) return next(poolNotFound());
      request.url = `/api${rest}${query}`;
      (request as Request & { poolKey?: string }).poolKey = key;
      next();
    }, next);
  };
}
