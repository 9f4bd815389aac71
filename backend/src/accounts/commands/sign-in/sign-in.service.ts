import { Injectable } from '@nestjs/common';
import { ErrorCodes } from '@treble/contracts';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { normalizeEmail } from '../../domain/index.js';
import { CredentialStore } from '../../sessions/credential-store.js';
import { PasswordHasher } from '../../sessions/password-hasher.js';
import { SignInRateLimiter } from '../../sessions/sign-in-rate-limiter.js';

/** One message for every failed sign-in: it must not tell whether the e-mail has an account. */
export const invalidCredentials = (): DomainError =>
  new DomainError(ErrorCodes.INVALID_CREDENTIALS, 'The e-mail address or password is not right.');

/** Checks an e-mail and password; passwords and sessions are not events, so nothing is appended. */
@Injectable()
export class SignInService {
  constructor(
    private readonly credentials: CredentialStore,
    private readonly hasher: PasswordHasher,
    private readonly limiter: SignInRateLimiter,
  ) {}

  /** The user id behind the credentials; 401 INVALID_CREDENTIALS or 429 RATE_LIMITED otherwise. */
  async verify(email: string, password: string, address: string): Promise<string> {
    const normalized = normalizeEmail(email);
    await this.limiter.attempt(address, normalized);
    const stored = await this.credentials.findByEmail(normalized);
    // An unknown e-mail costs the same hashing time as a wrong password.
    const valid = stored
      ? await this.hasher.verify(stored.passwordHash, password)
      : await this.hasher.verifyNothing(password);
    if (!stored || !valid) {
      await this.limiter.recordFailure(address, normalized);
      throw invalidCredentials();
    }
    await this.limiter.recordSuccess(address, normalized);
    return stored.userId;
  }
}
