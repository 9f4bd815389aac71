import { Body, Controller, Delete, HttpCode, HttpException, Inject, Param, Post, Req } from '@nestjs/common';
import { IsInt, IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';
import {
  ErrorCodes,
  errorStatus,
  type CreatedInvitation,
  type CreateInvitationRequest,
  type SendInviteFailure,
  type SendInviteRequest,
  type SendInviteResponse,
} from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { Admin, Player } from '../../../platform/http/access.decorators.js';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import { commandContext, requestUser } from '../../../platform/http/command-context.js';
import { ClientWaitsForReads, ReadsFrom } from '../../../projections/read-your-writes.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { authenticationOf } from '../../access/authentication.js';
import { InvitationsService } from './invitations.service.js';

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

/** The routes of invitation links; the service holds the rules. */
@ApiTags('accounts')
@Controller()
@ReadsFrom('invitations')
export class InvitationCommandsController {
  constructor(
    private readonly invitations: InvitationsService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post('invites')
  @ClientWaitsForReads()
  @HttpCode(201)
  @Admin()
  @ApiOperation({ summary: 'Create an invitation link, optionally with a maximum of uses and an expiry' })
  create(@Body() body: CreateInvitationBody, @Req() request: Request): Promise<CreatedInvitation> {
    return this.invitations.create(
      {
        maxUses: body.maxUses ?? null,
        expiresAt: body.expiresAt === undefined ? null : new Date(body.expiresAt),
      },
      commandContext(request, this.clock, 'admin'),
    );
  }

  @Post('invites/referral')
  @ClientWaitsForReads()
  @HttpCode(200)
  @Player()
  @ApiOperation({
    summary: 'Your referral invitation link: one per player, issued on demand, reusable, revocable by admins',
  })
  referral(@Req() request: Request): Promise<CreatedInvitation> {
    if (!requestUser(request)) throw new DomainError(ErrorCodes.UNAUTHENTICATED, 'Please sign in.');
    return this.invitations.referral(commandContext(request, this.clock, 'player'));
  }

  @Delete('invites/:token')
  @ClientWaitsForReads()
  @HttpCode(204)
  @Admin()
  @ApiOperation({ summary: 'Revoke an invitation link' })
  revoke(@Param('token') token: string, @Req() request: Request): Promise<void> {
    return this.invitations.revoke(token, commandContext(request, this.clock, 'admin'));
  }

  /**
   * Without SMTP, or when the mail server refuses, the link still exists and comes back as
   * `fallbackLink` in a 503 EMAIL_UNAVAILABLE answer.
   */
  @Post('send-invite')
  @HttpCode(200)
  @Admin()
  @ApiOperation({
    summary: 'E-mail a single-use invitation link (503 with a fallback link when mail is unavailable)',
  })
  async send(@Body() body: SendInviteBody, @Req() request: Request): Promise<SendInviteResponse> {
    const { link, email, delivery } = await this.invitations.send(
      body.email,
      authenticationOf(request).user,
      commandContext(request, this.clock, 'admin'),
    );
    if (delivery === 'mail-not-set-up') throw unavailable('E-mail is not set up on this server', link);
    if (delivery === 'mail-refused') throw unavailable('The invitation e-mail could not be sent', link);
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
