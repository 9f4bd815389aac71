import { Body, Controller, HttpCode, Inject, Param, ParseIntPipe, Patch, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import { IsBoolean, IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';
import {
  type CompletePeriodRequest,
  type CreatePeriodRequest,
  type Period,
  type Segment,
  type SetPeriodActiveRequest,
} from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { commandContext } from '../../../platform/http/command-context.js';
import { PeriodQueries } from '../../queries/periods/period.queries.js';
import {
  CompletePeriodCommand,
  CreatePeriodCommand,
  ReopenPeriodCommand,
  SetPeriodActiveCommand,
} from './manage-period.handlers.js';
import { Admin } from '../../../platform/http/access.decorators.js';

class CompleteBody implements CompletePeriodRequest {
  /** The admin confirmed completing a period that has not started or still misses results. */
  @IsOptional()
  @IsBoolean()
  force?: boolean;
}

class CreatePeriodBody implements CreatePeriodRequest {
  @IsString()
  @IsNotEmpty({ message: 'name: Name is required' })
  @MaxLength(100)
  name: string;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string | null;

  @IsISO8601({}, { message: 'startDate: Start date is required (ISO 8601)' })
  startDate: string;

  @IsISO8601({}, { message: 'endDate: End date is required (ISO 8601)' })
  endDate: string;

  @IsOptional()
  @IsIn(['main', 'last10'])
  segment?: Segment;
}

class SetActiveBody implements SetPeriodActiveRequest {
  @IsBoolean()
  isActive: boolean;
}

@ApiTags('periods')
@Controller('periods')
@Admin()
export class ManagePeriodController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly periods: PeriodQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a period (admin form): the next free number' })
  async create(@Body() body: CreatePeriodBody, @Req() request: Request): Promise<Period> {
    const id = await this.commandBus.execute(
      new CreatePeriodCommand(body, commandContext(request, this.clock, 'admin')),
    );
    return this.periods.find(id);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Activate or deactivate a period' })
  async setActive(
    @Param('id', ParseIntPipe) id: number,
    @Body() body: SetActiveBody,
    @Req() request: Request,
  ): Promise<Period> {
    await this.commandBus.execute(
      new SetPeriodActiveCommand(id, body.isActive, commandContext(request, this.clock, 'admin')),
    );
    return this.periods.find(id);
  }

  @Post(':id/complete')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Complete an active period: finalizes its survivor strikes. Before it started or with results missing: 409 PERIOD_NOT_READY (listing optionsWithoutResult) unless { force: true }',
  })
  async complete(
    @Param('id', ParseIntPipe) id: number,
    @Body() body: CompleteBody,
    @Req() request: Request,
  ): Promise<Period> {
    await this.commandBus.execute(
      new CompletePeriodCommand(id, commandContext(request, this.clock, 'admin'), body?.force === true),
    );
    return this.periods.find(id);
  }

  @Post(':id/reopen')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Reopen a manually completed period: takes its strikes back, applies held results',
  })
  async reopen(@Param('id', ParseIntPipe) id: number, @Req() request: Request): Promise<Period> {
    await this.commandBus.execute(new ReopenPeriodCommand(id, commandContext(request, this.clock, 'admin')));
    return this.periods.find(id);
  }
}
