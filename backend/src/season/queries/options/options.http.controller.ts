import { Controller, Get, Inject, Param, ParseIntPipe, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import type { Request } from 'express';
import type { CompetitionSummary, EplTeam, Option } from '@treble/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { requestUser } from '../../../platform/http/command-context.js';
import { SeasonCatalogue } from '../../season-catalogue.js';
import { PeriodQueries } from '../periods/period.queries.js';
import { OptionQueries } from './option.queries.js';
import { Admin, Player } from '../../../platform/http/access.decorators.js';

@ApiTags('options')
@Controller()
export class OptionsController {
  constructor(
    private readonly options: OptionQueries,
    private readonly catalogue: SeasonCatalogue,
    private readonly periods: PeriodQueries,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(['periods/:id/options', 'options/period/:id'])
  @Player()
  @ApiOperation({
    summary:
      "A period's options with your usage of each team, your pick, its deadline and (once locked) its pick count",
  })
  forPeriod(@Param('id', ParseIntPipe) id: number, @Req() request: Request): Promise<Option[]> {
    return this.options.forPeriod(id, requestUser(request)?.id ?? '', this.clock.now());
  }

  @Get('epl-teams')
  @Admin()
  @ApiOperation({ summary: 'The 20 Premier League clubs of the season, promoted sides marked' })
  teams(): Promise<EplTeam[]> {
    return this.catalogue.teams(this.clock.now());
  }

  @Get('admin/competition/summary')
  @Admin()
  @ApiOperation({ summary: 'How many periods each competition spans' })
  summary(): Promise<CompetitionSummary> {
    return this.periods.competitionSummary(this.config.rules);
  }
}
