import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { Database } from '../platform/database/database.js';
import { EVENT_STORE, type EventStore } from './event-store.port.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { PersonKeys } from '../platform/personal-data/person-keys.js';
import { protectingPersonalData } from './personal-data.js';
import { keepingDecisionStreams } from './decision-cache.js';
import { poolLens } from './pool-scope.js';
import { noteWritten } from './write-scope.js';

/** Closes the event store when the app stops (after projections have stopped reading it). */
@Injectable()
class EventStoreLifecycle implements OnApplicationShutdown {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.eventStore.close();
  }
}

/** The event store the configuration names: Postgres (the database's `events` table) or EventStoreDB. */
@Global()
@Module({})
export class EventStoreModule {
  static forRoot(): DynamicModule {
    return {
      module: EventStoreModule,
      providers: [
        {
          provide: EVENT_STORE,
          useFactory: async (config: AppConfig, database: Database): Promise<EventStore> => {
            // Personal fields are sealed in the store, whichever it is (docs/adr/017); the streams a
            // player's decisions read are kept in memory (docs/adr/018).
            const wrap = (store: EventStore) =>
              poolLens(
                notingWrites(keepingDecisionStreams(protectingPersonalData(store, new PersonKeys(database)))),
              );
            if (config.eventStoreUrl === null)
              return wrap(new PostgresEventStore(database, config.projectionPollMs));
            new Logger('EventStore').log('EventStoreDB from EVENTSTORE_URL');
            // Loaded only when it is used: its gRPC client takes a fifth of a second to load (start-up, W8).
            const { EsdbEventStore } = await import('./esdb/esdb-event-store.js');
            return wrap(EsdbEventStore.connect(config.eventStoreUrl));
          },
          inject: [APP_CONFIG, Database],
        },
        EventStoreLifecycle,
      ],
      exports: [EVENT_STORE],
    };
  }
}

/** Every append, whichever writer made it, is noted in the current write scope (write-scope.ts). */
function notingWrites(store: EventStore): EventStore {
  const append = store.append.bind(store);
  store.append = async (streamId, events, expectedVersion, options) => {
    const result = await append(streamId, events, expectedVersion, options);
    noteWritten(result.position);
    return result;
  };
  return store;
}
