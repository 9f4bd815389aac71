import { Controller, Delete, HttpCode, Inject, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import type { Request } from 'express';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { ProjectionEngine } from '../../../projections/projection-engine.js';
import { Admin } from '../../../platform/http/access.decorators.js';
import { commandContext } from '../../../platform/http/command-context.js';
import { RevokeInvitationCommand } from './revoke-invitation.handler.js';
import { ClientWaitsForReads } from '../../../projections/read-your-writes.js';

@ApiTags('accounts')
@Controller('invites')
export class RevokeInvitationController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly engine: ProjectionEngine,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Delete(':token')
  @ClientWaitsForReads()
  @HttpCode(204)
  @Admin()
  @ApiOperation({ summary: 'Revoke an invitation link' })
  async revoke(@Param('token') token: string, @Req() request: Request): Promise<void> {
    const { position } = await this.commandBus.execute(
      new RevokeInvitationCommand(token, commandContext(request, this.clock, 'admin')),
    );
    if (position !== null) await this.engine.settle(position, ['invitations']);
  }
}
