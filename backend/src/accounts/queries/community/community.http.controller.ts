import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import type { CommunityStats } from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { Player } from '../../../platform/http/access.decorators.js';
import { UserDirectory } from '../users/user-directory.js';

const week = 7 * 24 * 60 * 60_000;

/** The pool's growth figures for every player (the Invite page). */
@ApiTags('accounts')
@Controller('community')
export class CommunityController {
  constructor(
    private readonly users: UserDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('stats')
  @Player()
  @ApiOperation({
    summary:
      'Accounts in the pool, accounts that joined in the last 7 days, invitation links created and used',
  })
  stats(): Promise<CommunityStats> {
    return this.users.communityStats(new Date(this.clock.now().getTime() - week));
  }
}
