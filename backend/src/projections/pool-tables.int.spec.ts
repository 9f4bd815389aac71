import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { defaultRules } from '@treble/contracts';
import { databaseTargets, type TestDatabaseHandle } from '../../test/support/databases.js';
import { projectionsFor } from '../read-models.js';
import { inPool } from '../platform/pool-scope/pool-scope.js';
import { ensureInstalled, isInstallTable, physical, poolView, tableNames } from './projection-tables.js';

/**
 * Every read table of the app belongs to pools (docs/adr/015): `pool_id` is its first column and
 * the first column of each of its keys and indexes, projections write it through its pool view, and
 * readers see it through a view of one pool's rows; row-level security on the table is the second
 * line. A new projection table without them fails here, and so does a new table of the install
 * (`ProjectionTable.install`: a person's own rows, which every pool they joined reads).
 */
describe.each(databaseTargets)('the read tables of every pool on $name', (target) => {
  let handle: TestDatabaseHandle;
  const projections = projectionsFor(defaultRules);
  beforeAll(async () => {
    handle = await target.create();
    for (const projection of projections) await ensureInstalled(handle.database, projection);
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  const tables = projections.flatMap((projection) =>
    tableNames(projection).filter((table) => !isInstallTable(projection, table)),
  );

  it("has no table of the install but a person's own: their name, and the pools they are in", () => {
    const install = projections.flatMap((projection) =>
      tableNames(projection).filter((table) => isInstallTable(projection, table)),
    );
    expect(install).toEqual(['persons', 'memberships']);
  });

  it('has a pool_id first in every table, key and index', async () => {
    expect(tables.length).toBeGreaterThan(15);
    for (const table of tables) {
      const name = physical(table, 1);
      const { rows: columns } = await handle.database.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position LIMIT 1`,
        [name],
      );
      expect([table, columns[0]?.column_name]).toEqual([table, 'pool_id']);
      const { rows: indexes } = await handle.database.query<{ index: string; first: string }>(
        `SELECT i.indexrelid::regclass::text AS index, a.attname AS first
           FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
          WHERE i.indrelid = $1::regclass`,
        [name],
      );
      expect([table, indexes.length > 0]).toEqual([table, true]);
      for (const index of indexes)
        expect([table, index.index, index.first]).toEqual([table, index.index, 'pool_id']);
    }
  });

  it("shows readers and projections one pool's rows", async () => {
    for (const table of tables) {
      for (const view of [table, poolView(physical(table, 1))]) {
        const { rows } = await handle.database.query<{ definition: string | null }>(
          'SELECT pg_get_viewdef($1::regclass) AS definition',
          [view],
        );
        expect([view, rows[0]?.definition]).toEqual([
          view,
          expect.stringContaining("current_setting('treble.pool'"),
        ]);
      }
    }
  });

  it('keeps row-level security on every table as the second line, for the role the app runs as', async () => {
    const { rows: me } = await handle.database.query<{ exempt: boolean }>(
      'SELECT rolsuper OR rolbypassrls AS exempt FROM pg_roles WHERE rolname = current_user',
    );
    expect(me).toEqual([{ exempt: false }]);
    for (const table of tables) {
      const { rows } = await handle.database.query<{ secured: boolean; forced: boolean; policies: number }>(
        `SELECT c.relrowsecurity AS secured, c.relforcerowsecurity AS forced,
                (SELECT count(*) FROM pg_policies p WHERE p.tablename = c.relname)::integer AS policies
           FROM pg_class c WHERE c.relname = $1`,
        [physical(table, 1)],
      );
      expect([table, rows[0]]).toEqual([table, { secured: true, forced: true, policies: 1 }]);
    }
  });

  it("shows a statement that names a table itself its own pool's rows only, and refuses another pool's", async () => {
    const prizes = physical('prizes', 1);
    const insert = `INSERT INTO ${poolView(prizes)} (id, competition, position, amount, currency, is_active)
                    VALUES ($1, 'overall', '1', 10, 'GBP', true)`;
    await handle.database.query(insert, ['home']);
    await inPool('k1', () => handle.database.query(insert, ['away']));
    const ids = async () =>
      (await handle.database.query<{ id: string }>(`SELECT id FROM ${prizes} ORDER BY id`)).rows.map(
        (r) => r.id,
      );
    expect(await ids()).toEqual(['home']);
    expect(await inPool('k1', ids)).toEqual(['away']);
    await expect(
      handle.database.query(
        `INSERT INTO ${prizes} (pool_id, id, competition, position, amount, currency, is_active)
         VALUES ('k1', 'sneaked', 'overall', '2', 5, 'GBP', true)`,
      ),
    ).rejects.toThrow(/row-level security/);
    expect(await inPool('k1', ids)).toEqual(['away']);
  });
});
