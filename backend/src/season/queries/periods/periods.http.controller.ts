import { Controller, Get, Inject, Query } from '@nestjs/common';
import type { Period, PeriodTimeline } from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { Player } from '../../../platform/http/access.decorators.js';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import { PeriodQueries } from './period.queries.js';

@ApiTags('periods')
@Controller('periods')
@Player()
export class PeriodsController {
  constructor(
    private readonly periods: PeriodQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  @ApiOperation({ summary: 'All periods, by id (of a past season with ?season=YYYY-YY)' })
  list(@Query('season') season?: string): Promise<Period[]> {
    return this.periods.list(season);
  }

  @Get('timeline')
  @ApiOperation({
    summary:
      'Every period with its pick status (upcoming, open, ended, completed, inactive), openForPicks, its next deadline, and the current period (soonest next deadline)',
  })
  timeline(): Promise<PeriodTimeline> {
    return this.periods.timeline(this.clock.now());
  }

  @Get('current')
  @ApiOperation({
    summary:
      'The current period: the open one whose next deadline is soonest; with none open, the last that started (or null)',
  })
  current(): Promise<Period | null> {
    return this.periods.current(this.clock.now());
  }
}
