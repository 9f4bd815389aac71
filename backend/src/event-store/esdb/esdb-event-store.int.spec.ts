import { describe } from '@jest/globals';
import { EsdbStandIn } from '../../../test/support/esdb-standin/esdb-standin.js';
import { eventStoreContract } from '../../../test/support/event-store.contract.js';
import { EsdbEventStore } from './esdb-event-store.js';

describe('EsdbEventStore', () => {
  eventStoreContract('EventStoreDB adapter on the in-process stand-in', async () => {
    const standIn = await EsdbStandIn.start();
    let store = EsdbEventStore.connect(standIn.connectionString);
    return {
      store,
      async restart() {
        await store.close();
        store = EsdbEventStore.connect(standIn.connectionString);
        return store;
      },
      async dispose() {
        await store.close();
        await standIn.stop();
      },
    };
  });

  // An extra target, not a skipped test: with EVENTSTORE_URL set (a real EventStoreDB, e.g. the
  // docker compose one) the same contract runs against it too.
  const realUrl = process.env.EVENTSTORE_URL;
  if (realUrl) {
    eventStoreContract(`EventStoreDB adapter on ${realUrl}`, async () => {
      let store = EsdbEventStore.connect(realUrl);
      return {
        store,
        async restart() {
          await store.close();
          store = EsdbEventStore.connect(realUrl);
          return store;
        },
        dispose: () => store.close(),
      };
    });
  }
});
