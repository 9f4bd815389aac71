import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import { IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';
import { ErrorCodes, type ChangePasswordRequest } from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { Player } from '../../../platform/http/access.decorators.js';
import { authenticationOf } from '../../access/authentication.js';
import { checkPasswordPolicy } from '../../domain/index.js';
import { CredentialStore } from '../../sessions/credential-store.js';
import { PasswordHasher } from '../../sessions/password-hasher.js';
import { SessionStore } from '../../sessions/session-store.js';
import { SignInRateLimiter } from '../../sessions/sign-in-rate-limiter.js';

export class ChangePasswordBody implements ChangePasswordRequest {
  @IsString()
  @MaxLength(1024)
  currentPassword: string;

  @IsString()
  @MaxLength(1024)
  newPassword: string;
}

/**
 * Passwords are not events (ADR 004): the hash is replaced in place. Every other session of the
 * user ends, so a password changed because it leaked also throws out whoever used it.
 */
@ApiTags('accounts')
@Controller('auth')
export class ChangePasswordController {
  constructor(
    private readonly credentials: CredentialStore,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStore,
    private readonly limiter: SignInRateLimiter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post('password')
  @HttpCode(204)
  @Player()
  @ApiOperation({ summary: 'Change your password (needs the current one); signs out your other sessions' })
  async change(@Body() body: ChangePasswordBody, @Req() request: Request): Promise<void> {
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
