import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port.js';
import { EsdbEventStore } from '../event-store/esdb/esdb-event-store.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { ProjectionEngine } from '../projections/projection-engine.js';
import { ProjectorLeadership } from '../projections/projector-leadership.js';
import { projectionsFor, readEntities } from '../read-models.js';
import { CLOCK, FixedClock, ScaledClock, SystemClock, type Clock } from './clock/clock.js';
import { APP_CONFIG, type AppConfig } from './config/config.js';
import { Database } from './database/database.js';

/**
 * Once the app is up, runs live projection processing if this instance wins the projector lease
 * (else keeps trying, to take over from a leader that dies); releases everything on shutdown.
 */
@Injectable()
class PlatformLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly leadership: ProjectorLeadership,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly database: Database,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.leadership.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.leadership.stop();
    await this.eventStore.close();
    await this.database.close();
  }
}

/** POOL_NOW pins the clock; with POOL_CLOCK_SPEED it runs from there at that speed. */
function clockFor(config: AppConfig): Clock {
  if (config.poolNow === null) return new SystemClock();
  return config.clockSpeed !== null ? new ScaledClock(config.poolNow, config.clockSpeed) : new FixedClock(config.poolNow);
}

/** Configuration, clock, database, event store and projection engine: available everywhere. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: PlatformModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: CLOCK, useValue: clockFor(config) },
        {
          provide: Database,
          useFactory: async () => {
            const database = await Database.open({
              url: config.databaseUrl,
              dataDir: config.dataDir,
              poolSize: config.databasePoolSize,
              entities: readEntities,
            });
            new Logger('Database').log(
              database.kind === 'embedded' ? `Embedded PGlite database in ${config.dataDir}` : 'Postgres server from DATABASE_URL',
            );
            return database;
          },
        },
        { provide: DataSource, useFactory: (database: Database) => database.dataSource, inject: [Database] },
        {
          provide: EVENT_STORE,
          useFactory: (database: Database): EventStore => {
            if (config.eventStoreUrl === null) return new PostgresEventStore(database, config.projectionPollMs);
            new Logger('EventStore').log('EventStoreDB from EVENTSTORE_URL');
            return EsdbEventStore.connect(config.eventStoreUrl);
          },
          inject: [Database],
        },
        {
          provide: ProjectionEngine,
          useFactory: (database: Database, eventStore: EventStore) =>
            new ProjectionEngine(database, eventStore, projectionsFor(config.rules), new Logger('Projections')),
          inject: [Database, EVENT_STORE],
        },
        ProjectorLeadership,
        PlatformLifecycle,
      ],
      exports: [APP_CONFIG, CLOCK, Database, DataSource, EVENT_STORE, ProjectionEngine, ProjectorLeadership],
    };
  }
}
