import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import { DataSource } from 'typeorm';
import type { CommunityStats } from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { Player } from '../../../platform/http/access.decorators.js';

const week = 7 * 24 * 60 * 60_000;

/** The pool's growth figures for every player, counted from the accounts read tables. */
@ApiTags('accounts')
@Controller('community')
export class CommunityController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('stats')
  @Player()
  @ApiOperation({
    summary:
      'Accounts in the pool, accounts that joined in the last 7 days, invitation links created and used',
  })
  async stats(): Promise<CommunityStats> {
    const since = new Date(this.clock.now().getTime() - week);
    const rows = await this.dataSource.query<
      { total_users: number; joined_this_week: number; invitations_sent: number; invitations_used: number }[]
    >(
      `SELECT (SELECT count(*) FROM users)::integer AS total_users,
              (SELECT count(*) FROM users WHERE created_at > $1)::integer AS joined_this_week,
              (SELECT count(*) FROM invitations)::integer AS invitations_sent,
              (SELECT count(*) FROM invitation_uses)::integer AS invitations_used`,
      [since],
    );
    const row = rows[0];
    return {
      totalUsers: row?.total_users ?? 0,
      joinedThisWeek: row?.joined_this_week ?? 0,
      invitationsSent: row?.invitations_sent ?? 0,
      invitationsUsed: row?.invitations_used ?? 0,
    };
  }
}
