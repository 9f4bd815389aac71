import { Body, Controller, HttpCode, HttpException, Inject, Logger, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ReadsFrom } from '../../../projections/read-your-writes.js';
import { RenderMailQuery } from '../../../shared/queries/mail-queries.js';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import { IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';
import {
  ErrorCodes,
  errorStatus,
  userDisplayName,
  type SendInviteFailure,
  type SendInviteRequest,
  type SendInviteResponse,
} from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { MAILER, type Mailer } from '../../../platform/mail/mailer.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { Admin } from '../../../platform/http/access.decorators.js';
import { commandContext } from '../../../platform/http/command-context.js';
import { authenticationOf } from '../../access/authentication.js';
import { isPlausibleEmail, normalizeEmail } from '../../domain/index.js';
import { invitationUrl, pageLinkBase } from '../../invitation-links.js';
import { CreateInvitationCommand } from '../create-invitation/create-invitation.handler.js';

export class SendInviteBody implements SendInviteRequest {
  @IsString()
  @MaxLength(254)
  email: string;
}

/** A mailed invitation admits one account and lasts two weeks. */
const mailedInvitation = { maxUses: 1, days: 14 };

/**
 * Mails a fresh single-use invitation link. Without SMTP, or when the mail server refuses, the
 * link is still created and comes back as `fallbackLink` in a 503 EMAIL_UNAVAILABLE answer, so the
 * admin can copy it and send it another way.
 */
@ApiTags('accounts')
@Controller('send-invite')
export class SendInvitationController {
  private readonly logger = new Logger('Mail');

  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @ReadsFrom('invitations')
  @HttpCode(200)
  @Admin()
  @ApiOperation({
    summary: 'E-mail a single-use invitation link (503 with a fallback link when mail is unavailable)',
  })
  async send(@Body() body: SendInviteBody, @Req() request: Request): Promise<SendInviteResponse> {
    const email = normalizeEmail(body.email);
    if (!isPlausibleEmail(email))
      throw new DomainError(ErrorCodes.VALIDATION_FAILED, 'email must be an e-mail address.');
    const context = commandContext(request, this.clock, 'admin');
    const expiresAt = new Date(context.now.getTime() + mailedInvitation.days * 24 * 60 * 60_000);
    const { token } = await this.commandBus.execute(
      new CreateInvitationCommand({ maxUses: mailedInvitation.maxUses, expiresAt }, context),
    );
    // PUBLIC_URL, which a pool that mails always has; without mail, maybe a path the web app completes.
    const link = invitationUrl(pageLinkBase(this.config), token);

    if (!this.mailer.configured) throw unavailable('E-mail is not set up on this server', link);
    const inviter = authenticationOf(request).user;
    // The pool's `invite` template: user_* is the inviting admin, referral_link the new invitation.
    const mail = await this.queryBus.execute(
      new RenderMailQuery('invite', inviter.id, {
        user_name: userDisplayName(inviter),
        user_email: inviter.email,
        referral_link: link,
        invite_days: String(mailedInvitation.days),
      }),
    );
    try {
      await this.mailer.send({ to: email, subject: mail.subject, text: mail.text });
    } catch (error) {
      this.logger.warn(
        `Invitation mail to ${email} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      throw unavailable('The invitation e-mail could not be sent', link);
    }
    return { message: `Invitation sent to ${email}.`, fallbackLink: link };
  }
}

function unavailable(message: string, fallbackLink: string): HttpException {
  const body: SendInviteFailure = {
    statusCode: errorStatus.EMAIL_UNAVAILABLE,
    code: ErrorCodes.EMAIL_UNAVAILABLE,
    message,
    fallbackLink,
  };
  return new HttpException(body, body.statusCode);
}
