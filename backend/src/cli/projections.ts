import 'reflect-metadata';
import { SingleBar, Presets } from 'cli-progress';
import { EsdbEventStore } from '../event-store/esdb/esdb-event-store.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { ConfigError, loadConfig } from '../platform/config/config.js';
import { DataDirInUseError } from '../platform/database/data-dir-lock.js';
import { Database } from '../platform/database/database.js';
import { ProjectionEngine, type ProjectionStatus } from '../projections/projection-engine.js';
import { projectionsFor, readEntities } from '../read-models.js';

const usage = `Usage: npm run projections -- <command>

  status            position, head and lag of every projection
  rebuild [name]    rebuild one projection (or all) blue-green, with progress

Uses DATABASE_URL when set, else the embedded database under DATA_DIR (default ./data), and the
events of EventStoreDB when EVENTSTORE_URL is set.`;

function table(rows: ProjectionStatus[]): string {
  const header = ['projection', 'version', 'stored', 'generation', 'position', 'head', 'lag'];
  const body = rows.map((r) => [
    r.name,
    String(r.version),
    r.storedVersion === null ? '-' : String(r.storedVersion),
    r.generation === null ? '-' : String(r.generation),
    r.position.toString(),
    r.head.toString(),
    String(r.lag),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [command, name] = argv;
  if (command !== 'status' && command !== 'rebuild') {
    console.log(usage);
    return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
  const config = loadConfig();
  const database = await Database.open({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: Math.min(config.databasePoolSize, 4),
    entities: readEntities,
  });
  const store = config.eventStoreUrl === null ? new PostgresEventStore(database, config.projectionPollMs) : EsdbEventStore.connect(config.eventStoreUrl);
  const projections = projectionsFor(config.rules);
  const engine = new ProjectionEngine(database, store, projections);
  try {
    if (command === 'status') {
      console.log(table(await engine.status()));
      return 0;
    }
    const names = name ? [name] : projections.map((p) => p.name);
    for (const projectionName of names) {
      const bar = new SingleBar(
        {
          format: `${projectionName.padEnd(20)} [{bar}] {percentage}% | {value}/{total} positions | {events} events`,
          hideCursor: true,
          noTTYOutput: true,
          notTTYSchedule: 500,
        },
        Presets.shades_classic,
      );
      let started = false;
      await engine.rebuild(projectionName, (progress) => {
        const total = Number(progress.head);
        if (!started) {
          bar.start(Math.max(total, 1), 0, { events: 0 });
          started = true;
        }
        bar.setTotal(Math.max(total, 1));
        bar.update(Math.max(Number(progress.position), total === 0 ? 1 : 0), { events: progress.eventsApplied });
      });
      if (started) {
        bar.update(bar.getTotal());
        bar.stop();
      }
    }
    console.log(table(await engine.status()));
    return 0;
  } finally {
    await engine.stop();
    await store.close();
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirInUseError || (error instanceof Error && error.message.startsWith('Unknown projection'))) {
      console.error(error.message);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  },
);
