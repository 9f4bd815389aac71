import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import type { Invitation, RegistrationOptions } from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { Admin, Public } from '../../../platform/http/access.decorators.js';
import { pageLinkBase } from '../../invitation-links.js';
import { InvitationQueries } from './invitation.queries.js';

@ApiTags('accounts')
@Controller()
export class InvitationsController {
  constructor(
    private readonly invitations: InvitationQueries,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('invites')
  @Admin()
  @ApiOperation({ summary: 'Invitation links, newest first, with their uses and status (admins only)' })
  list(): Promise<Invitation[]> {
    return this.invitations.list(pageLinkBase(this.config), this.clock.now());
  }

  @Get('auth/registration')
  @Public()
  @ApiOperation({
    summary: 'What the registration page may offer: open or by invitation, first account, the link status',
  })
  async registration(@Query('invite') invite?: string): Promise<RegistrationOptions> {
    const status = await this.invitations.registration(invite, this.clock.now());
    return {
      mode: this.config.accounts.registration,
      sendsEmail: this.config.accounts.smtpUrl !== null,
      ...status,
    };
  }
}
