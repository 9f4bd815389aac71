import { Body, Controller, HttpCode, Inject, Patch, Post, Req } from '@nestjs/common';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';
import {
  ErrorCodes,
  type ChangePasswordRequest,
  type UpdateProfileRequest,
  type User,
} from '@treble/contracts';
import { decideAndAppend } from '../../../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../../../event-store/event-store.port.js';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { Player } from '../../../platform/http/access.decorators.js';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import { commandContext } from '../../../platform/http/command-context.js';
import { ReadsFrom } from '../../../projections/read-your-writes.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { metadataFor } from '../../../shared/domain/event.js';
import { authenticationOf } from '../../access/authentication.js';
import { checkPasswordPolicy, decideUpdateProfile, userModel, userStreamId } from '../../domain/index.js';
import { UserDirectory } from '../../queries/users/user-directory.js';
import { CredentialStore } from '../../sessions/credential-store.js';
import { PasswordHasher } from '../../sessions/password-hasher.js';
import { SessionStore } from '../../sessions/session-store.js';
import { SignInRateLimiter } from '../../sessions/sign-in-rate-limiter.js';

export class UpdateProfileBody implements UpdateProfileRequest {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  firstName?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  lastName?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(2048)
  profileImageUrl?: string | null;
}

export class ChangePasswordBody implements ChangePasswordRequest {
  @IsString()
  @MaxLength(1024)
  currentPassword: string;

  @IsString()
  @MaxLength(1024)
  newPassword: string;
}

/** What signed-in players change of their own account: their name and picture, their password. */
@ApiTags('accounts')
@Controller('auth')
export class OwnAccountController {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly users: UserDirectory,
    private readonly credentials: CredentialStore,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStore,
    private readonly limiter: SignInRateLimiter,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Patch('user')
  @ReadsFrom('users')
  @Player()
  @ApiOperation({ summary: 'Edit your own name and picture URL' })
  async update(@Body() changes: UpdateProfileBody, @Req() request: Request): Promise<User> {
    const userId = authenticationOf(request).user.id;
    await decideAndAppend(
      this.eventStore,
      userStreamId(userId),
      userModel,
      (state) =>
        decideUpdateProfile(state, { userId, changes, imageHosts: this.config.accounts.profileImageHosts }),
      metadataFor(commandContext(request, this.clock, 'player')),
    );
    const updated = await this.users.find(userId);
    if (updated === null) throw new DomainError(ErrorCodes.USER_NOT_FOUND, 'There is no such user.');
    return updated;
  }

  /**
   * Passwords are not events (ADR 004): the hash is replaced in place. Every other session of the
   * user ends, so a password changed because it leaked also throws out whoever used it.
   */
  @Post('password')
  @HttpCode(204)
  @Player()
  @ApiOperation({ summary: 'Change your password (needs the current one); signs out your other sessions' })
  async changePassword(@Body() body: ChangePasswordBody, @Req() request: Request): Promise<void> {
    const { user, sessionId } = authenticationOf(request);
    // Guessing the current password through this form is limited like guessing it on a known
    // device: the session is the caller, with its own attempts.
    const caller = { device: `session:${sessionId}` };
    await this.limiter.attempt(caller, user.email);
    const stored = await this.credentials.findByUser(user.id);
    if (stored === null || !(await this.hasher.verify(stored.passwordHash, body.currentPassword))) {
      await this.limiter.recordFailure(caller, user.email, false);
      throw new DomainError(ErrorCodes.PASSWORD_INCORRECT, 'The current password is not right.');
    }
    await this.limiter.recordSuccess(caller, user.email);
    checkPasswordPolicy(body.newPassword, user.email);
    await this.credentials.setPasswordHash(
      user.id,
      await this.hasher.hash(body.newPassword),
      this.clock.now(),
    );
    await this.sessions.revokeOthers(user.id, sessionId);
  }
}
