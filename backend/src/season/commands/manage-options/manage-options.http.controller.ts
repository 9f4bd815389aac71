import { Body, Controller, HttpCode, Inject, Param, ParseIntPipe, Post, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import type { Request } from 'express';
import type { CreateOptionRequest, MessageResponse } from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { commandContext } from '../../../platform/http/command-context.js';
import { OptionQueries } from '../../queries/options/option.queries.js';
import {
  AddEplOptionsCommand,
  CreateOptionCommand,
  ReplaceWithEplCommand,
} from './manage-options.commands.js';
import { Admin } from '../../../platform/http/access.decorators.js';

class CreateOptionBody implements CreateOptionRequest {
  @Type(() => Number)
  @IsInt({ message: 'periodId: Period is required' })
  @Min(1)
  periodId: number;

  @IsString()
  @IsNotEmpty({ message: 'name: Name is required' })
  @MaxLength(100)
  name: string;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string | null;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'sortOrder: Sort order must be a whole number' })
  sortOrder?: number;
}

@ApiTags('options')
@Controller()
@Admin()
export class ManageOptionsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly options: OptionQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post('admin/setup/options')
  @HttpCode(200)
  @ApiOperation({ summary: 'Give every period its 20 EPL team options (760 for the season)' })
  async setupOptions(@Req() request: Request): Promise<MessageResponse & { added: number }> {
    const { added } = await this.commandBus.execute(
      new AddEplOptionsCommand(null, commandContext(request, this.clock, 'admin')),
    );
    return {
      message: added > 0 ? `Created ${added} team options.` : 'Every period already has its team options.',
      added,
    };
  }

  @Post('periods/:id/epl-options')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add the EPL teams a period does not have yet' })
  async addEplOptions(
    @Param('id', ParseIntPipe) id: number,
    @Req() request: Request,
  ): Promise<MessageResponse & { added: number }> {
    const { added } = await this.commandBus.execute(
      new AddEplOptionsCommand(id, commandContext(request, this.clock, 'admin')),
    );
    return { message: `Added EPL team options to period ${id}.`, added };
  }

  @Put('periods/:id/replace-with-epl')
  @ApiOperation({ summary: "Replace a period's options, picks and results with the 20 EPL teams" })
  async replaceWithEpl(
    @Param('id', ParseIntPipe) id: number,
    @Req() request: Request,
  ): Promise<MessageResponse & { removed: number; added: number; playersCleared: number }> {
    const result = await this.commandBus.execute(
      new ReplaceWithEplCommand(id, commandContext(request, this.clock, 'admin')),
    );
    return { message: `Period ${id} now uses EPL teams as options.`, ...result };
  }

  @Post('options')
  @ApiOperation({ summary: 'Create a custom option in a period' })
  async create(@Body() body: CreateOptionBody, @Req() request: Request) {
    const context = commandContext(request, this.clock, 'admin');
    const optionId = await this.commandBus.execute(
      new CreateOptionCommand(
        body.periodId,
        { name: body.name, description: body.description ?? null, sortOrder: body.sortOrder ?? 1 },
        context,
      ),
    );
    return this.options.one(optionId, context.actor, context.now);
  }
}
