import { Body, Controller, HttpCode, Inject, Logger, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import { IsString, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import {
  ErrorCodes,
  type AuthResponse,
  type PasswordResetLink,
  type PasswordResetRequest,
  type PasswordResetRequested,
  type ResetPasswordRequest,
} from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { commandContext } from '../../../platform/http/command-context.js';
import { MAILER, type Mailer } from '../../../platform/mail/mailer.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { Admin, Public } from '../../../platform/http/access.decorators.js';
import { isPlausibleEmail, normalizeEmail } from '../../domain/index.js';
import { mailLinkBase, pageLinkBase } from '../../invitation-links.js';
import { UserDirectory } from '../../queries/users/user-directory.js';
import { CredentialStore } from '../../sessions/credential-store.js';
import { SessionIssuer } from '../../sessions/session-issuer.js';
import { memberId } from '../manage-members/member-management.service.js';
import { PasswordResets, resetLinkLifetimeMs } from './password-resets.js';

export class PasswordResetRequestBody implements PasswordResetRequest {
  @IsString()
  @MaxLength(254)
  email: string;
}

export class ResetPasswordBody implements ResetPasswordRequest {
  @IsString()
  @MaxLength(200)
  token: string;

  @IsString()
  @MaxLength(1024)
  newPassword: string;
}

/** The page of the web app that sets a new password with a link's token. */
export const resetPasswordUrl = (baseUrl: string, token: string): string =>
  `${baseUrl}/reset-password?token=${encodeURIComponent(token)}`;

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * "Forgot password": a player asks for a link by e-mail, or an admin creates one to hand over
 * (for a pool without SMTP_URL). The request answers the same whatever the address, and at once:
 * nothing about the address is looked up until the answer has gone out (the link is issued and
 * mailed after it), so neither the text nor the time tells whether an account exists. Mailed links
 * point to PUBLIC_URL, never to the Host the request names.
 */
@ApiTags('accounts')
@Controller()
export class PasswordResetController {
  private readonly logger = new Logger('PasswordReset');

  constructor(
    private readonly resets: PasswordResets,
    private readonly credentials: CredentialStore,
    private readonly users: UserDirectory,
    private readonly sessions: SessionIssuer,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('auth/password-reset/request')
  @HttpCode(202)
  @Public()
  @ApiOperation({
    summary:
      'Ask for a password reset link by e-mail (same answer whether or not the address has an account)',
  })
  async request(
    @Body() body: PasswordResetRequestBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PasswordResetRequested> {
    const email = normalizeEmail(body.email);
    if (!isPlausibleEmail(email))
      throw new DomainError(ErrorCodes.VALIDATION_FAILED, 'email must be an e-mail address.');
    const now = this.clock.now();
    await this.resets.countRequest(email, request.ip ?? 'unknown', now);
    if (!this.mailer.configured) {
      return {
        message:
          'This pool cannot send e-mail. Ask your pool host for a reset link: they can create one for you.',
      };
    }
    const context = { now, correlationId: request.correlationId ?? 'unknown' };
    // 'close' comes once the answer is out (or the client has gone): only then is the address looked up.
    response.once('close', () => {
      this.mailLink(email, context).catch((error: unknown) =>
        this.logger.warn(
          `Reset link for ${email} failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    });
    return {
      message:
        'If an account uses this address, a link to set a new password is on its way. It works once, within an hour.',
    };
  }

  private async mailLink(email: string, context: { now: Date; correlationId: string }) {
    const stored = await this.credentials.findByEmail(email);
    if (stored === null || !(await this.users.isActive(stored.userId))) return;
    if (!(await this.resets.countMailedLink(stored.userId, context.now))) return;
    const { token } = await this.resets.issue(stored.userId, 'email', {
      ...context,
      actor: stored.userId,
      source: 'player',
    });
    const link = resetPasswordUrl(mailLinkBase(this.config), token);
    const minutes = resetLinkLifetimeMs.email / 60_000;
    await this.mailer.send({
      to: email,
      subject: 'Set a new password for your Treble pool',
      text: [
        'Someone (hopefully you) asked to set a new password for your Treble account.',
        '',
        `Open this link to choose one (it works once, within ${minutes} minutes):`,
        link,
        '',
        'Setting a new password signs you out everywhere else. If you did not ask, ignore this e-mail: your password stays as it is.',
      ].join('\n'),
      html: [
        '<p>Someone (hopefully you) asked to set a new password for your Treble account.</p>',
        `<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works once, within ${minutes} minutes).</p>`,
        '<p>Setting a new password signs you out everywhere else. If you did not ask, ignore this e-mail: your password stays as it is.</p>',
      ].join('\n'),
    });
  }

  @Post('auth/password-reset')
  @HttpCode(200)
  @Public()
  @ApiOperation({
    summary: 'Set a new password with a reset link; ends every other session and signs this browser in',
  })
  async reset(
    @Body() body: ResetPasswordBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthResponse> {
    const userId = await this.resets.reset(body.token.trim(), body.newPassword, {
      now: this.clock.now(),
      correlationId: request.correlationId ?? 'unknown',
      source: 'player',
    });
    return this.sessions.signIn(request, response, userId);
  }

  @Post('admin/users/:userId/password-reset')
  @HttpCode(201)
  @Admin()
  @ApiOperation({ summary: 'Create a password reset link for a player, to hand over by hand (admins only)' })
  async createLink(@Param('userId') userId: string, @Req() request: Request): Promise<PasswordResetLink> {
    const { token, expiresAt } = await this.resets.issue(
      memberId(userId),
      'admin',
      commandContext(request, this.clock, 'admin'),
    );
    return {
      url: resetPasswordUrl(pageLinkBase(this.config), token),
      expiresAt: expiresAt.toISOString(),
    };
  }
}
