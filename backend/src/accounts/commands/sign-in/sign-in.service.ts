import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCodes } from '@treble/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { MAILER, type Mailer } from '../../../platform/mail/mailer.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { normalizeEmail } from '../../domain/index.js';
import { mailLinkBase } from '../../invitation-links.js';
import { UserDirectory } from '../../queries/users/user-directory.js';
import { CredentialStore, type StoredCredentials } from '../../sessions/credential-store.js';
import { KnownDevices } from '../../sessions/known-devices.js';
import { PasswordHasher } from '../../sessions/password-hasher.js';
import { SignInRateLimiter, type SignInCaller } from '../../sessions/sign-in-rate-limiter.js';

/** One message for every failed sign-in: it must not tell whether the e-mail has an account. */
export const invalidCredentials = (): DomainError =>
  new DomainError(ErrorCodes.INVALID_CREDENTIALS, 'The e-mail address or password is not right.');

/** Where a sign-in comes from: the client address and the request's cookies (a known device?). */
export interface SignInOrigin {
  address: string;
  cookieHeader: string | undefined;
}

/** Checks an e-mail and password; passwords and sessions are not events, so nothing is appended. */
@Injectable()
export class SignInService {
  private readonly logger = new Logger('SignIn');

  constructor(
    private readonly credentials: CredentialStore,
    private readonly hasher: PasswordHasher,
    private readonly limiter: SignInRateLimiter,
    private readonly devices: KnownDevices,
    private readonly users: UserDirectory,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The user id behind the credentials; 401 INVALID_CREDENTIALS or 429 RATE_LIMITED (SignInRefused) otherwise. */
  async verify(email: string, password: string, origin: SignInOrigin): Promise<string> {
    const normalized = normalizeEmail(email);
    const stored = await this.credentials.findByEmail(normalized);
    const device = stored && (await this.devices.recognize(origin.cookieHeader, stored.userId));
    const caller: SignInCaller = device ? { device } : { address: origin.address };
    const { underAttack } = await this.limiter.attempt(caller, normalized);
    // An unknown e-mail costs the same hashing time as a wrong password.
    const valid = stored
      ? await this.hasher.verify(stored.passwordHash, password)
      : await this.hasher.verifyNothing(password);
    if (!stored || !valid) {
      const warn = await this.limiter.recordFailure(caller, normalized, underAttack);
      if (warn && stored) this.warnOwner(stored);
      throw invalidCredentials();
    }
    await this.limiter.recordSuccess(caller, normalized);
    return stored.userId;
  }

  /** Tells the owner (after the answer, when mail is set up) that their account is under attack. */
  private warnOwner(owner: StoredCredentials): void {
    if (!this.mailer.configured) return;
    const signIn = `${mailLinkBase(this.config)}/login`;
    void (async () => {
      if (!(await this.users.isActive(owner.userId))) return;
      await this.mailer.send({
        to: owner.email,
        subject: 'Many failed sign-ins to your Treble account',
        text: [
          'Someone has tried many wrong passwords for your Treble account. They did not get in.',
          '',
          'For now, sign-ins to your account from new devices are slowed down. On a device you have',
          'signed in with before, you sign in as usual. You can also set a new password with',
          `"Forgot password?" on the sign-in page: ${signIn}`,
          '',
          'If your password is one you use elsewhere, or easy to guess, change it.',
        ].join('\n'),
      });
    })().catch((error: unknown) =>
      this.logger.warn(
        `Warning to ${owner.email} failed: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  }
}
