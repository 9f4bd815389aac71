import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ErrorCodes } from '@treble/contracts';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { DomainError } from '../../shared/domain/domain-error.js';
import { readSessionToken } from '../sessions/session-cookie.js';
import { SessionStore } from '../sessions/session-store.js';
import { ACCESS_KEY, type Access } from '../../platform/http/access.decorators.js';

/**
 * The one place HTTP access is decided (registered globally). Signed out → 401 UNAUTHENTICATED;
 * a player on an admin route → 403 FORBIDDEN_ADMIN_ONLY; a route that declares no access at all
 * is refused outright, so forgetting the decorator can never open a route.
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
    if (access === 'public') return true;
    const request = context.switchToHttp().getRequest<Request>();
    const auth = await this.sessions.resolve(readSessionToken(request.headers.cookie), this.clock.now());
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
