import 'reflect-metadata';
import { SingleBar, Presets } from 'cli-progress';
import { EsdbEventStore } from '../event-store/esdb/esdb-event-store.js';
import { MigrationRefusedError, migrateToEsdb } from '../event-store/esdb/migrate-to-esdb.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { ConfigError, loadConfig } from '../platform/config/config.js';
import { DataDirInUseError } from '../platform/database/data-dir-lock.js';
import { Database } from '../platform/database/database.js';
import { ProjectionEngine } from '../projections/projection-engine.js';
import { projectionsFor, readEntities } from '../read-models.js';

const usage = `Usage: npm run events -- <command>

  migrate --to esdb   copy the event log of the database into EventStoreDB at EVENTSTORE_URL,
                      in order, with ids, types, data and metadata (the original position and
                      recorded time go into the metadata). Safe to run again: it goes on after
                      what the target already holds, and refuses a target that holds anything
                      else. Then it rebuilds every read table of the database
                      from EventStoreDB. Stop the app first.

Reads the log from DATABASE_URL when set, else from the embedded database under DATA_DIR
(default ./data).`;

class UsageError extends Error {}

async function migrate(args: string[]): Promise<number> {
  const to = args[args.indexOf('--to') + 1];
  if (!args.includes('--to') || to !== 'esdb') throw new UsageError('migrate needs --to esdb');
  const config = loadConfig();
  if (config.eventStoreUrl === null)
    throw new ConfigError('EVENTSTORE_URL', 'is needed: it names the EventStoreDB to copy the events into');
  const database = await Database.open({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: Math.min(config.databasePoolSize, 4),
    entities: readEntities,
  });
  const source = new PostgresEventStore(database, config.projectionPollMs);
  const target = EsdbEventStore.connect(config.eventStoreUrl);
  const bar = new SingleBar(
    {
      format: 'events [{bar}] {percentage}% | {value}/{total} events',
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 500,
    },
    Presets.shades_classic,
  );
  let started = false;
  try {
    const report = await migrateToEsdb(source, target, {
      onProgress: ({ total, done }) => {
        if (!started) {
          bar.start(Math.max(total, 1), 0);
          started = true;
        }
        bar.setTotal(Math.max(total, done, 1));
        bar.update(done);
      },
    });
    if (started) bar.stop();
    started = false;
    console.log(
      `${report.total} events in the source; ${report.alreadyThere} were already in EventStoreDB, ${report.copied} copied now.`,
    );
    // The checkpoints count Postgres positions: rebuild every read table from EventStoreDB, so that
    // the app started with EVENTSTORE_URL on this database goes on from EventStoreDB positions.
    const engine = new ProjectionEngine(database, target, projectionsFor(config.rules));
    try {
      for (const projection of projectionsFor(config.rules)) {
        const rebuildBar = new SingleBar(
          {
            format: `${projection.name.padEnd(20)} [{bar}] {percentage}% | {events} events`,
            hideCursor: true,
            noTTYOutput: true,
            notTTYSchedule: 500,
          },
          Presets.shades_classic,
        );
        let rebuilding = false;
        await engine.rebuild(projection.name, (progress) => {
          const head = Number(progress.head);
          if (!rebuilding) {
            rebuildBar.start(Math.max(head, 1), 0, { events: 0 });
            rebuilding = true;
          }
          rebuildBar.setTotal(Math.max(head, 1));
          rebuildBar.update(Math.max(Number(progress.position), head === 0 ? 1 : 0), {
            events: progress.eventsApplied,
          });
        });
        if (rebuilding) {
          rebuildBar.update(rebuildBar.getTotal());
          rebuildBar.stop();
        }
      }
    } finally {
      await engine.stop();
    }
    console.log('Every read table is rebuilt from EventStoreDB: start the app with EVENTSTORE_URL set.');
    return 0;
  } finally {
    if (started) bar.stop();
    await target.close();
    await source.close();
    await database.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === 'migrate') return migrate(args);
  console.log(usage);
  return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage}`);
      process.exit(2);
    }
    if (
      error instanceof ConfigError ||
      error instanceof DataDirInUseError ||
      error instanceof MigrationRefusedError
    ) {
      console.error(error.message);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  },
);
