import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import type { Request } from 'express';
import { ErrorCodes, type CreatedInvitation } from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { commandContext, requestUser } from '../../../platform/http/command-context.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { Player } from '../../../platform/http/access.decorators.js';
import { invitationUrl, pageLinkBase } from '../../invitation-links.js';
import { IssueReferralInvitationCommand } from './referral-invitation.handler.js';
import { ClientWaitsForReads, ReadsFrom } from '../../../projections/read-your-writes.js';

/**
 * A player's referral link (Invite page): one real invitation per player, issued on the first
 * request and the same on every request after that, however many arrive at once (no limit of
 * uses, no expiry), so a friend can sign up in an invite-only pool. It admits nobody while its
 * player is deactivated or removed. It is listed with the other invitations on the Admin page,
 * where an admin can revoke it; the next request then issues a new one.
 */
@ApiTags('accounts')
@Controller('invites')
export class ReferralInvitationController {
  constructor(
    private readonly commandBus: CommandBus,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('referral')
  @ReadsFrom('invitations')
  @ClientWaitsForReads()
  @HttpCode(200)
  @Player()
  @ApiOperation({
    summary: 'Your referral invitation link: one per player, issued on demand, reusable, revocable by admins',
  })
  async referral(@Req() request: Request): Promise<CreatedInvitation> {
    if (!requestUser(request)) throw new DomainError(ErrorCodes.UNAUTHENTICATED, 'Please sign in.');
    const { token } = await this.commandBus.execute(
      new IssueReferralInvitationCommand(commandContext(request, this.clock, 'player')),
    );
    return { token, url: invitationUrl(pageLinkBase(this.config), token) };
  }
}
