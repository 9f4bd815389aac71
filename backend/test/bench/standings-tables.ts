import type { Projection } from '../../src/projections/projection.js';
import type { Sql } from '../../src/platform/database/sql.js';

/**
 * A projection's tables under bench names (`table`), each behind a view of its real name as the
 * queries read them, and the `users` table the leaderboards join for names.
 */
export async function installBenchTables(
  db: Sql,
  projection: Projection,
  table: (name: string) => string,
): Promise<void> {
  for (const t of projection.tables) {
    for (const statement of t.ddl(table(t.name))) await db.query(statement);
    await db.query(`CREATE VIEW ${t.name} AS SELECT * FROM ${table(t.name)}`);
  }
  await db.query(
    `CREATE TABLE users (id uuid PRIMARY KEY, email text NOT NULL, first_name text, last_name text,
       profile_image_url text, is_admin boolean NOT NULL DEFAULT false, created_at timestamptz NOT NULL DEFAULT now())`,
  );
}
