import { Body, Controller, Delete, Get, Inject, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';
import type { Request } from 'express';
import { ErrorCodes, type MessageResponse, type Payout, type Prize } from '@treble/contracts';
import { CLOCK, type Clock } from '../platform/clock/clock.js';
import { commandContext, requestUser } from '../platform/http/command-context.js';
import { withEmailsFor } from '../standings/queries/email-privacy.js';
import { LeaderboardQueries } from '../standings/queries/leaderboard.queries.js';
import { PayoutQueries } from './queries/payout.queries.js';
import { DomainError } from '../shared/domain/domain-error.js';
import { CreatePrizeCommand, DeletePrizeCommand, UpdatePrizeCommand } from './commands/prizes.handlers.js';
import { PrizeQueries } from './queries/prize.queries.js';
import { Admin, Public } from '../platform/http/access.decorators.js';

/**
 * Fields are loosely typed on purpose: the prize rules (and their exact messages, "Position is
 * required") live in the domain's validatePrize, which also checks the merged result of an update.
 */
class PrizeBody {
  @IsOptional() competition?: unknown;
  @IsOptional() position?: unknown;
  @IsOptional() amount?: unknown;
  @IsOptional() currency?: unknown;
  @IsOptional() description?: unknown;
  @IsOptional() @IsBoolean() isActive?: boolean;
}

function asInput(body: PrizeBody) {
  const amount = typeof body.amount === 'number' ? String(body.amount) : body.amount;
  return { ...body, amount };
}

@ApiTags('prizes')
@Controller('prizes')
export class PrizesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly prizes: PrizeQueries,
    private readonly leaderboards: LeaderboardQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('payouts')
  @Public()
  @ApiOperation({ summary: 'Who would win what if the season ended now (ties share the tied positions)' })
  async payouts(@Req() request: Request): Promise<Payout[]> {
    // Only the rows that can reach a paid place are read, whatever the size of the pool.
    const standings = new PayoutQueries(this.leaderboards.shownAt(this.clock.now()));
    return withEmailsFor(requestUser(request), await standings.payouts(await this.prizes.list()));
  }

  private async prize(id: string): Promise<Prize> {
    const prize = await this.prizes.one(id);
    if (!prize) throw new DomainError(ErrorCodes.PRIZE_NOT_FOUND, 'This prize does not exist.');
    return prize;
  }

  @Get()
  @Public()
  @ApiOperation({ summary: 'The active prizes (public)' })
  list(@Query('includeInactive') includeInactive?: string): Promise<Prize[]> {
    return this.prizes.list(includeInactive === 'true');
  }

  @Post()
  @Admin()
  @ApiOperation({ summary: 'Create a prize' })
  async create(@Body() body: PrizeBody, @Req() request: Request): Promise<Prize> {
    const id = await this.commandBus.execute(
      new CreatePrizeCommand(asInput(body), commandContext(request, this.clock, 'admin')),
    );
    return this.prize(id);
  }

  @Patch(':id')
  @Admin()
  @ApiOperation({ summary: 'Change a prize' })
  async update(@Param('id') id: string, @Body() body: PrizeBody, @Req() request: Request): Promise<Prize> {
    await this.commandBus.execute(
      new UpdatePrizeCommand(id, asInput(body), commandContext(request, this.clock, 'admin')),
    );
    return this.prize(id);
  }

  @Delete(':id')
  @Admin()
  @ApiOperation({ summary: 'Delete a prize' })
  async remove(@Param('id') id: string, @Req() request: Request): Promise<MessageResponse> {
    await this.commandBus.execute(new DeletePrizeCommand(id, commandContext(request, this.clock, 'admin')));
    return { message: 'Prize deleted successfully' };
  }
}
