import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Database } from '../../src/platform/database/database.js';

/**
 * The databases every integration suite runs on: always the embedded PGlite; and a real Postgres
 * server when TEST_POSTGRES_URL names one (CI: postgres://postgres@127.0.0.1:5432/test). Each test
 * database is created for the run and dropped after it.
 */
export interface TestDatabaseTarget {
  name: string;
  /** Opens a fresh, empty, migrated database. */
  create(): Promise<TestDatabaseHandle>;
}

export interface TestDatabaseHandle {
  database: Database;
  /** Closes and opens the same database again, as a process restart would. */
  reopen(): Promise<Database>;
  dispose(): Promise<void>;
}

const embedded: TestDatabaseTarget = {
  name: 'embedded PGlite',
  async create() {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'treble-test-'));
    let database = await Database.open({ url: null, dataDir, poolSize: 1 });
    return {
      get database() {
        return database;
      },
      async reopen() {
        await database.close();
        database = await Database.open({ url: null, dataDir, poolSize: 1 });
        return database;
      },
      async dispose() {
        await database.close();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  },
};

function postgresServer(serverUrl: string): TestDatabaseTarget {
  return {
    name: 'Postgres server',
    async create() {
      const name = `treble_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      let database = await Database.open({ url: url.toString(), dataDir: null, poolSize: 10 });
      return {
        get database() {
          return database;
        },
        async reopen() {
          await database.close();
          database = await Database.open({ url: url.toString(), dataDir: null, poolSize: 10 });
          return database;
        },
        async dispose() {
          await database.close();
          const cleanup = new pg.Client({ connectionString: serverUrl });
          await cleanup.connect();
          await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await cleanup.end();
        },
      };
    },
  };
}

export const databaseTargets: TestDatabaseTarget[] = [
  embedded,
  ...(process.env.TEST_POSTGRES_URL ? [postgresServer(process.env.TEST_POSTGRES_URL)] : []),
];
