import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { databaseTargets, type TestDatabaseHandle } from '../../../test/support/databases.js';
import { inPool } from '../pool-scope/pool-scope.js';
import pg from 'pg';
import { Database } from './database.js';

const setting = async (database: Database) =>
  (await database.query<{ pool: string }>("SELECT current_setting('treble.pool') AS pool")).rows[0]!.pool;

describe.each(databaseTargets)('the pool of a connection on $name', (target) => {
  let handle: TestDatabaseHandle;
  beforeAll(async () => {
    handle = await target.create({ poolSize: 8 });
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  it('is the pool of the work that sends each statement, however many connections serve them at once', async () => {
    const pools = ['', 'a1', 'b2', 'c3'];
    const asked = Array.from({ length: 200 }, (_, i) => pools[i % pools.length]!);
    // TypeORM's own queries and the raw surface go through the same clients.
    const seen = await Promise.all(
      asked.map((key, i) =>
        inPool(key, () =>
          i % 2 === 0
            ? setting(handle.database)
            : handle.database.dataSource
                .query("SELECT current_setting('treble.pool') AS pool, pg_sleep(0.001)")
                .then((rows: { pool: string }[]) => rows[0]!.pool),
        ),
      ),
    );
    expect(seen).toEqual(asked);
  });

  it('holds inside a transaction, also after another one rolled back on the same connection', async () => {
    await expect(
      inPool('a1', () =>
        handle.database.transaction(async (sql) => {
          await sql.query("SELECT set_config('treble.pool', 'zz', false)");
          throw new Error('rolled back');
        }),
      ),
    ).rejects.toThrow('rolled back');
    expect(await inPool('a1', () => setting(handle.database))).toBe('a1');
    const inside = await inPool('b2', () =>
      handle.database.transaction(async (sql) => {
        const first = (await sql.query<{ pool: string }>("SELECT current_setting('treble.pool') AS pool"))
          .rows;
        const second = await inPool('c3', () =>
          sql.query<{ pool: string }>("SELECT current_setting('treble.pool') AS pool"),
        );
        return [first[0]!.pool, second.rows[0]!.pool];
      }),
    );
    expect(inside).toEqual(['b2', 'c3']);
    expect(await setting(handle.database)).toBe('');
  });
});

describe.each(databaseTargets.filter((target) => target.name === 'Postgres server'))(
  'a database user that skips row-level security on $name',
  (target) => {
    it('is refused at start when it has BYPASSRLS but is no superuser (it could not take the app role)', async () => {
      const provisioned = await target.provision();
      const owner = new pg.Client({ connectionString: provisioned.url! });
      await owner.connect();
      try {
        await owner.query(`DO $$ BEGIN
            CREATE ROLE treble_test_bypasser LOGIN BYPASSRLS;
          EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
          END $$`);
        await owner.query('GRANT ALL ON SCHEMA public TO treble_test_bypasser');
        const url = new URL(provisioned.url!);
        url.username = 'treble_test_bypasser';
        await expect(
          Database.open({ url: url.toString(), dataDir: provisioned.dataDir, poolSize: 2 }),
        ).rejects.toThrow('has BYPASSRLS, so row-level security would not keep pools apart');
      } finally {
        await owner.end();
        await provisioned.cleanup();
      }
    });
  },
);
