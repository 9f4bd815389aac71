import { readFile } from 'node:fs/promises';
import { Presets, SingleBar } from 'cli-progress';
import { EsdbEventStore } from '../event-store/esdb/esdb-event-store.js';
import { MigrationRefusedError } from '../event-store/esdb/migrate-to-esdb.js';
import type { EventStore } from '../event-store/event-store.port.js';
import { openedOver } from '../event-store/personal-data.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { ConfigError, loadConfig, type AppConfig } from '../platform/config/config.js';
import { DataDirInUseError } from '../platform/database/data-dir-lock.js';
import { Database } from '../platform/database/database.js';
import { readEntities } from '../read-models.js';
import { BackupFileError, RestoreRefusedError } from '../operations/index.js';

/** A command line that does not say what to do; its message ends with the tool's usage. */
export class UsageError extends Error {}

/**
 * The database the app would use (DATABASE_URL, else the embedded one under DATA_DIR) and its event
 * store: EventStoreDB at EVENTSTORE_URL, else the database's own.
 */
export async function openPool(config: AppConfig = loadConfig()) {
  const database = await Database.open({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: Math.min(config.databasePoolSize, 4),
    entities: readEntities,
  });
  const sealedStore: EventStore =
    config.eventStoreUrl === null
      ? new PostgresEventStore(database, config.projectionPollMs)
      : EsdbEventStore.connect(config.eventStoreUrl);
  return {
    config,
    database,
    /** The log as the app reads it: personal fields opened (docs/adr/017). */
    store: openedOver(sealedStore, database),
    /** The log as stored, personal fields sealed: what a backup copies. */
    sealedStore,
    async close() {
      await sealedStore.close();
      await database.close();
    },
  };
}

/** The backend's version, from its package.json (next to dist/ and src/). */
export async function appVersion(): Promise<string> {
  const text = await readFile(new URL('../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}

/** One bar per phase, started on the phase's first report. */
export function phaseBars(): { report(phase: string, done: number, total: number): void; stop(): void } {
  const bars = new Map<string, SingleBar>();
  return {
    report(phase, done, total) {
      let bar = bars.get(phase);
      if (!bar) {
        for (const other of bars.values()) other.stop();
        bar = new SingleBar(
          {
            format: `${phase.padEnd(20)} [{bar}] {percentage}% | {value}/{total}`,
            hideCursor: true,
            noTTYOutput: true,
            notTTYSchedule: 500,
          },
          Presets.shades_classic,
        );
        bar.start(Math.max(total, 1), 0);
        bars.set(phase, bar);
      }
      bar.setTotal(Math.max(total, 1));
      bar.update(total === 0 ? 1 : done);
    },
    stop() {
      for (const bar of bars.values()) bar.stop();
    },
  };
}

/** Exit codes: 0 done, 2 refused (usage, configuration, file or target), 1 anything unexpected. */
export function exitOn(run: Promise<number>): void {
  run.then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (
        error instanceof UsageError ||
        error instanceof ConfigError ||
        error instanceof DataDirInUseError ||
        error instanceof BackupFileError ||
        error instanceof RestoreRefusedError ||
        error instanceof MigrationRefusedError ||
        (error instanceof Error && error.message.startsWith('Unknown projection')) ||
        (error as { code?: string }).code === 'EEXIST'
      ) {
        console.error(error instanceof Error ? error.message : String(error));
        process.exit(2);
      }
      console.error(error);
      process.exit(1);
    },
  );
}
