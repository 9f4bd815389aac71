import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { defaultRules } from '@treble/contracts';
import { databaseTargets, type TestDatabaseHandle } from '../../test/support/databases.js';
import { projectionsFor } from '../read-models.js';
import { ensureInstalled, physical, poolView, tableNames } from './projection-tables.js';

/**
 * Every read table of the app belongs to pools (docs/adr/015): `pool_id` is its first column and
 * the first column of each of its keys and indexes, projections write it through its pool view, and
 * readers see it through a view of one pool's rows. A new projection table without them fails here.
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

  const tables = projections.flatMap((projection) => tableNames(projection));

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
});
