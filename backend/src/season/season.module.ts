import { Module } from '@nestjs/common';
import { ImportScheduleHandler } from './commands/import-schedule/import-schedule.handler.js';
import { ImportScheduleController } from './commands/import-schedule/import-schedule.http.controller.js';
import { PeriodsController } from './queries/periods/periods.http.controller.js';
import { ScheduleController } from './queries/schedule/schedule.http.controller.js';
import { SeasonCatalogue } from './season-catalogue.js';

@Module({
  controllers: [ImportScheduleController, PeriodsController, ScheduleController],
  providers: [SeasonCatalogue, ImportScheduleHandler],
})
export class SeasonModule {}
