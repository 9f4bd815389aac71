import { Controller, Get, Inject, Param, ParseIntPipe, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../platform/http/api-docs.js';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { ImpactPreview, LeaderboardKind, Outcome, StandingsAsOf } from '@treble/contracts';
import { Admin } from '../platform/http/access.decorators.js';
import { CLOCK, type Clock } from '../platform/clock/clock.js';
import { PoolHistoryService } from './pool-history.service.js';

class StandingsAsOfQuery {
  @Type(() => Number)
  @IsInt({ message: 'period: must be a period number' })
  @Min(1)
  @Max(999)
  period!: number;
  @IsOptional()
  @IsIn(['overall', 'survivor', 'last10'], { message: 'kind: must be overall, survivor or last10' })
  kind?: LeaderboardKind;
}

class ResultPreviewQuery {
  @IsString({ message: 'optionId: is required' }) @MaxLength(40) optionId!: string;
  /** `none` previews deleting the option's result. */
  @IsIn(['win', 'draw', 'loss', 'none'], { message: 'outcome: must be win, draw, loss or none' }) outcome!:
    Outcome | 'none';
}

/** Operator tools: standings from the event log as of a period, and what-if previews that write nothing. */
@ApiTags('admin')
@Admin()
@Controller('admin')
export class OperationsController {
  constructor(
    private readonly history: PoolHistoryService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('standings-as-of')
  @ApiOperation({ summary: 'Standings right after a period was (last) completed, folded from the event log' })
  standingsAsOf(@Query() query: StandingsAsOfQuery): Promise<StandingsAsOf> {
    return this.history.standingsAsOf(query.period, query.kind ?? 'overall');
  }

  @Get('what-if/result')
  @ApiOperation({
    summary:
      'Which players would move if a result were recorded, corrected (outcome) or deleted (outcome=none)',
  })
  previewResult(@Query() query: ResultPreviewQuery): Promise<ImpactPreview> {
    return this.history.previewResult(query.optionId, query.outcome === 'none' ? null : query.outcome);
  }

  @Get('what-if/complete/:periodId')
  @ApiOperation({
    summary: 'Which players would move if a period were completed, and which of its options have no result',
  })
  previewComplete(@Param('periodId', ParseIntPipe) periodId: number): Promise<ImpactPreview> {
    return this.history.previewComplete(periodId, this.clock.now());
  }

  @Get('what-if/reopen/:periodId')
  @ApiOperation({
    summary: 'Which players would move if a period were reopened (strikes taken back, held results applied)',
  })
  previewReopen(@Param('periodId', ParseIntPipe) periodId: number): Promise<ImpactPreview> {
    return this.history.previewReopen(periodId);
  }
}
