import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { leaderboardKinds, type LeaderboardKind, type LiveBoard } from '@treble/contracts';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { Player } from '../platform/http/access.decorators.js';
import { ApiOperation, ApiTags } from '../platform/http/api-docs.js';
import { requestUser } from '../platform/http/command-context.js';
import { EncodedBodies } from '../platform/http/entity-tags.js';
import { ListPage, PageQuery } from '../platform/http/list-pages.js';
import { ReadsFrom } from '../projections/read-your-writes.js';
import { Boards } from './queries/boards.js';
import { LiveBoards } from './queries/live-boards.js';
import { uuidPattern } from './projection/standings.tables.js';

/** `?limit=&offset=`, or `?limit=&after=<player id>`: the page after that player's row (keyset). */
export class LeaderboardPageQuery extends PageQuery {
  @IsOptional() @Matches(uuidPattern, { message: 'after: a player id' }) after?: string;
  /** A past season of the pool (`2025-26`); the current one when absent. */
  @IsOptional() @IsString() season?: string;
}

export class LiveBoardParams {
  @IsIn(leaderboardKinds, { message: 'kind: overall, survivor or last10' }) kind!: LeaderboardKind;
}

@ApiTags('standings')
// Reads with `X-After-Position` wait for these projections only (ADR 013).
@ReadsFrom('standings', 'users', 'periods', 'options')
@Controller('leaderboards')
export class LeaderboardsController {
  constructor(
    private readonly boards: Boards,
    private readonly liveBoards: LiveBoards,
    private readonly bodies: EncodedBodies,
  ) {}

  @Get('overall')
  @Player()
  @ApiOperation({
    summary: 'Overall standings (all periods); page with ?limit=&offset= or ?limit=&after=<player id>',
  })
  @ListPage({ pagedByHandler: true })
  async overall(
    @Query() page: LeaderboardPageQuery,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    this.bodies.send(request, response, await this.boards.board('overall', page, requestUser(request)));
  }

  @Get('survivor')
  @Player()
  @ApiOperation({ summary: 'Survivor standings: active players first, then by later elimination' })
  @ListPage({ pagedByHandler: true })
  async survivor(
    @Query() page: LeaderboardPageQuery,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    this.bodies.send(request, response, await this.boards.board('survivor', page, requestUser(request)));
  }

  @Get('last10')
  @Player()
  @ApiOperation({ summary: 'Last 10 standings with Hot/Good/Cold badges' })
  @ListPage({ pagedByHandler: true })
  async last10(
    @Query() page: LeaderboardPageQuery,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    this.bodies.send(request, response, await this.boards.board('last10', page, requestUser(request)));
  }

  @Get('live/:kind')
  @Player()
  @ApiOperation({
    summary:
      'The live table: a leaderboard as it would stand if every current score held (provisional, never scored); page with ?limit=&offset=',
  })
  live(
    @Param() { kind }: LiveBoardParams,
    @Query() page: PageQuery,
    @Req() request: Request,
  ): Promise<LiveBoard> {
    return this.liveBoards.board(kind, page, requestUser(request));
  }

  @Get('summary')
  @Player()
  @ApiOperation({ summary: 'Total players, survivors and Last 10 entrants' })
  async summary(
    @Req() request: Request,
    @Res() response: Response,
    @Query('season') season?: string,
  ): Promise<void> {
    this.bodies.send(request, response, await this.boards.summary(season, requestUser(request)));
  }
}
