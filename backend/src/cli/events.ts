import 'reflect-metadata';
import { EsdbEventStore } from '../event-store/esdb/esdb-event-store.js';
import { openedOver } from '../event-store/personal-data.js';
import { migrateToEsdb } from '../event-store/esdb/migrate-to-esdb.js';
import { ConfigError, loadConfig } from '../platform/config/config.js';
import { ProjectionEngine } from '../projections/projection-engine.js';
import { projectionsFor } from '../read-models.js';
import { exitOn, openPool, phaseBars, UsageError } from './support.js';

const usage = `Usage: npm run events -- <command>

  migrate --to esdb   copy the event log of the database into EventStoreDB at EVENTSTORE_URL,
                      in order, with ids, types, data and metadata (the original position and
                      recorded time go into the metadata). Safe to run again: it goes on after
                      what the target already holds, and refuses a target that holds anything
                      else. Then it rebuilds every read table of the database
                      from EventStoreDB. Stop the app first.

Reads the log from DATABASE_URL when set, else from the embedded database under DATA_DIR
(default ./data).`;

async function migrate(args: string[]): Promise<number> {
  const to = args[args.indexOf('--to') + 1];
  if (!args.includes('--to') || to !== 'esdb') throw new UsageError(`migrate needs --to esdb\n\n${usage}`);
  const config = loadConfig();
  if (config.eventStoreUrl === null)
    throw new ConfigError('EVENTSTORE_URL', 'is needed: it names the EventStoreDB to copy the events into');
  // The log to copy is the database's own, whatever EVENTSTORE_URL says.
  const source = await openPool({ ...config, eventStoreUrl: null });
  const target = EsdbEventStore.connect(config.eventStoreUrl);
  const projections = projectionsFor(config.rules);
  // The copy is sealed as stored; the rebuild reads it opened (docs/adr/017).
  const engine = new ProjectionEngine(source.database, openedOver(target, source.database), projections);
  const bars = phaseBars();
  try {
    const report = await migrateToEsdb(source.sealedStore, target, {
      onProgress: ({ total, done }) => bars.report('events', done, Math.max(total, done)),
    });
    bars.stop();
    console.log(
      `${report.total} events in the source; ${report.alreadyThere} were already in EventStoreDB, ${report.copied} copied now.`,
    );
    // The checkpoints count Postgres positions: rebuild every read table from EventStoreDB, so that
    // the app started with EVENTSTORE_URL on this database goes on from EventStoreDB positions.
    await engine.rebuild(
      projections.map((projection) => projection.name),
      ({ position, head }) => bars.report('rebuild read tables', Number(position), Number(head)),
    );
    bars.stop();
    console.log('Every read table is rebuilt from EventStoreDB: start the app with EVENTSTORE_URL set.');
    return 0;
  } finally {
    bars.stop();
    await engine.stop();
    await target.close();
    await source.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === 'migrate') return migrate(args);
  console.log(usage);
  return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
}

exitOn(main(process.argv.slice(2)));
