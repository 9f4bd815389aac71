import type { Request } from 'express';
import { ErrorCodes, type User } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';
import type { Authentication } from '../sessions/session-store.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by the AccessGuard on player and admin routes. */
    auth?: Authentication;
    /** The same signed-in user (read by platform/http/command-context.ts for event metadata). */
    user?: User;
  }
}

export function authenticationOf(request: Request): Authentication {
  if (!request.auth)
    throw new DomainError(ErrorCodes.UNAUTHENTICATED, 'You are not signed in. Please sign in and try again.');
  return request.auth;
}
