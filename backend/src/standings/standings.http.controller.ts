import { Controller, Get, Header, Inject, Param, ParseIntPipe, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../platform/http/api-docs.js';
import type { Request, Response } from 'express';
import {
  ErrorCodes,
  maxComparedPeriods,
  type ChoiceView,
  type CompareEntry,
  type DetailedPerformance,
  type Last10Entry,
  type LeaderboardEntry,
  type LeaderboardKind,
  type LeaderboardRow,
  type LeaderboardSummary,
  type PeriodPickGrid,
  type ResultView,
  type SurvivorEntry,
  type TrendEntry,
  type UserStats,
} from '@treble/contracts';
import { IsOptional, IsString, Matches } from 'class-validator';
import { alreadyHeld } from '../platform/http/entity-tags.js';
import { Player } from '../platform/http/access.decorators.js';
import { CLOCK, type Clock } from '../platform/clock/clock.js';
import { requestUser } from '../platform/http/command-context.js';
import { ListPage, maxPageSize, PageQuery } from '../platform/http/list-pages.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import type { Sql } from '../platform/database/sql.js';
import { SeasonReader } from '../season/season-reader.js';
import { DomainError } from '../shared/domain/domain-error.js';
import { ChoiceQueries } from './queries/choice.queries.js';
import { withEmailsFor } from './queries/email-privacy.js';
import { PickGridQueries } from './queries/pick-grid.queries.js';
import { ExportQueries } from './queries/export.queries.js';
import { entityTag, LeaderboardCache, type Asker } from './queries/leaderboard-cache.js';
import { LeaderboardQueries, uuidPattern } from './queries/leaderboard.queries.js';
import { PerformanceQueries } from './queries/performance.queries.js';
import { ResultQueries } from './queries/result.queries.js';
import { UserStatsQueries } from './queries/user-stats.queries.js';
import { ReadsFrom } from '../projections/read-your-writes.js';

/** `?limit=&offset=`, or `?limit=&after=<player id>`: the page after that player's row (keyset). */
export class LeaderboardPageQuery extends PageQuery {
  @IsOptional() @Matches(uuidPattern, { message: 'after: a player id' }) after?: string;
  /** A past season of the pool (`2025-26`); the current one when absent. */
  @IsOptional() @IsString() season?: string;
}

/** The first page of a board (no offset, no cursor): what most readers ask, kept in the cache. */
const isFirstPage = (page: LeaderboardPageQuery) => page.after === undefined && (page.offset ?? 0) === 0;

/** The latest instant a Date holds: every pick of a past season has locked by then. */
const endOfTime = new Date(8.64e15);

function me(request: Request): string {
  const user = requestUser(request);
  if (!user) throw new DomainError(ErrorCodes.UNAUTHENTICATED, 'Please sign in.');
  return user.id;
}

function periodIdsOf(text: string | undefined): number[] {
  if (!text) return [];
  const ids = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (ids.some((id) => !/^\d{1,3}$/.test(id))) {
    throw new DomainError(
      ErrorCodes.VALIDATION_FAILED,
      'periodIds: a comma-separated list of period numbers',
    );
  }
  const unique = [...new Set(ids.map(Number))];
  if (unique.length > maxComparedPeriods) {
    throw new DomainError(
      ErrorCodes.VALIDATION_FAILED,
      `periodIds: at most ${maxComparedPeriods} periods can be compared`,
    );
  }
  return unique;
}

@ApiTags('standings')
// Reads with `X-After-Position` wait for these projections only (ADR 013).
@ReadsFrom('standings', 'users', 'periods', 'options')
@Controller()
export class StandingsController {
  constructor(
    private readonly leaderboards: LeaderboardQueries,
    private readonly stats: UserStatsQueries,
    private readonly performance: PerformanceQueries,
    private readonly exports: ExportQueries,
    private readonly choices: ChoiceQueries,
    private readonly results: ResultQueries,
    private readonly pickGrid: PickGridQueries,
    private readonly cache: LeaderboardCache,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly seasons: SeasonReader,
  ) {}

  /**
   * A board as this viewer may see it: an admin sees every entrant; anyone else not the players
   * whose picks have not locked yet (and who have no points), so nothing leaks early, except their
   * own row. Answers come from the cache at the current read state, with an entity tag of that
   * state and of the e-mail addresses this viewer sees; a request holding the tag gets 304.
   */
  private async board<K extends LeaderboardKind>(
    kind: K,
    page: LeaderboardPageQuery,
    request: Request,
    response: Response,
  ): Promise<LeaderboardRow<K>[] | undefined> {
    const user = requestUser(request);
    const admin = user?.isAdmin === true;
    const asker: Asker = { admin, viewer: admin ? null : (user?.id ?? null), now: this.clock.now() };
    const past = await this.seasons.pastSeason(page.season);
    if (past !== null) {
      // A past season is read through its kept rows, never cached with the current one's. It is
      // over, so every entrant is listed: no pick of it is a secret any more.
      const rows = await this.seasons.readPast(past, (sql) =>
        this.leaderboardsOf(sql).list(kind, {
          limit: page.limit ?? maxPageSize,
          offset: page.offset,
          after: page.after,
        }),
      );
      return withEmailsFor(user, rows);
    }
    const queries = admin ? this.leaderboards : this.leaderboards.shownAt(asker.now, asker.viewer);
    const question = ['board', kind, page.limit ?? '', page.offset ?? 0, page.after ?? ''].join('|');
    const answer = await this.cache.answer(
      question,
      asker,
      queries,
      // A list asked for whole is cut at the largest page anyway: read no more than that.
      () => queries.list(kind, { limit: page.limit ?? maxPageSize, offset: page.offset, after: page.after }),
      { keep: isFirstPage(page), viewerMatters: (state) => state.hiddenOn.has(kind) },
    );
    const rows = withEmailsFor(user, answer.value);
    if (answer.state !== null) {
      const ownEmail = rows.some((row) => row.userId === user?.id && row.email !== null);
      const variant = admin ? 'admin' : ownEmail ? `own:${user?.id}` : 'others';
      if (alreadyHeld(request, response, entityTag(answer.state, variant))) return undefined;
    }
    return rows;
  }

  /** The leaderboards of a past season (inside `SeasonReader.read`). */
  private leaderboardsOf(sql: Sql): LeaderboardQueries {
    return new LeaderboardQueries(sql, this.config.rules);
  }

  @Get('leaderboards/overall')
  @Player()
  @ApiOperation({
    summary: 'Overall standings (all periods); page with ?limit=&offset= or ?limit=&after=<player id>',
  })
  @ListPage({ pagedByHandler: true })
  overall(
    @Query() page: LeaderboardPageQuery,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<LeaderboardEntry[] | undefined> {
    return this.board('overall', page, request, response);
  }

  @Get('leaderboards/survivor')
  @Player()
  @ApiOperation({ summary: 'Survivor standings: active players first, then by later elimination' })
  @ListPage({ pagedByHandler: true })
  survivor(
    @Query() page: LeaderboardPageQuery,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SurvivorEntry[] | undefined> {
    return this.board('survivor', page, request, response);
  }

  @Get('leaderboards/last10')
  @Player()
  @ApiOperation({ summary: 'Last 10 standings with Hot/Good/Cold badges' })
  @ListPage({ pagedByHandler: true })
  last10(
    @Query() page: LeaderboardPageQuery,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Last10Entry[] | undefined> {
    return this.board('last10', page, request, response);
  }

  @Get('leaderboards/summary')
  @Player()
  @ApiOperation({ summary: 'Total players, survivors and Last 10 entrants' })
  async summary(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @Query('season') season?: string,
  ): Promise<LeaderboardSummary | undefined> {
    const past = await this.seasons.pastSeason(season);
    if (past !== null) return this.seasons.readPast(past, (sql) => this.leaderboardsOf(sql).summary());
    // Counted as the boards are listed for this viewer: admins count everyone; a player counts the
    // rows others may see and their own (shown to them before their picks lock), so the cards never
    // say 0 players above a list that shows one.
    const user = requestUser(request);
    const admin = user?.isAdmin === true;
    const asker: Asker = { admin, viewer: admin ? null : (user?.id ?? null), now: this.clock.now() };
    const queries = admin ? this.leaderboards : this.leaderboards.shownAt(asker.now, asker.viewer);
    const answer = await this.cache.answer('summary', asker, queries, () => queries.summary(), {
      keep: true,
      viewerMatters: (state) => state.hiddenOn.size > 0,
    });
    const variant = admin ? 'admin' : 'others';
    if (answer.state !== null && alreadyHeld(request, response, entityTag(answer.state, variant))) {
      return undefined;
    }
    return answer.value;
  }

  @Get('user/stats')
  @Player()
  @ApiOperation({ summary: 'Your ranks, points, survivor status and per-period scores' })
  userStats(@Req() request: Request, @Query('season') season?: string): Promise<UserStats> {
    return this.seasons.read(
      season,
      () => this.stats.forUser(me(request)),
      (sql) => new UserStatsQueries(sql, this.config.rules).forUser(me(request)),
    );
  }

  @Get('performance/detailed')
  @Player()
  detailed(@Req() request: Request, @Query('season') season?: string): Promise<DetailedPerformance> {
    return this.seasons.read(
      season,
      () => this.performance.detailed(me(request)),
      (sql) => new PerformanceQueries(sql, this.config.rules).detailed(me(request)),
    );
  }

  @Get('performance/trends')
  @Player()
  trends(@Req() request: Request, @Query('season') season?: string): Promise<TrendEntry[]> {
    return this.seasons.read(
      season,
      () => this.performance.trends(me(request)),
      (sql) => new PerformanceQueries(sql, this.config.rules).trends(me(request)),
    );
  }

  @Get('performance/compare')
  @Player()
  @ApiOperation({
    summary:
      "Results in up to 5 periods side by side (?periodIds=1,2,3); yours, or another player's with &userId= (head-to-head: picks show once they lock)",
  })
  compare(
    @Req() request: Request,
    @Query('periodIds') periodIds?: string,
    @Query('userId') userId?: string,
  ): Promise<CompareEntry[]> {
    const viewer = me(request);
    const ids = periodIdsOf(periodIds);
    if (userId === undefined || userId === '' || userId === viewer)
      return this.performance.compare(viewer, ids);
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(userId)) {
      throw new DomainError(ErrorCodes.VALIDATION_FAILED, 'userId: a player id');
    }
    return this.performance.compare(userId, ids, { visibleAt: this.clock.now() });
  }

  @Get('user/export')
  @Player()
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @ApiOperation({ summary: 'Your picks, results and scores as CSV' })
  async export(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<string> {
    response.setHeader('Content-Disposition', 'attachment; filename="treble-picks.csv"');
    return this.exports.picksCsv(me(request));
  }

  @Get('choices/period/:periodId')
  @Player()
  @ApiOperation({ summary: 'Your picks in a period' })
  myChoices(
    @Param('periodId', ParseIntPipe) periodId: number,
    @Req() request: Request,
  ): Promise<ChoiceView[]> {
    return this.choices.forUserInPeriod(me(request), periodId);
  }

  @Get('periods/:id/picks')
  @Player()
  @ApiOperation({ summary: "Everyone's picks in a period, for the options that have locked" })
  periodPicks(@Param('id', ParseIntPipe) periodId: number): Promise<ChoiceView[]> {
    return this.choices.shownInPeriod(periodId, this.clock.now());
  }

  @Get('periods/:id/pick-grid')
  @Player()
  @ApiOperation({
    summary:
      "Everyone's picks in a period with their outcomes, for the options that have locked (your row first)",
  })
  periodPickGrid(
    @Param('id', ParseIntPipe) periodId: number,
    @Req() request: Request,
    @Query('season') season?: string,
  ): Promise<PeriodPickGrid> {
    return this.seasons.read(
      season,
      () => this.pickGrid.forPeriod(periodId, me(request), this.clock.now()),
      // A past season is over: every pick of it shows, locked or not when the season ended.
      (sql) => new PickGridQueries(sql).forPeriod(periodId, me(request), endOfTime),
    );
  }

  @Get('results')
  @Player()
  allResults(): Promise<ResultView[]> {
    return this.results.all();
  }

  @Get('results/period/:periodId')
  @Player()
  periodResults(@Param('periodId', ParseIntPipe) periodId: number): Promise<ResultView[]> {
    return this.results.forPeriod(periodId);
  }
}
