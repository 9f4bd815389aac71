import 'reflect-metadata';
import { SingleBar, Presets } from 'cli-progress';
import { EsdbEventStore } from '../event-store/esdb/esdb-event-store.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { ConfigError, loadConfig } from '../platform/config/config.js';
import { DataDirInUseError } from '../platform/database/data-dir-lock.js';
import { Database } from '../platform/database/database.js';
import {
  ProjectionEngine,
  type ProjectionStatus,
  type RebuildProgress,
  type VerifyReport,
} from '../projections/projection-engine.js';
import { projectionsFor, readEntities } from '../read-models.js';

const usage = `Usage: npm run projections -- <command>

  status            position, head and lag of every projection
  rebuild [name]    rebuild one projection (or all) blue-green, with progress
  verify [name]     rebuild one projection (or all) into shadow tables and compare them row by row
                    with the live ones; prints every difference and exits 1 if there is any

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

/** Runs one projection's rebuild or verify under a progress bar counted in events. */
async function withProgress<T>(
  label: string,
  total: number,
  run: (onProgress: (progress: RebuildProgress) => void) => Promise<T>,
): Promise<T> {
  const bar = new SingleBar(
    {
      format: `${label.padEnd(28)} [{bar}] {percentage}% | {value}/{total} events`,
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 500,
    },
    Presets.shades_classic,
  );
  bar.start(Math.max(total, 1), 0);
  try {
    return await run((progress) => {
      if (progress.eventsApplied > bar.getTotal()) bar.setTotal(progress.eventsApplied);
      bar.update(progress.eventsApplied);
    });
  } finally {
    bar.update(bar.getTotal());
    bar.stop();
  }
}

function describeDifferences(report: VerifyReport): string {
  if (report.differences.length === 0)
    return `${report.projection}: no differences (${report.eventsApplied} events, position ${report.position})`;
  const lines = [`${report.projection}: DIFFERS from a rebuild at position ${report.position}`];
  for (const difference of report.differences) {
    lines.push(
      `  ${difference.table}: ${difference.onlyLive} row(s) only in the live table, ${difference.onlyRebuilt} only in the rebuild`,
    );
    for (const sample of difference.samples)
      lines.push(`    ${sample.side === 'live' ? 'live   ' : 'rebuilt'} ${JSON.stringify(sample.row)}`);
  }
  return lines.join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [command, name] = argv;
  if (command !== 'status' && command !== 'rebuild' && command !== 'verify') {
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
  const store =
    config.eventStoreUrl === null
      ? new PostgresEventStore(database, config.projectionPollMs)
      : EsdbEventStore.connect(config.eventStoreUrl);
  const projections = projectionsFor(config.rules);
  const engine = new ProjectionEngine(database, store, projections);
  try {
    if (command === 'status') {
      console.log(table(await engine.status()));
      return 0;
    }
    const names = name ? [engine.projectionNamed(name).name] : projections.map((p) => p.name);
    const total = await store.countAfter(0n);
    if (command === 'verify') {
      const reports: VerifyReport[] = [];
      for (const projectionName of names) {
        reports.push(
          await withProgress(`verify ${projectionName}`, total, (onProgress) =>
            engine.verify(projectionName, onProgress),
          ),
        );
      }
      for (const report of reports) console.log(describeDifferences(report));
      const differing = reports.filter((report) => report.differences.length > 0);
      console.log(
        differing.length === 0
          ? 'Every projection equals a rebuild from the log.'
          : `${differing.length} projection(s) differ: run \`npm run projections -- rebuild <name>\`.`,
      );
      return differing.length === 0 ? 0 : 1;
    }
    for (const projectionName of names) {
      // A rebuild replays only the events its projection applies: the bar counts those.
      const replayed = await engine.eventsToReplay(projectionName);
      await withProgress(`rebuild ${projectionName}`, replayed, (onProgress) =>
        engine.rebuild(projectionName, onProgress),
      );
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
    if (
      error instanceof ConfigError ||
      error instanceof DataDirInUseError ||
      (error instanceof Error && error.message.startsWith('Unknown projection'))
    ) {
      console.error(error.message);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  },
);
