import { Body, Controller, Delete, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';
import type { MessageResponse, Outcome, RecordResultRequest, RecordResultResponse } from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { commandContext } from '../../../platform/http/command-context.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { LiveNotifier } from '../../../shared/ports/live-notifier.js';
import { parseAdminResult } from '../../../results/index.js';
import { DeleteResultCommand, RecordResultCommand } from './record-result.commands.js';
import { Admin } from '../../../platform/http/access.decorators.js';

/** Fields are optional here so that a missing one gets the spec's own message (`parseAdminResult`). */
class RecordResultBody implements RecordResultRequest {
  @IsOptional()
  @IsString()
  @MaxLength(40)
  optionId?: string | null;

  @IsOptional()
  @IsIn(['win', 'draw', 'loss', ''], { message: 'outcome: must be win, draw or loss' })
  outcome?: Outcome | '' | null;

  @IsOptional()
  @IsInt()
  points?: number | null;

  /** The admin confirmed a result for a match that has not kicked off yet. */
  @IsOptional()
  @IsBoolean()
  force?: boolean;
}

@ApiTags('results')
@Controller('results')
@Admin()
export class RecordResultController {
  constructor(
    private readonly commandBus: CommandBus,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly notifier: LiveNotifier,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Set (or overwrite) the result of an option; points must match the outcome' })
  async record(@Body() body: RecordResultBody, @Req() request: Request): Promise<RecordResultResponse> {
    const context = commandContext(request, this.clock, 'admin');
    const report = parseAdminResult(body);
    const { status, periodId, optionName, position } = await this.commandBus.execute(
      new RecordResultCommand(report, context, body.force === true),
    );
    const { optionId, outcome } = report;
    const points = this.config.rules.points[outcome];
    if (status === 'recorded' && position !== null) {
      // Players see one toast; a result held for a completed period changes nothing they can see yet.
      this.notifier.resultRecorded(
        { periodId, optionId, teamName: optionName ?? optionId, outcome, points, actorId: context.actor },
        position,
      );
    }
    return {
      message:
        status === 'pending'
          ? 'The period is completed: the result is held until the period is reopened.'
          : 'Result saved successfully! Scores have been recalculated.',
      status,
      optionId,
      periodId,
      outcome,
      points,
      source: 'admin',
    };
  }

  @Delete(':optionId')
  @ApiOperation({ summary: 'Delete the result of an option' })
  async remove(@Param('optionId') optionId: string, @Req() request: Request): Promise<MessageResponse> {
    await this.commandBus.execute(
      new DeleteResultCommand(optionId, commandContext(request, this.clock, 'admin')),
    );
    return { message: 'Result deleted successfully!' };
  }
}
