import { openData, sealData } from '../platform/personal-data/personal-data-codec.js';
import type { Sql } from '../platform/database/sql.js';
import { PersonKeys } from '../platform/personal-data/person-keys.js';
import type { EventStore, NewEvent, RecordedEvent } from './event-store.port.js';

/**
 * The event store with the codec around it, the same for Postgres and EventStoreDB: what is appended
 * is sealed, what is read (streams, the whole log, subscriptions) is opened. A backup reads the
 * store without it, so the file holds sealed values only.
 */
export function protectingPersonalData(store: EventStore, keys: PersonKeys): EventStore {
  return {
    kind: store.kind,
    append: async (streamId, events: NewEvent[], expectedVersion, options) =>
      store.append(streamId, await sealData(keys, events), expectedVersion, options),
    readStream: async (streamId, options) => openData(keys, await store.readStream(streamId, options)),
    async readStreams(streamIds) {
      const streams = await store.readStreams(streamIds);
      const opened = await openData(keys, streams.flat());
      let start = 0;
      return streams.map((events) => opened.slice(start, (start += events.length)));
    },
    readAll: async (options) => openData(keys, await store.readAll(options)),
    headPosition: () => store.headPosition(),
    countAfter: (position, types) => store.countAfter(position, types),
    subscribe: (handler, options) =>
      store.subscribe(async (events: RecordedEvent[]) => handler(await openData(keys, events)), options),
    close: () => store.close(),
  };
}

/** The store as the app reads it, keys from the database's `person_keys` (engines outside the app: CLI, tests). */
export function openedOver(store: EventStore, database: Sql): EventStore {
  return protectingPersonalData(store, new PersonKeys(database));
}
