import type { Request } from 'express';
import type { CommandContext, EventSource } from '../../shared/domain/event.js';
import type { Clock } from '../clock/clock.js';
import { DEFAULT_POOL_KEY } from '../pool-scope/pool-scope.js';

/** The signed-in user the access guard put on the request, if any. */
export interface RequestUser {
  id: string;
  email: string;
  isAdmin: boolean;
}

export function requestUser(request: Request): RequestUser | null {
  return (request as Request & { user?: RequestUser }).user ?? null;
}

/**
 * The key of the pool a request is in (docs/adr/015): set by the pool routes for
 * `/api/pools/{pool}/…`; the default pool's key, the empty one, for every other route.
 */
export function requestPoolKey(request: Request): string {
  return (request as Request & { poolKey?: string }).poolKey ?? DEFAULT_POOL_KEY;
}

/** Who does what, when: the context every command carries into the event metadata. */
export function commandContext(request: Request, clock: Clock, source: EventSource): CommandContext {
  const user = requestUser(request);
  return {
    actor: user?.id ?? 'anonymous',
    source,
    now: clock.now(),
    correlationId: request.correlationId ?? 'unknown',
  };
}
