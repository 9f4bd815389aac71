import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import type { Request } from 'express';
import type { ScheduleImportResult } from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { commandContext } from '../../../platform/http/command-context.js';
import { ImportScheduleCommand } from './import-schedule.commands.js';
import { Admin } from '../../../platform/http/access.decorators.js';

@ApiTags('season')
@Controller()
@Admin()
export class ImportScheduleController {
  constructor(
    private readonly commandBus: CommandBus,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post(['admin/setup/periods', 'create-epl-periods'])
  @HttpCode(200)
  @ApiOperation({ summary: 'Create the 38 periods of the season from its fixtures (idempotent)' })
  async importSchedule(@Req() request: Request): Promise<ScheduleImportResult> {
    const { season: _season, ...result } = await this.commandBus.execute(
      new ImportScheduleCommand(commandContext(request, this.clock, 'admin')),
    );
    return result;
  }
}
