import { Controller, Get, HttpCode, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../platform/http/api-docs.js';
import type { Request } from 'express';
import type {
  MatchdayStatus,
  ResultsUpdateSummary,
  SchedulerChangeResponse,
  SchedulerStatus,
} from '@treble/contracts';
import { Admin } from '../platform/http/access.decorators.js';
import { CLOCK, type Clock } from '../platform/clock/clock.js';
import { commandContext } from '../platform/http/command-context.js';
import { LiveResultsService } from './live-results.service.js';
import { ResultsScheduler } from './results-scheduler.js';

/** The admin's Live Results tab (docs/rules.md, Screens, `/api/epl-results/*`). */
@ApiTags('live-results')
@Controller('epl-results')
@Admin()
export class LiveResultsController {
  constructor(
    private readonly service: LiveResultsService,
    private readonly scheduler: ResultsScheduler,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('status')
  @ApiOperation({ summary: "A matchday's matches as the results provider reports them (?matchday=N)" })
  status(@Query('matchday') matchday: string): Promise<MatchdayStatus> {
    return this.service.matchdayStatus(this.service.parseMatchday(matchday));
  }

  @Get('scheduler/status')
  @ApiOperation({ summary: 'Whether results are fetched automatically, and when next' })
  schedulerStatus(): Promise<SchedulerStatus> {
    return this.scheduler.status();
  }

  @Post('scheduler/start')
  @HttpCode(200)
  @ApiOperation({ summary: 'Start fetching results automatically (stays on across restarts)' })
  async start(@Req() request: Request): Promise<SchedulerChangeResponse> {
    const status = await this.scheduler.start(commandContext(request, this.clock, 'admin'));
    return { message: 'Scheduler started', ...status };
  }

  @Post('scheduler/stop')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stop fetching results automatically (stays off across restarts)' })
  async stop(@Req() request: Request): Promise<SchedulerChangeResponse> {
    const status = await this.scheduler.stop(commandContext(request, this.clock, 'admin'));
    return { message: 'Scheduler stopped', ...status };
  }

  @Post('update/:matchday')
  @HttpCode(200)
  @ApiOperation({
    summary: "Fetch one matchday now: re-sync its fixtures and record its finished matches' results",
  })
  update(@Param('matchday') matchday: string, @Req() request: Request): Promise<ResultsUpdateSummary> {
    const context = commandContext(request, this.clock, 'admin');
    return this.service.updateMatchday(this.service.parseMatchday(matchday), context);
  }

  @Post('update-all')
  @HttpCode(200)
  @ApiOperation({ summary: 'Fetch every finished match of the season now and record the results' })
  updateAll(@Req() request: Request): Promise<ResultsUpdateSummary> {
    return this.service.updateAll(commandContext(request, this.clock, 'admin'));
  }
}
