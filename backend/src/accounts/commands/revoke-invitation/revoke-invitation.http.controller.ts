import { Controller, Delete, HttpCode, Inject, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import type { Request } from 'express';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { Admin } from '../../../platform/http/access.decorators.js';
import { commandContext } from '../../../platform/http/command-context.js';
import { RevokeInvitationCommand } from './revoke-invitation.handler.js';
import { ClientWaitsForReads, ReadsFrom } from '../../../projections/read-your-writes.js';

@ApiTags('accounts')
@Controller('invites')
export class RevokeInvitationController {
  constructor(
    private readonly commandBus: CommandBus,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Delete(':token')
  @ReadsFrom('invitations')
  @ClientWaitsForReads()
  @HttpCode(204)
  @Admin()
  @ApiOperation({ summary: 'Revoke an invitation link' })
  async revoke(@Param('token') token: string, @Req() request: Request): Promise<void> {
    await this.commandBus.execute(
      new RevokeInvitationCommand(token, commandContext(request, this.clock, 'admin')),
    );
  }
}
