import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { AppConfig } from './platform/config/config.js';
import { HealthController } from './platform/http/health.controller.js';
import { PicksModule } from './picks/picks.module.js';
import { PlatformModule } from './platform/platform.module.js';
import { RealtimeGateway } from './realtime/realtime.gateway.js';
import { SeasonModule } from './season/season.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot(config), CqrsModule.forRoot(), SeasonModule, PicksModule],
      controllers: [HealthController],
      providers: [RealtimeGateway],
    };
  }
}
