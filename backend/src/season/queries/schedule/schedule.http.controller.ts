import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ScheduleEntry } from '@treble/contracts';
import { SeasonCatalogue } from '../../season-catalogue.js';
import { Admin } from '../../../accounts/access/access.decorators.js';

@ApiTags('season')
@Controller('epl-schedule')
@Admin()
export class ScheduleController {
  constructor(private readonly catalogue: SeasonCatalogue) {}

  @Get()
  @ApiOperation({ summary: 'The season schedule available for import: one entry per matchweek' })
  list(): ScheduleEntry[] {
    const season = this.catalogue.current();
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
