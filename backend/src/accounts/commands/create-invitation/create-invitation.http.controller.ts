import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import { IsInt, IsISO8601, IsOptional } from 'class-validator';
import type { Request } from 'express';
import type { CreatedInvitation, CreateInvitationRequest } from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { Admin } from '../../../platform/http/access.decorators.js';
import { commandContext } from '../../../platform/http/command-context.js';
import { invitationUrl, pageLinkBase } from '../../invitation-links.js';
import { CreateInvitationCommand } from './create-invitation.handler.js';
import { ClientWaitsForReads, ReadsFrom } from '../../../projections/read-your-writes.js';

export class CreateInvitationBody implements CreateInvitationRequest {
  @IsOptional()
  @IsInt()
  maxUses?: number;

  @IsOptional()
  @IsISO8601({ strict: true })
  expiresAt?: string;
}

@ApiTags('accounts')
@Controller('invites')
export class CreateInvitationController {
  constructor(
    private readonly commandBus: CommandBus,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @ReadsFrom('invitations')
  @ClientWaitsForReads()
  @HttpCode(201)
  @Admin()
  @ApiOperation({ summary: 'Create an invitation link, optionally with a maximum of uses and an expiry' })
  async create(@Body() body: CreateInvitationBody, @Req() request: Request): Promise<CreatedInvitation> {
    const { token } = await this.commandBus.execute(
      new CreateInvitationCommand(
        {
          maxUses: body.maxUses ?? null,
          expiresAt: body.expiresAt === undefined ? null : new Date(body.expiresAt),
        },
        commandContext(request, this.clock, 'admin'),
      ),
    );
    return { token, url: invitationUrl(pageLinkBase(this.config), token) };
  }
}
