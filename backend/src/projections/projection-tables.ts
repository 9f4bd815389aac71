import { inPool } from '../platform/pool-scope/pool-scope.js';
import type { Sql, TransactionalSql } from '../platform/database/sql.js';
import { seasonNamePattern, type SeasonStartedData } from '../shared/domain/season-scope.js';
import { seasonsTable, type Projection } from './projection.js';

/**
 * A projection's tables and its checkpoint: each generation of its tables (`{table}__g{n}`), the
 * views readers query under the logical names, the past seasons' tables, and the row in
 * `projection_checkpoints` that says which generation is live and how far it has applied the log.
 *
 * Every table holds the rows of every pool, `pool_id` first in its keys (docs/adr/015). Nobody
 * reads or writes a table itself: readers query the logical name, a view of the live generation's
 * rows of the pool their connection is in (`treble.pool`, platform/database/pool-scoped-client.ts);
 * projections write through each table's pool view (`{table}__pool`, with a check option, so a row
 * of another pool can be neither seen nor written there) while the engine applies a pool's events.
 * Row-level security on every table is the second line: a statement that named a table itself
 * would still see its connection's pool's rows alone.
 */
export interface Checkpoint {
  version: number;
  generation: number;
  position: bigint;
}

export function physical(table: string, generation: number): string {
  return `${table}__g${generation}`;
}

/** The tables `projections verify` builds beside the live ones, then drops. */
export function shadow(table: string): string {
  return `${table}__verify`;
}

/** The rows of the connection's pool (`treble.pool`); none when it has none. */
const ofThePool = `pool_id = current_setting('treble.pool', true)`;

/** The view through which a projection reads and writes one of its tables, in the pool of the events it applies. */
export function poolView(table: string): string {
  return `${table}__pool`;
}

/**
 * A physical table's two lines between pools: row-level security admits the rows of the
 * connection's pool only (forced on the table's owner too; the app's statements run as a role that
 * is no superuser, platform/database/database.ts), and the pool view projections write through.
 */
function protect(table: string): string[] {
  const name = identifier(table);
  return [
    `ALTER TABLE ${name} ENABLE ROW LEVEL SECURITY`,
    `ALTER TABLE ${name} FORCE ROW LEVEL SECURITY`,
    `CREATE POLICY pool ON ${name} USING (${ofThePool}) WITH CHECK (${ofThePool})`,
    `CREATE VIEW ${identifier(poolView(table))} WITH (security_invoker = true) AS SELECT * FROM ${name} WHERE ${ofThePool} WITH CASCADED CHECK OPTION`,
  ];
}

/**
 * Sends statements without parameters as one message (Postgres's simple query protocol runs them
 * in order, in the caller's transaction): the tables of a generation are dozens of statements,
 * and each round trip costs more than the statement.
 */
export async function runAll(sql: Sql, statements: readonly string[]): Promise<void> {
  if (statements.length > 0) await sql.query(statements.join(';\n'));
}

export function identifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe SQL identifier: ${name}`);
  return `"${name}"`;
}

/** Every physical table of a projection, by logical name: its tables, and the past-season tables of the seasonal ones. */
export function tableNames(projection: Projection): string[] {
  return projection.tables.flatMap((table) =>
    table.seasons ? [table.name, seasonsTable(table.name)] : [table.name],
  );
}

export async function readCheckpoint(sql: Sql, name: string, lock = false): Promise<Checkpoint | null> {
  const { rows } = await sql.query<{ version: number; generation: number; position: string }>(
    `SELECT version, generation, position FROM projection_checkpoints WHERE name = $1${lock ? ' FOR UPDATE' : ''}`,
    [name],
  );
  const row = rows[0];
  return row ? { version: row.version, generation: row.generation, position: BigInt(row.position) } : null;
}

/** The statements that create a projection's tables under the names `physicalName` gives. */
export function createTables(projection: Projection, physicalName: (table: string) => string): string[] {
  return projection.tables.flatMap((table) => {
    const name = physicalName(table.name);
    const created = [`DROP TABLE IF EXISTS ${identifier(name)} CASCADE`, ...table.ddl(identifier(name))];
    if (table.install) return created;
    if (!table.seasons) return [...created, ...protect(name)];
    // Past seasons' rows: the same columns (without keys: every season has its own), and the season.
    const archive = identifier(physicalName(seasonsTable(table.name)));
    return [
      ...created,
      ...protect(name),
      `DROP TABLE IF EXISTS ${archive} CASCADE`,
      `CREATE TABLE ${archive} (LIKE ${identifier(name)}, archive_season text NOT NULL)`,
      `CREATE INDEX ON ${archive} (pool_id, archive_season)`,
      ...protect(physicalName(seasonsTable(table.name))),
    ];
  });
}

/** The statements that point a projection's views (its tables' logical names) at a generation. */
export function pointViews(projection: Projection, generation: number): string[] {
  const views = projection.views ?? [];
  return [
    ...views.map((view) => `DROP VIEW IF EXISTS ${identifier(view.name)}`),
    ...tableNames(projection).flatMap((name) => [
      `DROP VIEW IF EXISTS ${identifier(name)}`,
      `CREATE VIEW ${identifier(name)} WITH (security_invoker = true) AS SELECT * FROM ${identifier(physical(name, generation))}${isInstallTable(projection, name) ? '' : ` WHERE ${ofThePool}`}`,
    ]),
    ...views.map(
      (view) => `CREATE VIEW ${identifier(view.name)} WITH (security_invoker = true) AS ${view.select}`,
    ),
  ];
}

/** Drops a deleted pool's rows from a projection's tables: its own, and the install's that name it. */
export async function dropPool(
  sql: Sql,
  projection: Projection,
  physicalName: (table: string) => string,
  key: string,
): Promise<void> {
  for (const table of projection.tables) {
    if (table.install && table.namesPool)
      await sql.query(`DELETE FROM ${identifier(physicalName(table.name))} WHERE pool_id = $1`, [key]);
  }
  await inPool(key, async () => {
    for (const name of tableNames(projection).filter((table) => !isInstallTable(projection, table)))
      await sql.query(`DELETE FROM ${identifier(poolView(physicalName(name)))}`);
  });
}

/** Whether a table of the projection is the install's rather than a pool's (`ProjectionTable.install`). */
export function isInstallTable(projection: Projection, name: string): boolean {
  return projection.tables.some((table) => table.name === name && table.install === true);
}

/**
 * Fresh statistics for a generation's tables. Every statement of a pool compares `pool_id` with a
 * setting whose value the planner does not know: without statistics it takes every key for
 * selective enough and may pick an index that leaves the player's or the option's columns to a
 * filter. A server's autovacuum analyzes in time; the embedded database has none. The engine
 * analyzes a rebuilt generation, and the live one as it grows (runners.ts).
 */
export function analyzeTables(projection: Projection, generation: number): string[] {
  return tableNames(projection).map((name) => `ANALYZE ${identifier(physical(name, generation))}`);
}

export function dropGeneration(projection: Projection, generation: number): string[] {
  // A view's name may have been a table's in an older version (`users`).
  const views = (projection.views ?? []).map((view) => view.name);
  return [...tableNames(projection), ...views].map(
    (name) => `DROP TABLE IF EXISTS ${identifier(physical(name, generation))} CASCADE`,
  );
}

/** Creates the first generation of a projection that has never run. */
export async function ensureInstalled(
  database: TransactionalSql,
  projection: Projection,
): Promise<Checkpoint> {
  return database.transaction(async (sql) => {
    await sql.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`projection:${projection.name}`]);
    const existing = await readCheckpoint(sql, projection.name);
    if (existing) return existing;
    await runAll(sql, [
      ...createTables(projection, (table) => physical(table, 1)),
      ...pointViews(projection, 1),
    ]);
    await sql.query(
      'INSERT INTO projection_checkpoints (name, version, generation, position) VALUES ($1, $2, 1, 0)',
      [projection.name, projection.version],
    );
    return { version: projection.version, generation: 1, position: 0n };
  });
}

/**
 * The next season starts in the pool of the connection: each seasonal table's rows of the pool are
 * kept under the ending season's name in its `_seasons` table, and the `archived` ones start empty.
 * Everything a browser shows changes.
 */
export async function startSeason(
  sql: Sql,
  projection: Projection,
  physicalName: (table: string) => string,
  data: SeasonStartedData,
): Promise<boolean> {
  const seasonal = projection.tables.filter((table) => table.seasons);
  if (seasonal.length === 0 || data.previous === null) return false;
  for (const table of seasonal) {
    const live = identifier(poolView(physicalName(table.name)));
    await sql.query(
      `INSERT INTO ${identifier(poolView(physicalName(seasonsTable(table.name))))} SELECT *, $1 FROM ${live}`,
      [data.previous],
    );
    if (table.seasons === 'archived') await sql.query(`DELETE FROM ${live}`);
  }
  return true;
}

/**
 * Runs `work` on a past season: inside one transaction, a temporary view named like each seasonal
 * table (temporary names come first in Postgres's lookup) shows that season's rows, and the views of
 * those projections are made again over them, so the
 * current season's queries read the past one unchanged. The views are dropped before the
 * transaction ends, so the connection goes back to the pool as it came.
 */
export async function readSeason<T>(
  database: TransactionalSql,
  projections: readonly Projection[],
  season: string,
  work: (sql: Sql) => Promise<T>,
): Promise<T> {
  if (!seasonNamePattern.test(season)) throw new Error(`Not a season name: ${season}`);
  const seasonal = projections.filter((projection) => projection.tables.some((table) => table.seasons));
  const tables = seasonal.flatMap((projection) =>
    projection.tables.filter((table) => table.seasons).map((table) => table.name),
  );
  // A seasonal projection's views read its tables by their names: made again here, they read the season's.
  const views = seasonal.flatMap((projection) => projection.views ?? []);
  return database.transaction(async (sql) => {
    for (const table of tables) {
      await sql.query(
        `CREATE TEMPORARY VIEW ${identifier(table)} WITH (security_invoker = true) AS SELECT * FROM public.${identifier(seasonsTable(table))} WHERE archive_season = '${season}'`,
      );
    }
    for (const view of views)
      await sql.query(
        `CREATE TEMPORARY VIEW ${identifier(view.name)} WITH (security_invoker = true) AS ${view.select}`,
      );
    const result = await work(sql);
    for (const name of [...views.map((view) => view.name), ...tables])
      await sql.query(`DROP VIEW pg_temp.${identifier(name)}`);
    return result;
  });
}
