import { Injectable } from '@nestjs/common';
import { ErrorCodes } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';
import { CredentialStore } from './credential-store.js';
import { PasswordHasher } from './password-hasher.js';
import { SignInRateLimiter } from './sign-in-rate-limiter.js';

/**
 * A signed-in person confirms a grave step (a new password, deleting their account) with their
 * password. Guessing it this way is limited like guessing it on a known device: the session is the
 * caller, with its own attempts.
 */
@Injectable()
export class PasswordConfirmation {
  constructor(
    private readonly credentials: CredentialStore,
    private readonly hasher: PasswordHasher,
    private readonly limiter: SignInRateLimiter,
  ) {}

  /** Passes, or refuses with `400 PASSWORD_INCORRECT` and the message `wrong`. */
  async confirm(
    account: { user: { id: string; email: string }; sessionId: string },
    password: string,
    wrong: string,
  ): Promise<void> {
    const { user, sessionId } = account;
    const caller = { device: `session:${sessionId}` };
    await this.limiter.attempt(caller, user.email);
    const stored = await this.credentials.findByUser(user.id);
    if (stored === null || !(await this.hasher.verify(stored.passwordHash, password))) {
      await this.limiter.recordFailure(caller, user.email, false);
      throw new DomainError(ErrorCodes.PASSWORD_INCORRECT, wrong);
    }
    await this.limiter.recordSuccess(caller, user.email);
  }
}
