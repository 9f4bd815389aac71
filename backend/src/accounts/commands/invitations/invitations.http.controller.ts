import { randomBytes } from 'node:crypto';
import {
  Body,
  Controller,
  Delete,
  HttpCode,
  HttpException,
  Inject,
  Logger,
  Param,
  Post,
  Req,
} from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { IsInt, IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';
import {
  ErrorCodes,
  errorStatus,
  userDisplayName,
  type CreatedInvitation,
  type CreateInvitationRequest,
  type SendInviteFailure,
  type SendInviteRequest,
  type SendInviteResponse,
} from '@treble/contracts';
import { decideAndAppend } from '../../../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../../../event-store/event-store.port.js';
import { loadAggregate } from '../../../event-store/read-stream.js';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { Admin, Player } from '../../../platform/http/access.decorators.js';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import { commandContext, requestUser } from '../../../platform/http/command-context.js';
import { MAILER, type Mailer } from '../../../platform/mail/mailer.js';
import { ClientWaitsForReads, ReadsFrom } from '../../../projections/read-your-writes.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { metadataFor, type CommandContext } from '../../../shared/domain/event.js';
import { RenderMailQuery } from '../../../shared/queries/mail-queries.js';
import { authenticationOf } from '../../access/authentication.js';
import {
  decideCreateInvitation,
  decideIssueReferral,
  decideRevokeInvitation,
  invitationModel,
  invitationStreamId,
  isPlausibleEmail,
  isWellFormedInvitationToken,
  normalizeEmail,
  referralModel,
  referralStreamId,
} from '../../domain/index.js';
import { invitationUrl, pageLinkBase } from '../../invitation-links.js';
import { InvitationQueries } from '../../queries/invitations/invitation.queries.js';

export class CreateInvitationBody implements CreateInvitationRequest {
  @IsOptional()
  @IsInt()
  maxUses?: number;

  @IsOptional()
  @IsISO8601({ strict: true })
  expiresAt?: string;
}

export class SendInviteBody implements SendInviteRequest {
  @IsString()
  @MaxLength(254)
  email: string;
}

/** A mailed invitation admits one account and lasts two weeks. */
const mailedInvitation = { maxUses: 1, days: 14 };

/** 24 random bytes, URL-safe (32 characters), like every invitation token. */
const newToken = (): string => randomBytes(24).toString('base64url');

@ApiTags('accounts')
@Controller()
@ReadsFrom('invitations')
export class InvitationCommandsController {
  private readonly logger = new Logger('Mail');

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly invitations: InvitationQueries,
    private readonly queryBus: QueryBus,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A new invitation link, made by the context's actor. */
  private async createInvitation(
    limits: { maxUses: number | null; expiresAt: Date | null },
    context: CommandContext,
    token = newToken(),
  ): Promise<CreatedInvitation> {
    await decideAndAppend(
      this.eventStore,
      invitationStreamId(token),
      invitationModel,
      (state) =>
        decideCreateInvitation(state, { token, ...limits, createdBy: context.actor, now: context.now }),
      metadataFor(context),
    );
    return { token, url: invitationUrl(pageLinkBase(this.config), token) };
  }

  @Post('invites')
  @ClientWaitsForReads()
  @HttpCode(201)
  @Admin()
  @ApiOperation({ summary: 'Create an invitation link, optionally with a maximum of uses and an expiry' })
  create(@Body() body: CreateInvitationBody, @Req() request: Request): Promise<CreatedInvitation> {
    return this.createInvitation(
      {
        maxUses: body.maxUses ?? null,
        expiresAt: body.expiresAt === undefined ? null : new Date(body.expiresAt),
      },
      commandContext(request, this.clock, 'admin'),
    );
  }

  /**
   * A player's referral link (Invite page): one real invitation per player, issued on the first
   * request and the same on every request after that, however many arrive at once (no limit of
   * uses, no expiry), so a friend can sign up in an invite-only pool. It admits nobody while its
   * player is deactivated or removed. It is listed with the other invitations on the Admin page,
   * where an admin can revoke it; the next request then issues a new one.
   *
   * However many requests race, the token is decided on the member's referral stream at the
   * version read (another app instance that got there first makes the append fail, and the cycle
   * runs again and keeps its token), then the invitation behind it is created if it is not yet, by
   * whichever request comes first (creating it twice changes nothing).
   */
  @Post('invites/referral')
  @ClientWaitsForReads()
  @HttpCode(200)
  @Player()
  @ApiOperation({
    summary: 'Your referral invitation link: one per player, issued on demand, reusable, revocable by admins',
  })
  async referral(@Req() request: Request): Promise<CreatedInvitation> {
    if (!requestUser(request)) throw new DomainError(ErrorCodes.UNAUTHENTICATED, 'Please sign in.');
    const context = commandContext(request, this.clock, 'player');
    const userId = context.actor;
    let token = '';
    await decideAndAppend(
      this.eventStore,
      referralStreamId(userId),
      referralModel,
      async (state) => {
        const current =
          state.token === null
            ? null
            : (await loadAggregate(this.eventStore, invitationStreamId(state.token), invitationModel)).state;
        const events = decideIssueReferral(state, {
          userId,
          currentRevoked: current?.revoked === true,
          // A link already shared before referral links had streams stays the member's.
          candidate:
            (state.token === null
              ? await this.invitations.earlierReferralToken(userId, context.now)
              : null) ?? newToken(),
        });
        token = events[0]?.data.token ?? state.token!;
        return events;
      },
      metadataFor(context),
    );
    return this.createInvitation({ maxUses: null, expiresAt: null }, context, token);
  }

  @Delete('invites/:token')
  @ClientWaitsForReads()
  @HttpCode(204)
  @Admin()
  @ApiOperation({ summary: 'Revoke an invitation link' })
  async revoke(@Param('token') token: string, @Req() request: Request): Promise<void> {
    if (!isWellFormedInvitationToken(token))
      throw new DomainError(ErrorCodes.INVITATION_NOT_FOUND, 'There is no such invitation.');
    await decideAndAppend(
      this.eventStore,
      invitationStreamId(token),
      invitationModel,
      (state) => decideRevokeInvitation(state, { token }),
      metadataFor(commandContext(request, this.clock, 'admin')),
    );
  }

  /**
   * Mails a fresh single-use invitation link. Without SMTP, or when the mail server refuses, the
   * link is still created and comes back as `fallbackLink` in a 503 EMAIL_UNAVAILABLE answer, so the
   * admin can copy it and send it another way.
   */
  @Post('send-invite')
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
    // PUBLIC_URL, which a pool that mails always has; without mail, maybe a path the web app completes.
    const { url: link } = await this.createInvitation(
      { maxUses: mailedInvitation.maxUses, expiresAt },
      context,
    );

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
