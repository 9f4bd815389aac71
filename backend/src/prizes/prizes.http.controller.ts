import { Body, Controller, Delete, Get, Inject, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ReadsFrom } from '../projections/read-your-writes.js';
import { ApiOperation, ApiTags } from '../platform/http/api-docs.js';
import { IsBoolean, IsOptional } from 'class-validator';
import type { Request } from 'express';
import {
  ErrorCodes,
  type HallOfFameSeason,
  type MessageResponse,
  type Payout,
  type Prize,
} from '@treble/contracts';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { SeasonReader } from '../season/index.js';
import { CLOCK, type Clock } from '../platform/clock/clock.js';
import { commandContext, requestUser } from '../platform/http/command-context.js';
import { withEmailsFor, LeaderboardQueries } from '../standings/index.js';
import { PayoutQueries } from './queries/payout.queries.js';
import { DomainError } from '../shared/domain/domain-error.js';
import { PrizesWriter } from './commands/prizes.writer.js';
import { PrizeQueries } from './queries/prize.queries.js';
import type { PrizeInput } from './domain/prize.js';
import { Admin, Player, Public } from '../platform/http/access.decorators.js';

/**
 * The contract's PrizeRequest fields, loosely typed on purpose: the prize rules (and their exact
 * messages, "Position is required") live in the domain's validatePrize, which also checks the merged
 * result of an update.
 */
class PrizeBody implements PrizeInput {
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
    private readonly writer: PrizesWriter,
    private readonly prizes: PrizeQueries,
    private readonly leaderboards: LeaderboardQueries,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly seasons: SeasonReader,
  ) {}

  @Get('payouts')
  @Public()
  @ApiOperation({ summary: 'Who would win what if the season ended now (ties share the tied positions)' })
  async payouts(@Req() request: Request, @Query('season') season?: string): Promise<Payout[]> {
    // Only the rows that can reach a paid place are read, whatever the size of the pool.
    const rows = await this.seasons.read(
      season,
      async () =>
        new PayoutQueries(this.leaderboards.shownAt(this.clock.now())).payouts(await this.prizes.list()),
      // A past season's payouts: its final standings and the prizes it ended with.
      async (sql) =>
        new PayoutQueries(new LeaderboardQueries(sql, this.config.rules)).payouts(
          await PrizeQueries.activeIn(sql),
        ),
    );
    return withEmailsFor(requestUser(request), rows);
  }

  @Get('hall-of-fame')
  @Player()
  @ApiOperation({
    summary:
      "Every past season's winners (rank 1, ties included) of Overall, Survivor and Last 10, with what they won; newest first",
  })
  async hallOfFame(): Promise<HallOfFameSeason[]> {
    const seasons: HallOfFameSeason[] = [];
    for (const season of (await this.seasons.past()).reverse()) {
      seasons.push(
        await this.seasons.readPast(season, async (sql) => {
          const boards = new LeaderboardQueries(sql, this.config.rules);
          const won = await new PayoutQueries(boards).payouts(await PrizeQueries.activeIn(sql));
          const competitions: HallOfFameSeason['competitions'] = [];
          for (const competition of ['overall', 'survivor', 'last10'] as const) {
            const winners = (await boards.top(competition, 1)).filter(
              (row) => row.rank === 1 && (row.totalPoints > 0 || competition === 'survivor'),
            );
            competitions.push({
              competition,
              winners: winners.map((row) => {
                const payout = won.find((p) => p.competition === competition && p.userId === row.userId);
                return {
                  userId: row.userId,
                  displayName: row.displayName,
                  points: row.totalPoints,
                  payout: payout
                    ? payout.amounts.reduce((sum, money) => sum + Number(money.amount), 0)
                    : null,
                  currency: payout?.amounts[0]?.currency ?? null,
                };
              }),
            });
          }
          return { season, competitions, players: (await boards.summary()).totalPlayers };
        }),
      );
    }
    return seasons;
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
  @ReadsFrom('prizes')
  @Admin()
  @ApiOperation({ summary: 'Create a prize' })
  async create(@Body() body: PrizeBody, @Req() request: Request): Promise<Prize> {
    const id = await this.writer.create(asInput(body), commandContext(request, this.clock, 'admin'));
    return this.prize(id);
  }

  @Patch(':id')
  @ReadsFrom('prizes')
  @Admin()
  @ApiOperation({ summary: 'Change a prize' })
  async update(@Param('id') id: string, @Body() body: PrizeBody, @Req() request: Request): Promise<Prize> {
    await this.writer.update(id, asInput(body), commandContext(request, this.clock, 'admin'));
    return this.prize(id);
  }

  @Delete(':id')
  @ReadsFrom('prizes')
  @Admin()
  @ApiOperation({ summary: 'Delete a prize' })
  async remove(@Param('id') id: string, @Req() request: Request): Promise<MessageResponse> {
    await this.writer.remove(id, commandContext(request, this.clock, 'admin'));
    return { message: 'Prize deleted successfully' };
  }
}
