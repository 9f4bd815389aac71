import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import type { ScheduleEntry } from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { SeasonCatalogue } from '../../season-catalogue.js';
import { Admin } from '../../../platform/http/access.decorators.js';

@ApiTags('season')
@Controller('epl-schedule')
@Admin()
export class ScheduleController {
  constructor(
    private readonly catalogue: SeasonCatalogue,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'The schedule of the season the pool plays (before an import: ?season=, else the default season): one entry per matchweek',
  })
  async list(@Query('season') requested?: string): Promise<ScheduleEntry[]> {
    const name = await this.catalogue.currentSeasonName();
    // A season the pool has started but whose fixtures are not imported yet has no schedule to show.
    const playing = name === null ? null : await this.catalogue.imported(name);
    if (name !== null && playing === null) return [];
    const season =
      playing ??
      (typeof requested === 'string' && requested !== ''
        ? this.catalogue.bundled(requested).schedule
        : await this.catalogue.currentOrDefault(this.clock.now()));
    return season.matchweeks.map((week) => ({
      matchweek: week.number,
      description: `Matchweek ${week.number} · ${week.fixtures.length} fixtures`,
      startDate: week.startDate,
      endDate: week.endDate,
      segment: week.segment,
      fixtureCount: week.fixtures.length,
    }));
  }
}
