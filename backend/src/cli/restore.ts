import 'reflect-metadata';
import path from 'node:path';
import { readErasureList, restorePool } from '../operations/index.js';
import { restoreOnePool } from './one-pool.js';
import { ConfigError, loadConfig } from '../platform/config/config.js';
import { ProjectionEngine } from '../projections/projection-engine.js';
import { projectionsFor } from '../read-models.js';
import { exitOn, openPool, phaseBars, UsageError } from './support.js';

const usage = `Usage: npm run restore -- <file> [--erasures-from <newer backup>]
       npm run restore -- <pool file> --pool

Restores a backup made by \`npm run backup\` into an EMPTY database (it refuses one that has events
or accounts), then rebuilds every read table from the restored events. Uses DATABASE_URL when set,
else the embedded database under DATA_DIR (default ./data); the app must not be running.

--pool: a backup of one pool (\`npm run backup -- <file> --pool ADDRESS\`) into this install, which may
hold other pools: refused when its address is taken here or a member's e-mail address belongs to
another account here; members new here get an account of that pool only.

--erasures-from: people erased after <file> was made must stay erased. Give the newest backup you
have (or any later one): its erasure list is applied again, and the app finishes each erasure at
its next start, before it serves anyone (docs/adr/017).`;

async function main(argv: string[]): Promise<number> {
  const [file, flag, later] = argv;
  if (file === undefined || file === 'help' || file === '--help') {
    console.log(usage);
    return file === undefined ? 2 : 0;
  }
  if (flag === '--pool' && later === undefined) return restoreOne(file);
  if ((flag !== undefined && flag !== '--erasures-from') || (flag !== undefined && later === undefined))
    throw new UsageError(usage);
  const resolve = (name: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), name);
  const source = resolve(file);
  const laterErasures = later === undefined ? [] : await readErasureList(resolve(later));
  const config = loadConfig();
  // A restore writes the Postgres `events` table (positions and recorded times kept).
  if (config.eventStoreUrl !== null) {
    throw new ConfigError(
      'EVENTSTORE_URL',
      'is set: restore into the Postgres event store (unset it), then copy the log with `npm run events -- migrate --to esdb` (docs/adr/009-backup-restore.md)',
    );
  }
  const pool = await openPool(config);
  const bars = phaseBars();
  const projections = projectionsFor(config.rules);
  const engine = new ProjectionEngine(pool.database, pool.store, projections);
  try {
    const header = await restorePool({
      database: pool.database,
      file: source,
      laterErasures,
      onProgress: ({ phase, done, total }) => bars.report(phase, done, total),
    });
    await engine.rebuild(
      projections.map((projection) => projection.name),
      ({ position, head }) => bars.report('rebuild read tables', Number(position), Number(head)),
    );
    bars.stop();
    console.log(
      `Restored ${header.counts.events} events, ${header.counts.credentials} accounts' credentials and ` +
        `${header.counts.rows ?? 0} notification rows, ${header.counts.erasures ?? 0} erasures ` +
        `(${laterErasures.length} listed later, finished at the app's next start) ` +
        `(backup of ${header.createdAt}, app ${header.appVersion}) and rebuilt ${projections.length} projections.`,
    );
    return 0;
  } finally {
    bars.stop();
    await engine.stop();
    await pool.close();
  }
}

/** One pool's backup into this install's database: the projector builds its rows at the app's next start (or now, with DATABASE_URL). */
async function restoreOne(file: string): Promise<number> {
  const pool = await openPool();
  try {
    const source = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
    const { header, accountsMade, accountsKept } = await restoreOnePool({
      database: pool.database,
      store: pool.store,
      file: source,
    });
    console.log(
      `Restored the pool ${header.pool?.address}: ${header.counts.events} events; ${accountsMade} members' accounts made here, ${accountsKept} found here already.`,
    );
    return 0;
  } finally {
    await pool.close();
  }
}

exitOn(main(process.argv.slice(2)));
