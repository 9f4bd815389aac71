/** The season context's public face: all that other contexts and the composition root may import of it. */
export { ImportScheduleCommand } from './commands/import-schedule/import-schedule.commands.js';
export { AddEplOptionsCommand } from './commands/manage-options/manage-options.commands.js';
export {
  RecordResultCommand,
  type RecordResultOutcome,
} from './commands/record-result/record-result.commands.js';
export { StartNextSeasonCommand } from './commands/start-season/start-season.commands.js';
export {
  AutoCompletePeriodCommand,
  SyncFixtureCommand,
} from './commands/sync-fixtures/sync-fixtures.commands.js';
export { decideSyncFixture, fixtureHasResult, fixtureOptionIds, isCalledOff } from './domain/fixture-sync.js';
export { londonLocalToUtc } from './domain/london-time.js';
export {
  decideCompletePeriod,
  decideDeleteResultInPeriod,
  decideRecordResultInPeriod,
  decideReopenPeriod,
  optionIdFor,
  optionView,
  periodOfOption,
} from './domain/period-admin.js';
export { periodStreamId, type PeriodEvent, type PeriodState } from './domain/period.js';
export { SeasonFileError, checkSeasonShape, parseSeasonFile, type SeasonFile } from './domain/season-file.js';
export {
  MATCH_DURATION_MS,
  SeasonDataError,
  matchTeams,
  resultsOfFile,
  scheduleFromFixtures,
  scheduleOf,
  type FileResult,
  type Fixture,
  type SeasonSchedule,
  type Team,
} from './domain/season-schedule.js';
export type { SeasonSource } from './domain/season.js';
export { PeriodStreams } from './period-streams.js';
export { PoolSeasons } from './pool-seasons.js';
export { optionsProjection } from './queries/options/options.projection.js';
export { periodsProjection } from './queries/periods/periods.projection.js';
export { BUNDLED_SEASON, SeasonCatalogue, bundledSeasons } from './season-catalogue.js';
export { SeasonReader } from './season-reader.js';
export { SeasonModule } from './season.module.js';

import { PeriodRow } from './queries/periods/period.entity.js';
/** The TypeORM entity over the periods read table, for the composition root to register. */
export const seasonReadEntities = [PeriodRow];
