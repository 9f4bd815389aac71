import { describe } from '@jest/globals';
import { databaseTargets } from '../../test/support/databases.js';
import { eventStoreContract } from '../../test/support/event-store.contract.js';
import { PostgresEventStore } from './postgres-event-store.js';

describe('PostgresEventStore', () => {
  for (const target of databaseTargets) {
    eventStoreContract(`postgres adapter on ${target.name}`, async () => {
      const onServer = target.name === 'Postgres server';
      const handle = await target.create({ poolSize: 20 });
      let store = new PostgresEventStore(handle.database, 50);
      return {
        store,
        concurrency: onServer ? { appenders: 20, appendsEach: 500 } : { appenders: 4, appendsEach: 50 },
        async restart() {
          await store.close();
          store = new PostgresEventStore(await handle.reopen(), 50);
          return store;
        },
        async dispose() {
          await store.close();
          await handle.dispose();
        },
      };
    });
  }
});
