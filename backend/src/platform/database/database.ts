import pg, { type Pool, type PoolClient } from 'pg';
import { DataSource, type DataSourceOptions, type EntitySchema, type MixedList } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import { embeddedDatabaseDir, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';
import { migrations } from './migrations/index.js';
import { PoolScopedClient, type SessionRole } from './pool-scoped-client.js';
import type { Sql, SqlResult, TransactionalSql } from './sql.js';

export type DatabaseKind = 'embedded' | 'postgres';

export interface DatabaseOptions {
  /** A postgres:// URL, or null for the embedded database. */
  url: string | null;
  /** Data directory of the embedded database; null keeps it in memory (tests). */
  dataDir: string | null;
  poolSize: number;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities?: MixedList<Function | string | EntitySchema>;
}

/**
 * Several app instances may start at once on one new database: the first to take this lock applies
 * the migrations, the others wait for it and then find nothing left to do. The lock is held on a
 * connection of its own, outside the pool, so a pool of one connection still runs the migrations.
 */
async function migrateExclusively(url: string, migrate: () => Promise<unknown>): Promise<void> {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query("SELECT pg_advisory_lock(hashtext('treble:migrations'))");
    await migrate();
  } finally {
    await lock.end();
  }
}

/** The role the app's statements take when the connecting user is exempt from row-level security. */
const appRole = 'treble_app';

/**
 * Row-level security (the read tables' second line between pools, projection-tables.ts) applies
 * to every role but superusers and roles with BYPASSRLS. A superuser (the embedded database's, and
 * many small installs') gets a role of the app's, `treble_app`, with neither, and a member of the
 * superuser so that it holds its rights on every table; the app's connections take it once
 * migrations are done. Any other user is subject to the policies as it is (they are forced on the
 * tables' owner too): null. A user with BYPASSRLS that is no superuser cannot switch to such a role
 * (it would have to be a member of a role that is a member of itself), so it is refused at start.
 */
async function rowSecurityRole(dataSource: DataSource): Promise<string | null> {
  const [me] = await dataSource.query<{ name: string; superuser: boolean; bypasses: boolean }[]>(
    'SELECT rolname AS name, rolsuper AS superuser, rolbypassrls AS bypasses FROM pg_roles WHERE rolname = current_user',
  );
  if (me === undefined || (!me.superuser && !me.bypasses)) return null;
  if (!me.superuser)
    throw new Error(
      `The database user ${me.name} has BYPASSRLS, so row-level security would not keep pools apart: ` +
        `connect as a user without it (ALTER ROLE ${me.name} NOBYPASSRLS).`,
    );
  // Roles belong to the server, not to one database: another database's app may make it at once.
  await dataSource.query(`DO $$ BEGIN
      CREATE ROLE ${appRole} NOLOGIN NOSUPERUSER NOBYPASSRLS;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END $$`);
  const [{ member } = { member: false }] = await dataSource.query<{ member: boolean }[]>(
    `SELECT pg_has_role('${appRole}', current_user, 'MEMBER') AS member`,
  );
  if (!member) {
    try {
      await dataSource.query(`DO $$ BEGIN EXECUTE format('GRANT %I TO ${appRole}', current_user); END $$`);
    } catch (error) {
      // Another app instance granted it at the same moment ("tuple concurrently updated").
      const [again] = await dataSource.query<{ member: boolean }[]>(
        `SELECT pg_has_role('${appRole}', current_user, 'MEMBER') AS member`,
      );
      if (again?.member !== true) throw error;
    }
  }
  return appRole;
}

/** One database: the TypeORM data source and the raw SQL surface, on one shared pg pool. */
export class Database implements TransactionalSql {
  private constructor(
    readonly kind: DatabaseKind,
    readonly dataSource: DataSource,
    private readonly embedded: EmbeddedPostgres | null,
  ) {}

  static async open(options: DatabaseOptions): Promise<Database> {
    let embedded: EmbeddedPostgres | null = null;
    let connection: Partial<DataSourceOptions>;
    // Every client of the pool reads the role its statements take from here (pool-scoped-client.ts).
    const sessionRole: SessionRole = { role: null };
    const clients = { Client: PoolScopedClient, sessionRole };
    if (options.url !== null) {
      connection = { url: options.url, poolSize: options.poolSize, extra: clients };
    } else {
      embedded = await startEmbeddedPostgres(
        options.dataDir === null ? null : embeddedDatabaseDir(options.dataDir),
      );
      connection = {
        host: embedded.host,
        port: embedded.port,
        username: 'postgres',
        password: 'postgres',
        database: 'postgres',
        poolSize: 1,
        // Keep the one connection open: a reconnect would race the socket's one-connection limit.
        extra: { idleTimeoutMillis: 0, ...clients },
      };
    }
    const dataSource = new DataSource({
      type: 'postgres',
      ...connection,
      entities: options.entities ?? [],
      migrations,
      migrationsTransactionMode: 'each',
      synchronize: false,
      installExtensions: false,
      logging: false,
    } as DataSourceOptions);
    try {
      await dataSource.initialize();
      const migrate = async () => {
        await dataSource.runMigrations({ transaction: 'each' });
        sessionRole.role = await rowSecurityRole(dataSource);
      };
      if (options.url === null) await migrate();
      else await migrateExclusively(options.url, migrate);
    } catch (error) {
      if (dataSource.isInitialized) await dataSource.destroy();
      await embedded?.stop();
      throw error;
    }
    return new Database(embedded === null ? 'postgres' : 'embedded', dataSource, embedded);
  }

  private get pool(): Pool {
    // TypeORM's Postgres driver keeps the pg pool it opened as `master` (typed `any` there).
    return (this.dataSource.driver as PostgresDriver).master as Pool;
  }

  async query<Row = Record<string, unknown>>(
    text: string,
    params: readonly unknown[] = [],
  ): Promise<SqlResult<Row>> {
    // Not `pool.query`: its callback runs in the context of whoever freed the connection, so the
    // statement would carry their pool (pool-scoped-client.ts); an awaited connect keeps ours.
    const client = await this.pool.connect();
    let failure: Error | undefined;
    try {
      const result = await client.query(text, params as unknown[]);
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
    } catch (error) {
      // A statement the server refused (a conflict, a policy) leaves its connection as it was; any
      // other failure closes the connection rather than handing it to the next statement.
      if (!(error instanceof pg.DatabaseError))
        failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.release(failure);
    }
  }

  async transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    const client: PoolClient = await this.pool.connect();
    const sql: Sql = {
      async query<Row>(text: string, params: readonly unknown[] = []) {
        const result = await client.query(text, params as unknown[]);
        return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
      },
    };
    try {
      await client.query('BEGIN');
      const value = await work(sql);
      await client.query('COMMIT');
      return value;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async ping(): Promise<boolean> {
    try {
      await this.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
    await this.embedded?.stop();
  }
}
