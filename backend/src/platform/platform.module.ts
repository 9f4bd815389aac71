import {
  Global,
  Injectable,
  Logger,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CLOCK, FixedClock, ScaledClock, SystemClock, type Clock } from './clock/clock.js';
import { APP_CONFIG, type AppConfig } from './config/config.js';
import { Database } from './database/database.js';
import { HttpDrain } from './http/http-drain.js';

/** Closes the database last, when everything that used it has stopped. */
@Injectable()
class DatabaseLifecycle implements OnApplicationShutdown {
  constructor(private readonly database: Database) {}

  async onApplicationShutdown(): Promise<void> {
    await this.database.close();
  }
}

/** POOL_NOW pins the clock; with POOL_CLOCK_SPEED it runs from there at that speed. */
function clockFor(config: AppConfig): Clock {
  if (config.poolNow === null) return new SystemClock();
  return config.clockSpeed !== null
    ? new ScaledClock(config.poolNow, config.clockSpeed)
    : new FixedClock(config.poolNow);
}

/**
 * Configuration, clock, database and the HTTP drain at shutdown: available everywhere. Platform knows no context: the entities
 * TypeORM maps are handed in by the app (`readEntities` of read-models.ts).
 */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(
    config: AppConfig,
    entities: NonNullable<Parameters<typeof Database.open>[0]['entities']>,
  ): DynamicModule {
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
              entities,
            });
            new Logger('Database').log(
              database.kind === 'embedded'
                ? `Embedded PGlite database in ${config.dataDir}`
                : 'Postgres server from DATABASE_URL',
            );
            return database;
          },
        },
        { provide: DataSource, useFactory: (database: Database) => database.dataSource, inject: [Database] },
        DatabaseLifecycle,
        HttpDrain,
      ],
      exports: [APP_CONFIG, CLOCK, Database, DataSource, HttpDrain],
    };
  }
}
