import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Database } from '../../src/platform/database/database.js';
import { embeddedDatabaseDir } from '../../src/platform/database/embedded-postgres.js';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const migrationsDir = path.join(backendDir, 'src/platform/database/migrations');
const pgliteManifest = path.join(backendDir, '../node_modules/@electric-sql/pglite/package.json');

/**
 * A new embedded database spends seconds in `initdb` (Postgres in WASM) before its migrations run.
 * Tests start hundreds of them, so one migrated database is made per version of PGlite and of the
 * migrations, kept in the system's temporary folder, and copied for each test: a copy of a cleanly
 * closed data directory opens as the same database. What the app does on a new data directory is
 * still tested where it matters (the start-up journeys of `npm start` run on empty folders).
 */
async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await fs.readFile(pgliteManifest));
  for (const file of (await fs.readdir(migrationsDir)).sort()) {
    hash.update(file);
    hash.update(await fs.readFile(path.join(migrationsDir, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

async function buildTemplate(): Promise<string> {
  const template = path.join(os.tmpdir(), `treble-pglite-template-${await templateKey()}`);
  const ready = path.join(template, 'ready');
  if (await exists(ready)) return template;
  // Built aside and renamed into place, so a test in another worker never copies half a template.
  const building = await fs.mkdtemp(`${template}.building-`);
  try {
    const database = await Database.open({ url: null, dataDir: building, poolSize: 1 });
    await database.close();
    await fs.writeFile(path.join(building, 'ready'), '');
    await fs.rename(building, template);
  } catch (error) {
    await fs.rm(building, { recursive: true, force: true });
    // Another worker finished first: its template is as good as ours.
    if (!(await exists(ready))) throw error;
  }
  return template;
}

let template: Promise<string> | null = null;

/** Puts a new, migrated embedded database into `dataDir` (where the app would make its own). */
export async function seedEmbeddedDatabase(dataDir: string): Promise<void> {
  template ??= buildTemplate().catch((error: unknown) => {
    template = null;
    throw error;
  });
  await fs.cp(embeddedDatabaseDir(await template), embeddedDatabaseDir(dataDir), { recursive: true });
}
