import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Database } from '../../src/platform/database/database.js';
import { seedEmbeddedDatabase } from './embedded-template.js';

/**
 * The databases every integration suite runs on: always the embedded PGlite; and a real Postgres
 * server when TEST_POSTGRES_URL names one (CI: postgres://postgres@127.0.0.1:5432/test). Each test
 * database is created for the run and dropped after it; an embedded one starts as a copy of a
 * migrated template (embedded-template.ts).
 */
export interface ProvisionedDatabase {
  /** postgres:// URL of a fresh database, or null for the embedded one. */
  url: string | null;
  /** Data directory (embedded database and anything else the app keeps on disk). */
  dataDir: string;
  cleanup(): Promise<void>;
}

export interface TestDatabaseTarget {
  name: string;
  provision(): Promise<ProvisionedDatabase>;
  /** Opens a fresh, empty, migrated database (a server's pool holds 10 connections unless told). */
  create(options?: { poolSize?: number }): Promise<TestDatabaseHandle>;
}

export interface TestDatabaseHandle {
  database: Database;
  /** Closes and opens the same database again, as a process restart would. */
  reopen(): Promise<Database>;
  dispose(): Promise<void>;
}

async function handleFor(provisioned: ProvisionedDatabase, poolSize = 10): Promise<TestDatabaseHandle> {
  const open = () =>
    Database.open({
      url: provisioned.url,
      dataDir: provisioned.dataDir,
      poolSize: provisioned.url ? poolSize : 1,
    });
  let database = await open();
  return {
    get database() {
      return database;
    },
    async reopen() {
      await database.close();
      database = await open();
      return database;
    },
    async dispose() {
      await database.close();
      await provisioned.cleanup();
    },
  };
}

async function temporaryDirectory(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'treble-test-'));
}

const embedded: TestDatabaseTarget = {
  name: 'embedded PGlite',
  async provision() {
    const dataDir = await temporaryDirectory();
    await seedEmbeddedDatabase(dataDir);
    return { url: null, dataDir, cleanup: () => fs.rm(dataDir, { recursive: true, force: true }) };
  },
  async create() {
    return handleFor(await this.provision());
  },
};

function postgresServer(serverUrl: string): TestDatabaseTarget {
  return {
    name: 'Postgres server',
    async provision() {
      const name = `treble_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const dataDir = await temporaryDirectory();
      return {
        url: url.toString(),
        dataDir,
        async cleanup() {
          const client = new pg.Client({ connectionString: serverUrl });
          await client.connect();
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await client.end();
          await fs.rm(dataDir, { recursive: true, force: true });
        },
      };
    },
    async create(options) {
      return handleFor(await this.provision(), options?.poolSize);
    },
  };
}

export const databaseTargets: TestDatabaseTarget[] = [
  embedded,
  ...(process.env.TEST_POSTGRES_URL ? [postgresServer(process.env.TEST_POSTGRES_URL)] : []),
];

/**
 * The Postgres server target, if TEST_POSTGRES_URL names one. Several app instances need a shared
 * SERVER (the embedded database belongs to the one process that locked its data directory), so
 * the suites about them run only there; CI always sets it.
 */
export const serverTarget: TestDatabaseTarget | null =
  databaseTargets.find((target) => target.name === 'Postgres server') ?? null;
