import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  ErrorCodes,
  type AdminUser,
  type CommunityStats,
  type Invitation,
  type RegistrationOptions,
  type User,
} from '@treble/contracts';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { Admin, Player, Public } from '../../platform/http/access.decorators.js';
import { ApiOperation, ApiTags } from '../../platform/http/api-docs.js';
import { DomainError } from '../../shared/domain/domain-error.js';
import { authenticationOf } from '../access/authentication.js';
import { pageLinkBase } from '../invitation-links.js';
import { InvitationQueries } from './invitations/invitation.queries.js';
import { UserDirectory } from './users/user-directory.js';

const week = 7 * 24 * 60 * 60_000;

@ApiTags('accounts')
/** The accounts' reads: who is signed in, the pool's accounts and invitations, its growth figures. */
@Controller()
export class AccountQueriesController {
  constructor(
    private readonly users: UserDirectory,
    private readonly invitations: InvitationQueries,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('auth/user')
  @Player()
  @ApiOperation({ summary: 'The signed-in user (401 when signed out)' })
  user(@Req() request: Request): User {
    return authenticationOf(request).user;
  }

  /** The original client asks for a temporary user first; Treble has none, so it falls back to /auth/user. */
  @Get('auth/temp-user')
  @Public()
  @ApiOperation({ summary: 'Always 401: there are no temporary users' })
  temporaryUser(): never {
    throw new DomainError(ErrorCodes.UNAUTHENTICATED, 'There are no temporary users.');
  }

  @Get('admin/users')
  @Admin()
  @ApiOperation({
    summary: 'Every account of the pool, oldest first, with active, entry fee and picks (admins only)',
  })
  listUsers(): Promise<AdminUser[]> {
    return this.users.listForAdmins();
  }

  /** The pool's growth figures for every player (the Invite page). */
  @Get('community/stats')
  @Player()
  @ApiOperation({
    summary:
      'Accounts in the pool, accounts that joined in the last 7 days, invitation links created and used',
  })
  stats(): Promise<CommunityStats> {
    return this.users.communityStats(new Date(this.clock.now().getTime() - week));
  }

  @Get('invites')
  @Admin()
  @ApiOperation({ summary: 'Invitation links, newest first, with their uses and status (admins only)' })
  listInvitations(): Promise<Invitation[]> {
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
