import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { serverTarget, type ProvisionedDatabase } from '../../../test/support/databases.js';
import { Database } from '../database/database.js';
import { InstanceSignal } from './instance-signal.js';

/** Signals are a Postgres server's (the embedded database is one process's): only there. */
(serverTarget ? describe : describe.skip)('instance signals on the Postgres server', () => {
  let provisioned: ProvisionedDatabase;
  let database: Database;

  beforeAll(async () => {
    provisioned = await serverTarget!.provision();
    database = await Database.open({ url: provisioned.url, dataDir: provisioned.dataDir, poolSize: 2 });
  });
  afterAll(async () => {
    await database?.close();
    await provisioned?.cleanup();
  });

  it("acts on another instance's signal and on the CLI's, never on its own", async () => {
    const heard = { a: 0, b: 0 };
    const waiters: (() => void)[] = [];
    const hear = (who: 'a' | 'b') => () => {
      heard[who] += 1;
      waiters.splice(0).forEach((wake) => wake());
    };
    const until = async (done: () => boolean) => {
      while (!done()) await new Promise<void>((wake) => waiters.push(wake));
    };
    const a = new InstanceSignal(provisioned.url, 'treble_test_signal', hear('a'));
    const b = new InstanceSignal(provisioned.url, 'treble_test_signal', hear('b'));
    await a.start();
    await b.start();
    try {
      await a.tell(database);
      await until(() => heard.b === 1);
      // Signals reach a listener in the order they were sent: had A heard its own, it would count 2.
      await database.query(InstanceSignal.sqlFor('treble_test_signal'));
      await until(() => heard.a >= 1 && heard.b >= 2);
      expect(heard).toEqual({ a: 1, b: 2 });
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});
