import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ErrorCodes, type AuthResponse } from '@treble/contracts';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { DomainError } from '../../shared/domain/domain-error.js';
import { UserDirectory } from '../queries/users/user-directory.js';
import { KnownDevices } from './known-devices.js';
import { readSessionToken, sessionCookieName } from './session-cookie.js';
import { SessionStore } from './session-store.js';

/** Opens and ends the session of a browser, cookie included. */
@Injectable()
export class SessionIssuer {
  constructor(
    private readonly sessions: SessionStore,
    private readonly users: UserDirectory,
    private readonly devices: KnownDevices,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Signs a user in with a NEW session id: whatever session the browser held before ends, so an id
   * planted in the browser before sign-in (session fixation) never becomes a signed-in one. The
   * browser becomes a known device of the user (known-devices.ts).
   */
  async signIn(request: Request, response: Response, userId: string): Promise<AuthResponse> {
    await this.sessions.revokeToken(readSessionToken(request.headers.cookie));
    const user = await this.users.find(userId);
    if (user === null) {
      // Credentials without an account: a sign-up that did not complete.
      throw new DomainError(ErrorCodes.INVALID_CREDENTIALS, 'The e-mail address or password is not right.');
    }
    if (!(await this.users.isActive(userId))) {
      throw new DomainError(
        ErrorCodes.ACCOUNT_DEACTIVATED,
        'This account has been deactivated. Ask the pool host if you think this is a mistake.',
      );
    }
    const now = this.clock.now();
    const opened = await this.sessions.open(userId, now);
    // HttpOnly (scripts cannot read it), SameSite=Lax (not sent with cross-site POSTs), Secure when
    // the pool is served over HTTPS, and gone by the session's absolute expiry. The lifetime is sent
    // as Max-Age, relative to the browser's own clock: the pool's clock may be pinned (POOL_NOW).
    response.cookie(sessionCookieName, opened.token, {
      ...this.cookieOptions(),
      maxAge: Math.max(0, Date.parse(opened.session.expiresAt) - now.getTime()),
    });
    await this.devices.remember(response, userId);
    return { user, session: opened.session };
  }

  async signOut(request: Request, response: Response): Promise<void> {
    await this.sessions.revokeToken(readSessionToken(request.headers.cookie));
    response.clearCookie(sessionCookieName, this.cookieOptions());
  }

  private cookieOptions() {
    return { httpOnly: true, sameSite: 'lax', secure: this.config.accounts.cookieSecure, path: '/' } as const;
  }
}
