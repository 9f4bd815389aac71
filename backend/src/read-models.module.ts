import {
  Global,
  Injectable,
  Logger,
  Module,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { EVENT_STORE, type EventStore } from './event-store/event-store.port.js';
import { APP_CONFIG, type AppConfig } from './platform/config/config.js';
import { Database } from './platform/database/database.js';
import { ProjectionEngine } from './projections/projection-engine.js';
import { ProjectorLeadership } from './projections/projector-leadership.js';
import { ReadYourWritesInterceptor } from './projections/read-your-writes.js';
import { projectionsFor } from './read-models.js';

/**
 * Once the app is up, runs live projection processing if this instance wins the projector lease
 * (else keeps trying, to take over from a leader that dies); at shutdown, ends every wait for the
 * read models, then stops it before anything closes.
 */
@Injectable()
class ProjectorLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    private readonly leadership: ProjectorLeadership,
    private readonly engine: ProjectionEngine,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.leadership.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.engine.close();
    await this.leadership.stop();
  }
}

/**
 * The projection engine over every read model of the app (read-models.ts), its leadership, and the
 * read-your-writes positions of HTTP commands and reads.
 */
@Global()
@Module({})
export class ReadModelsModule {
  static forRoot(): DynamicModule {
    return {
      module: ReadModelsModule,
      providers: [
        {
          provide: ProjectionEngine,
          useFactory: (config: AppConfig, database: Database, eventStore: EventStore) =>
            new ProjectionEngine(
              database,
              eventStore,
              projectionsFor(config.rules),
              new Logger('Projections'),
            ),
          inject: [APP_CONFIG, Database, EVENT_STORE],
        },
        ProjectorLeadership,
        ProjectorLifecycle,
        // Positions on commands' answers, and reads that wait for the position they name (ADR 013).
        { provide: APP_INTERCEPTOR, useClass: ReadYourWritesInterceptor },
      ],
      exports: [ProjectionEngine, ProjectorLeadership],
    };
  }
}
