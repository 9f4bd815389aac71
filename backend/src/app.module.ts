import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ScheduleModule } from '@nestjs/schedule';
import { AccountsModule } from './accounts/index.js';
import { AuditModule } from './audit/index.js';
import { PoolsModule } from './pools/index.js';
import type { AppConfig } from './platform/config/config.js';
import { LiveResultsModule } from './live-results/index.js';
import { HealthController } from './health.controller.js';
import { EventStoreModule } from './event-store/event-store.module.js';
import { OperationsModule } from './operations/index.js';
import { ReadModelsModule } from './read-models.module.js';
import { readEntities } from './read-models.js';
import { NotificationsModule } from './notifications/index.js';
import { PicksModule } from './picks/index.js';
import { PlatformModule } from './platform/platform.module.js';
import { PrizesModule } from './prizes/index.js';
import { RealtimeModule } from './realtime/index.js';
import { SeasonModule } from './season/index.js';
import { StandingsModule } from './standings/index.js';

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
        PoolsModule,
        OperationsModule,
        NotificationsModule,
      ],
      controllers: [HealthController],
    };
  }
}
