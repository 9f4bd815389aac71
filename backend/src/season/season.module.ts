import { Module } from '@nestjs/common';
import { ImportScheduleHandler } from './commands/import-schedule/import-schedule.handler.js';
import { ImportScheduleController } from './commands/import-schedule/import-schedule.http.controller.js';
import {
  AddEplOptionsHandler,
  CreateOptionHandler,
  ReplaceWithEplHandler,
} from './commands/manage-options/manage-options.handlers.js';
import { ManageOptionsController } from './commands/manage-options/manage-options.http.controller.js';
import {
  CompletePeriodHandler,
  CreatePeriodHandler,
  ReopenPeriodHandler,
  SetPeriodActiveHandler,
} from './commands/manage-period/manage-period.handlers.js';
import { ManagePeriodController } from './commands/manage-period/manage-period.http.controller.js';
import { DeleteResultHandler, RecordResultHandler } from './commands/record-result/record-result.handlers.js';
import { RecordResultController } from './commands/record-result/record-result.http.controller.js';
import { PeriodStreams } from './period-streams.js';
import { PeriodWriter } from './period-writer.js';
import { SeasonWriter } from './season-writer.js';
import { StartNextSeasonHandler } from './commands/start-season/start-season.handler.js';
import {
  AutoCompletePeriodHandler,
  SyncFixtureHandler,
} from './commands/sync-fixtures/sync-fixtures.handlers.js';
import { CurrentSeasonHandler, PoolSeasons } from './pool-seasons.js';
import { SeasonReader } from './season-reader.js';
import { SeasonsController } from './queries/seasons/seasons.http.controller.js';
import { OptionQueries } from './queries/options/option.queries.js';
import { PeriodQueries } from './queries/periods/period.queries.js';
import { OptionsController } from './queries/options/options.http.controller.js';
import { PeriodsController } from './queries/periods/periods.http.controller.js';
import { ScheduleController } from './queries/schedule/schedule.http.controller.js';
import { SeasonCatalogue } from './season-catalogue.js';
import { RulesController } from './queries/rules/rules.http.controller.js';

@Module({
  controllers: [
    ImportScheduleController,
    PeriodsController,
    ManagePeriodController,
    ScheduleController,
    ManageOptionsController,
    OptionsController,
    RecordResultController,
    RulesController,
    SeasonsController,
  ],
  providers: [
    SeasonCatalogue,
    PeriodStreams,
    PeriodWriter,
    SeasonWriter,
    StartNextSeasonHandler,
    SyncFixtureHandler,
    AutoCompletePeriodHandler,
    PoolSeasons,
    SeasonReader,
    CurrentSeasonHandler,
    OptionQueries,
    PeriodQueries,
    ImportScheduleHandler,
    SetPeriodActiveHandler,
    CompletePeriodHandler,
    ReopenPeriodHandler,
    CreatePeriodHandler,
    AddEplOptionsHandler,
    ReplaceWithEplHandler,
    CreateOptionHandler,
    RecordResultHandler,
    DeleteResultHandler,
  ],
  exports: [SeasonCatalogue, PeriodStreams, PoolSeasons, SeasonReader],
})
export class SeasonModule {}
