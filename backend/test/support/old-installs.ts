import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../../src/app.js';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { loadConfig } from '../../src/platform/config/config.js';
import { Database } from '../../src/platform/database/database.js';
import type { BackupHeader } from '../../src/operations/backup/backup-file.js';
import { restorePool } from '../../src/operations/backup/pool-backup.js';
import { ProjectionEngine } from '../../src/projections/projection-engine.js';
import { databaseTargets, type TestDatabaseTarget } from './databases.js';

/*
 * Installs made by older versions of main (test/fixtures/upgrade/README.md): their data directory
 * unpacked, or their backup restored into a new database, and this version started on them.
 */

type Cleanups = (() => Promise<void>)[];
export interface Install {
  url: string | null;
  dataDir: string;
}

/** A file of test/fixtures/upgrade. */
export const upgradeFixture = (name: string): string =>
  new URL(`../fixtures/upgrade/${name}`, import.meta.url).pathname;

/** The old data directory (a tarball of the fixtures), unpacked into a new folder. */
export function unpackedDataDir(tarball: string, cleanups: Cleanups): Install {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'treble-old-install-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  execFileSync('tar', ['-xJf', upgradeFixture(tarball), '-C', dataDir]);
  return { url: null, dataDir };
}

/** The old backup restored into a new database of the target, as `npm run restore` does. */
export async function restoredBackup(
  target: TestDatabaseTarget,
  file: string,
  cleanups: Cleanups,
): Promise<Install & { header: BackupHeader }> {
  const provisioned = await target.provision();
  cleanups.push(() => provisioned.cleanup());
  const database = await Database.open({
    url: provisioned.url,
    dataDir: provisioned.dataDir,
    poolSize: provisioned.url ? 4 : 1,
  });
  try {
    const header = await restorePool({ database, file: upgradeFixture(file) });
    return { url: provisioned.url, dataDir: provisioned.dataDir, header };
  } finally {
    await database.close();
  }
}

const quiet = { log() {}, error() {}, warn() {}, debug() {}, verbose() {}, fatal() {} };

/** This version started on the install at `poolNow`, its read side caught up with the log. */
export async function startOn(
  install: Install,
  poolNow: string,
  cleanups: Cleanups,
): Promise<{ app: NestExpressApplication; base: string; settle: () => Promise<void> }> {
  const config = loadConfig({
    DATA_DIR: install.dataDir,
    ...(install.url ? { DATABASE_URL: install.url } : {}),
    POOL_NOW: poolNow,
    PROJECTION_POLL_MS: '50',
    WEB_DIST_DIR: `${install.dataDir}/no-web-app`,
    RESULTS_SCHEDULER_AUTOSTART: 'false',
  });
  const app = await createApp(config, quiet);
  cleanups.push(() => app.close());
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  const settle = async () =>
    app.get(ProjectionEngine).waitFor(await app.get<EventStore>(EVENT_STORE).headPosition(), 120_000);
  await settle();
  return { app, base, settle };
}

/** Both ways an old install arrives: its data directory upgraded in place, its backup restored on each database. */
export function itUpgradesTheInstallOf(
  commit: string,
  counts: { events: number; credentials: number },
  expectations: (install: Install) => Promise<void>,
  cleanups: Cleanups,
): void {
  it('upgrades its data directory in place', async () => {
    await expectations(unpackedDataDir(`data-dir-${commit}.tar.xz`, cleanups));
  }, 300_000);

  it.each(databaseTargets)(
    'restores its backup into a new install on $name',
    async (target) => {
      const install = await restoredBackup(target, `backup-${commit}.ndjson.gz`, cleanups);
      expect(install.header.counts).toMatchObject(counts);
      await expectations(install);
    },
    300_000,
  );
}
