import { Module, type Provider } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { Database } from '../platform/database/database.js';
import { EncodedBodies } from '../platform/http/entity-tags.js';
import { ChoiceQueries } from './queries/choice.queries.js';
import { PickGridQueries } from './queries/pick-grid.queries.js';
import { ExportQueries } from './queries/export.queries.js';
import {
  LeaderboardCache,
  leaderboardAnnouncements,
  leaderboardProjections,
} from './queries/leaderboard-cache.js';
import { ProjectionEngine } from '../projections/projection-engine.js';
import { LeaderboardQueries } from './queries/leaderboard.queries.js';
import { PerformanceQueries } from './queries/performance.queries.js';
import { ResultQueries } from './queries/result.queries.js';
import { StandingsController } from './standings.http.controller.js';
import { LeaderboardsController } from './leaderboards.http.controller.js';
import { Boards } from './queries/boards.js';
import { LiveBoards } from './queries/live-boards.js';
import { AdminPicksController } from './admin-picks.http.controller.js';
import { SeasonModule } from '../season/index.js';
import { PersonalPicksHandler } from './queries/personal-picks.handler.js';

/** The query services are plain classes over the database and (those that score) the configured rules. */
const queries = (type: new (db: Database, rules: AppConfig['rules']) => unknown): Provider => ({
  provide: type,
  useFactory: (db: Database, config: AppConfig) => new type(db, config.rules),
  inject: [Database, APP_CONFIG],
});

@Module({
  imports: [SeasonModule],
  controllers: [LeaderboardsController, StandingsController, AdminPicksController],
  providers: [
    queries(LeaderboardQueries),
    queries(PerformanceQueries),
    queries(ExportQueries),
    queries(ChoiceQueries),
    queries(PickGridQueries),
    queries(ResultQueries),
    Boards,
    EncodedBodies,
    LiveBoards,
    PersonalPicksHandler,
    {
      // Where the boards' tables stand comes from the projection engine when this instance runs it.
      provide: LeaderboardCache,
      useFactory: (db: Database, engine: ProjectionEngine) =>
        new LeaderboardCache(db, () =>
          engine.committedKey(leaderboardProjections, { announcing: leaderboardAnnouncements }),
        ),
      inject: [Database, ProjectionEngine],
    },
  ],
  exports: [LeaderboardQueries],
})
export class StandingsModule {}
