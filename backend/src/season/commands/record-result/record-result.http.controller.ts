import { Body, Controller, Delete, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';
import type { MessageResponse, Outcome } from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { commandContext } from '../../../platform/http/command-context.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { LiveNotifier } from '../../../realtime/live-notifier.js';
import { periodOfOption } from '../../domain/period-admin.js';
import { DeleteResultCommand, RecordResultCommand } from './record-result.handlers.js';
import { Admin } from '../../../platform/http/access.decorators.js';

/** Fields are optional here so that a missing one gets the spec's own message from the domain. */
class RecordResultBody {
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
  async record(@Body() body: RecordResultBody, @Req() request: Request) {
    const context = commandContext(request, this.clock, 'admin');
    const { status, optionName } = await this.commandBus.execute(
      new RecordResultCommand(
        {
          optionId: body.optionId ?? null,
          outcome: body.outcome || null,
          points: body.points ?? null,
          force: body.force === true,
        },
        'admin',
        context,
      ),
    );
    const outcome = body.outcome as Outcome;
    const optionId = body.optionId as string;
    const periodId = periodOfOption(optionId);
    if (status === 'recorded' && periodId !== null) {
      // Players see one toast; a result held for a completed period changes nothing they can see yet.
      this.notifier.resultRecorded({
        periodId,
        optionId,
        teamName: optionName ?? optionId,
        outcome,
        points: this.config.rules.points[outcome],
        actorId: context.actor,
      });
    }
    return {
      message:
        status === 'pending'
          ? 'The period is completed: the result is held until the period is reopened.'
          : 'Result saved successfully! Scores have been recalculated.',
      status,
      optionId: body.optionId as string,
      periodId,
      outcome,
      points: this.config.rules.points[outcome],
      source: 'admin' as const,
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
