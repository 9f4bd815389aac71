import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ErrorCodes, isAccountRoute, type PoolRole } from '@treble/contracts';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { DomainError } from '../../shared/domain/domain-error.js';
import { readSessionToken } from '../sessions/session-cookie.js';
import { SessionStore, type Authentication } from '../sessions/session-store.js';
import { ACCESS_KEY, type Access } from '../../platform/http/access.decorators.js';
import { requestPoolKey } from '../../platform/http/command-context.js';
import { poolNotFound } from '../../shared/queries/pool-queries.js';
import { DEFAULT_POOL_KEY } from '../../platform/pool-scope/pool-scope.js';

/**
 * The one place HTTP access is decided (registered globally). Signed out → 401 UNAUTHENTICATED;
 * a player on an admin route → 403 FORBIDDEN_ADMIN_ONLY; a route that declares no access at all
 * is refused outright, so forgetting the decorator can never open a route.
 *
 * In a pool other than the default one (`/api/pools/{pool}/…`, docs/adr/015) every route needs a
 * signed-in member: anyone else, signed in or not, gets 404 POOL_NOT_FOUND, the answer for a pool
 * that does not exist, so a pool's existence is not disclosed. There, admin means the pool's admin.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // Socket.IO connections are authenticated once, at the handshake (RealtimeGateway).
    if (context.getType() !== 'http') return true;
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (access === undefined) {
      throw new DomainError(
        ErrorCodes.INTERNAL_ERROR,
        'This route declares no access rule (@Public, @Player or @Admin), so it is closed.',
      );
    }
    const request = context.switchToHttp().getRequest<Request>();
    const poolKey = requestPoolKey(request);
    if (access === 'public' && poolKey === DEFAULT_POOL_KEY) return true;
    const token = readSessionToken(request.headers.cookie);
    const auth =
      poolKey === DEFAULT_POOL_KEY
        ? await this.sessions.resolve(token, this.clock.now())
        : asMember(await this.sessions.roleIn(token, this.clock.now(), poolKey));
    if (auth === null && poolKey !== DEFAULT_POOL_KEY) throw poolNotFound();
    // A person who joined other pools only is no member of the default pool: its routes are closed
    // to them as another pool's are to a non-member; their own account's routes are open.
    if (
      auth !== null &&
      !auth.memberOfDefaultPool &&
      poolKey === DEFAULT_POOL_KEY &&
      !isAccountRoute(request.path)
    )
      throw poolNotFound();
    if (auth === null)
      throw new DomainError(
        ErrorCodes.UNAUTHENTICATED,
        'You are not signed in. Please sign in and try again.',
      );
    request.auth = auth;
    request.user = auth.user;
    if (access === 'admin' && !auth.user.isAdmin) {
      throw new DomainError(ErrorCodes.FORBIDDEN_ADMIN_ONLY, 'Only pool admins can do this.');
    }
    return true;
  }
}

/** The signed-in person as a member of a pool (admin meaning the pool's admin), or null. */
function asMember(found: { auth: Authentication; role: PoolRole | null } | null): Authentication | null {
  if (found === null || found.role === null) return null;
  return { ...found.auth, user: { ...found.auth.user, isAdmin: found.role === 'admin' } };
}
