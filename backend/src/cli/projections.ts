import 'reflect-metadata';
import {
  ProjectionEngine,
  type ProjectionStatus,
  type RebuildProgress,
  type VerifyReport,
} from '../projections/projection-engine.js';
import { parseArgs } from 'node:util';
import { DEFAULT_POOL_ADDRESS } from '@treble/contracts';
import type { EventStore } from '../event-store/event-store.port.js';
import { DEFAULT_POOL_KEY } from '../platform/pool-scope/pool-scope.js';
import { projectionsFor } from '../read-models.js';
import { exitOn, openPool, phaseBars } from './support.js';

const usage = `Usage: npm run projections -- <command>

  status            position, head and lag of every projection
  rebuild [name]    rebuild one projection (or all, in one pass over the log) blue-green, with progress
  verify [name]     rebuild one projection (or all) into shadow tables and compare them row by row
                    with the live ones; prints every difference and exits 1 if there is any
    --pool ADDRESS  only that pool's rows (\`default\` for the install's default pool), replaying
                    only its events and the install's: verify compares them, rebuild replaces them
                    in place while the app serves (every other pool's rows are not touched)

Uses DATABASE_URL when set, else the embedded database under DATA_DIR (default ./data), and the
events of EventStoreDB when EVENTSTORE_URL is set.`;

function table(rows: ProjectionStatus[]): string {
  const header = ['projection', 'version', 'stored', 'generation', 'position', 'head', 'lag'];
  const body = rows.map((r) =>
    [r.name, r.version, r.storedVersion ?? '-', r.generation ?? '-', r.position, r.head, r.lag].map(String),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

/** Runs one projection's rebuild or verify under a progress bar counted in events, full once done. */
async function withProgress<T>(
  bars: ReturnType<typeof phaseBars>,
  label: string,
  total: number,
  run: (onProgress: (progress: RebuildProgress) => void) => Promise<T>,
): Promise<T> {
  bars.report(label, 0, total);
  const result = await run(({ eventsApplied, eventsRead }) => {
    const done = eventsRead ?? eventsApplied;
    total = Math.max(total, done);
    bars.report(label, done, total);
  });
  bars.report(label, total, total);
  return result;
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

/** The key of the pool at `address` from the registry stream ('' for the default pool), or null. */
async function poolKeyAt(store: EventStore, address: string): Promise<string | null> {
  if (address === DEFAULT_POOL_ADDRESS) return DEFAULT_POOL_KEY;
  const created = (await store.readStream('pools')).filter((event) => event.type === 'PoolCreated');
  return (
    (
      created.find((event) => (event.data as { address: string }).address === address)?.data as
        { key: string } | undefined
    )?.key ?? null
  );
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { pool: { type: 'string' } },
    allowPositionals: true,
  });
  const [command, name] = positionals;
  if (command !== 'status' && command !== 'rebuild' && command !== 'verify') {
    console.log(usage);
    return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
  const pool = await openPool();
  const projections = projectionsFor(pool.config.rules);
  const engine = new ProjectionEngine(pool.database, pool.store, projections);
  const bars = phaseBars();
  try {
    if (command === 'status') {
      console.log(table(await engine.status()));
      return 0;
    }
    const names = name ? [engine.projectionNamed(name).name] : projections.map((p) => p.name);
    const onlyPool = values.pool === undefined ? undefined : await poolKeyAt(pool.store, values.pool);
    if (onlyPool === null) {
      bars.stop();
      console.error(`There is no pool at ${values.pool}.`);
      return 2;
    }
    // A pool's replay reads the whole log and applies its pool's events: the bar counts the log.
    const total = await pool.store.countAfter(0n);
    if (command === 'verify') {
      const reports: VerifyReport[] = [];
      for (const projectionName of names) {
        reports.push(
          await withProgress(bars, `verify ${projectionName}`, total, (onProgress) =>
            engine.verify(projectionName, onProgress, onlyPool),
          ),
        );
      }
      bars.stop();
      for (const report of reports) console.log(describeDifferences(report));
      const differing = reports.filter((report) => report.differences.length > 0);
      console.log(
        differing.length === 0
          ? 'Every projection equals a rebuild from the log.'
          : `${differing.length} projection(s) differ: run \`npm run projections -- rebuild <name>${values.pool === undefined ? '' : ` --pool ${values.pool}`}\`.`,
      );
      return differing.length === 0 ? 0 : 1;
    }
    if (onlyPool !== undefined) {
      for (const projectionName of names)
        await withProgress(bars, `rebuild ${projectionName} (${values.pool})`, total, (onProgress) =>
          engine.rebuildPool(projectionName, onlyPool, onProgress),
        );
      bars.stop();
      console.log(`Rebuilt ${names.length} projection(s) for the pool at ${values.pool}.`);
      return 0;
    }
    // One pass over the log for them all, reading only the events they apply: the bar counts those.
    await withProgress(bars, `rebuild ${name ?? 'all'}`, await engine.eventsToReplay(names), (onProgress) =>
      engine.rebuild(names, onProgress),
    );
    bars.stop();
    console.log(table(await engine.status()));
    return 0;
  } finally {
    bars.stop();
    await engine.stop();
    await pool.close();
  }
}

exitOn(main(process.argv.slice(2)));
