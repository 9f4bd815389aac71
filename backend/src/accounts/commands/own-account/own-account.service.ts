import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, type UpdateProfileRequest, type User } from '@treble/contracts';
import { decideAndAppend } from '../../../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../../../event-store/event-store.port.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { metadataFor, type CommandContext } from '../../../shared/domain/event.js';
import { checkPasswordPolicy, decideUpdateProfile, userModel, userStreamId } from '../../domain/index.js';
import { UserDirectory } from '../../queries/users/user-directory.js';
import { CredentialStore } from '../../sessions/credential-store.js';
import { PasswordHasher } from '../../sessions/password-hasher.js';
import { SessionStore } from '../../sessions/session-store.js';
import { PasswordConfirmation } from '../../sessions/password-confirmation.js';

/** What signed-in players change of their own account: their name and picture, their password. */
@Injectable()
export class OwnAccountService {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly users: UserDirectory,
    private readonly credentials: CredentialStore,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStore,
    private readonly confirmation: PasswordConfirmation,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The actor edits their own profile; answers the account as it reads now. */
  async updateProfile(changes: UpdateProfileRequest, context: CommandContext): Promise<User> {
    const userId = context.actor;
    await decideAndAppend(
      this.eventStore,
      userStreamId(userId),
      userModel,
      (state) =>
        decideUpdateProfile(state, { userId, changes, imageHosts: this.config.accounts.profileImageHosts }),
      metadataFor(context),
    );
    const updated = await this.users.find(userId);
    if (updated === null) throw new DomainError(ErrorCodes.USER_NOT_FOUND, 'There is no such user.');
    return updated;
  }

  /**
   * Passwords are not events (ADR 004): the hash is replaced in place. Every other session of the
   * user ends, so a password changed because it leaked also throws out whoever used it.
   */
  async changePassword(
    account: { user: { id: string; email: string }; sessionId: string },
    passwords: { currentPassword: string; newPassword: string },
    now: Date,
  ): Promise<void> {
    const { user, sessionId } = account;
    await this.confirmation.confirm(account, passwords.currentPassword, 'The current password is not right.');
    checkPasswordPolicy(passwords.newPassword, user.email);
    await this.credentials.setPasswordHash(user.id, await this.hasher.hash(passwords.newPassword), now);
    await this.sessions.revokeOthers(user.id, sessionId);
  }
}
