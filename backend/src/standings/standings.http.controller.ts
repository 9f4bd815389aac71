import { Controller, Get, Header, Inject, Param, ParseIntPipe, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../platform/http/api-docs.js';
import type { Request, Response } from 'express';
import {
  ErrorCodes,
  maxComparedPeriods,
  type ChoiceView,
  type CompareEntry,
  type DetailedPerformance,
  type PeriodPickGrid,
  type ResultView,
  type TrendEntry,
  type UserStats,
} from '@treble/contracts';
import { Player } from '../platform/http/access.decorators.js';
import { CLOCK, type Clock } from '../platform/clock/clock.js';
import { requestUser } from '../platform/http/command-context.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { Database } from '../platform/database/database.js';
import type { Sql } from '../platform/database/sql.js';
import { SeasonReader } from '../season/index.js';
import { DomainError } from '../shared/domain/domain-error.js';
import { ChoiceQueries } from './queries/choice.queries.js';
import { PickGridQueries } from './queries/pick-grid.queries.js';
import { ExportQueries } from './queries/export.queries.js';
import { uuidPattern } from './projection/standings.tables.js';
import { PerformanceQueries } from './queries/performance.queries.js';
import { ResultQueries } from './queries/result.queries.js';
import { UserStatsQueries } from './queries/user-stats.queries.js';
import { ReadsFrom } from '../projections/read-your-writes.js';

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
    private readonly database: Database,
    private readonly performance: PerformanceQueries,
    private readonly exports: ExportQueries,
    private readonly choices: ChoiceQueries,
    private readonly results: ResultQueries,
    private readonly pickGrid: PickGridQueries,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly seasons: SeasonReader,
  ) {}

  /** `work` over the tables of the season the pool plays, or of the past season `?season=` names. */
  private bySeason<T>(season: string | undefined, work: (sql: Sql) => Promise<T>): Promise<T> {
    return this.seasons.read(season, () => work(this.database), work);
  }

  @Get('user/stats')
  @Player()
  @ApiOperation({ summary: 'Your ranks, points, survivor status and per-period scores' })
  userStats(@Req() request: Request, @Query('season') season?: string): Promise<UserStats> {
    return this.bySeason(season, (sql) => new UserStatsQueries(sql, this.config.rules).forUser(me(request)));
  }

  @Get('performance/detailed')
  @Player()
  detailed(@Req() request: Request, @Query('season') season?: string): Promise<DetailedPerformance> {
    return this.bySeason(season, (sql) =>
      new PerformanceQueries(sql, this.config.rules).detailed(me(request)),
    );
  }

  @Get('performance/trends')
  @Player()
  trends(@Req() request: Request, @Query('season') season?: string): Promise<TrendEntry[]> {
    return this.bySeason(season, (sql) => new PerformanceQueries(sql, this.config.rules).trends(me(request)));
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
    if (!uuidPattern.test(userId)) {
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
