import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import { DataSource } from 'typeorm';
import type { Invitation, InvitationStatus, RegistrationOptions } from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { Admin, Public } from '../../../platform/http/access.decorators.js';
import { invitationStatus, isWellFormedInvitationToken } from '../../domain/index.js';
import { invitationUrl, pageLinkBase } from '../../invitation-links.js';
import { InvitationRow } from './invitation.entity.js';

function statusOf(row: InvitationRow, now: Date): InvitationStatus {
  return invitationStatus(
    {
      created: true,
      maxUses: row.maxUses,
      uses: row.uses,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      revoked: row.revokedAt !== null,
    },
    now,
  );
}

@ApiTags('accounts')
@Controller()
export class InvitationsController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('invites')
  @Admin()
  @ApiOperation({ summary: 'Invitation links, newest first, with their uses and status (admins only)' })
  async list(): Promise<Invitation[]> {
    const rows = await this.dataSource
      .getRepository(InvitationRow)
      .find({ order: { createdAt: 'DESC', token: 'ASC' } });
    const base = pageLinkBase(this.config);
    const now = this.clock.now();
    return rows.map((row) => ({
      token: row.token,
      url: invitationUrl(base, row.token),
      maxUses: row.maxUses,
      uses: row.uses,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      revokedAt: row.revokedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy,
      status: statusOf(row, now) as Invitation['status'],
    }));
  }

  @Get('auth/registration')
  @Public()
  @ApiOperation({
    summary: 'What the registration page may offer: open or by invitation, first account, the link status',
  })
  async registration(@Query('invite') invite?: string): Promise<RegistrationOptions> {
    const admins = await this.dataSource.query<unknown[]>('SELECT 1 FROM user_admins LIMIT 1');
    let invitation: RegistrationOptions['invitation'] = null;
    if (typeof invite === 'string' && invite !== '') {
      const row = isWellFormedInvitationToken(invite)
        ? await this.dataSource.getRepository(InvitationRow).findOneBy({ token: invite })
        : null;
      invitation = { status: row ? statusOf(row, this.clock.now()) : 'unknown' };
    }
    return { mode: this.config.accounts.registration, firstAccount: admins.length === 0, invitation };
  }
}
