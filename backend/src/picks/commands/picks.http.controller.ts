import { Body, Controller, Delete, HttpCode, Inject, Param, ParseIntPipe, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '../../platform/http/api-docs.js';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsNotEmpty, IsString, MaxLength, Min } from 'class-validator';
import type { Request } from 'express';
import type {
  Choice,
  MakeChoiceRequest,
  MessageResponse,
  RetroactiveChoicesRequest,
} from '@treble/contracts';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { commandContext } from '../../platform/http/command-context.js';
import { ClearPeriodPicksCommand } from '../../shared/commands/picks-commands.js';
import { MakeChoiceCommand, MakeRetroactiveChoicesCommand, WithdrawChoiceCommand } from './picks.handlers.js';
import { Admin, Player } from '../../platform/http/access.decorators.js';
import { ClientWaitsForReads, ReadsFrom } from '../../projections/read-your-writes.js';

class MakeChoiceBody implements MakeChoiceRequest {
  @Type(() => Number)
  @IsInt({ message: 'periodId: Period is required' })
  @Min(1)
  periodId: number;

  @IsString({ message: 'optionId: Option is required' })
  @IsNotEmpty({ message: 'optionId: Option is required' })
  @MaxLength(40)
  optionId: string;
}

class RetroactiveChoicesBody implements RetroactiveChoicesRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  userId: string;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  periodId: number;

  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  optionIds: string[];
}

@ApiTags('picks')
// The player's picks, usage, counts and scores are all read from the standings projection.
@Controller()
@ReadsFrom('standings')
export class PicksController {
  constructor(
    private readonly commandBus: CommandBus,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post('choices')
  @ClientWaitsForReads()
  @Player()
  @ApiOperation({ summary: 'Pick an option (ChoiceMade)' })
  async make(@Body() body: MakeChoiceBody, @Req() request: Request): Promise<Choice> {
    const context = commandContext(request, this.clock, 'player');
    const { choiceId } = await this.commandBus.execute(
      new MakeChoiceCommand(context.actor, body.periodId, body.optionId, context),
    );
    return { id: choiceId, userId: context.actor, periodId: body.periodId, optionId: body.optionId };
  }

  @Delete('choices/:choiceId')
  @ClientWaitsForReads()
  @Player()
  @ApiOperation({ summary: 'Withdraw one of your picks before its deadline' })
  async withdraw(@Param('choiceId') choiceId: string, @Req() request: Request): Promise<MessageResponse> {
    const context = commandContext(request, this.clock, 'player');
    await this.commandBus.execute(new WithdrawChoiceCommand(context.actor, choiceId, context));
    return { message: 'Your prediction has been removed.' };
  }

  @Delete('choices/period/:id')
  @Admin()
  @ApiOperation({ summary: "Admin: delete every player's picks in a period" })
  async clearPeriod(
    @Param('id', ParseIntPipe) id: number,
    @Req() request: Request,
  ): Promise<MessageResponse & { playersCleared: number }> {
    const { playersCleared } = await this.commandBus.execute(
      new ClearPeriodPicksCommand(id, commandContext(request, this.clock, 'admin')),
    );
    return { message: 'All choices for this period have been deleted.', playersCleared };
  }

  @Post('retroactive-choices')
  @Admin()
  @HttpCode(201)
  @ApiOperation({ summary: "Admin: create a player's picks in an ended period" })
  async retroactive(
    @Body() body: RetroactiveChoicesBody,
    @Req() request: Request,
  ): Promise<MessageResponse & { choices: Choice[] }> {
    const { choiceIds } = await this.commandBus.execute(
      new MakeRetroactiveChoicesCommand(
        body.userId,
        body.periodId,
        body.optionIds,
        commandContext(request, this.clock, 'admin'),
      ),
    );
    return {
      message: 'Retroactive selections created successfully.',
      choices: choiceIds.map((id, index) => ({
        id,
        userId: body.userId,
        periodId: body.periodId,
        optionId: body.optionIds[index]!,
      })),
    };
  }
}
