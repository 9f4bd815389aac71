import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ScheduleModule } from '@nestjs/schedule';
import { AccountsModule } from './accounts/accounts.module.js';
import { AuditModule } from './audit/audit.module.js';
import type { AppConfig } from './platform/config/config.js';
import { LiveResultsModule } from './live-results/live-results.module.js';
import { HealthController } from './health.controller.js';
import { EventStoreModule } from './event-store/event-store.module.js';
import { OperationsModule } from './operations/operations.module.js';
import { ReadModelsModule } from './read-models.module.js';
import { readEntities } from './read-models.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { PicksModule } from './picks/picks.module.js';
import { PlatformModule } from './platform/platform.module.js';
import { PrizesModule } from './prizes/prizes.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { SeasonModule } from './season/season.module.js';
import { StandingsModule } from './standings/standings.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot(config, readEntities),
        EventStoreModule.forRoot(),
        ReadModelsModule.forRoot(),
        CqrsModule.forRoot(),
        RealtimeModule,
        ScheduleModule.forRoot(),
        AccountsModule,
        SeasonModule,
        PicksModule,
        PrizesModule,
        StandingsModule,
        LiveResultsModule,
        AuditModule,
        OperationsModule,
        NotificationsModule,
      ],
      controllers: [HealthController],
    };
  }
}
