import 'reflect-metadata';
import path from 'node:path';
import { backupPool } from '../operations/index.js';
import { backupOnePool } from './one-pool.js';
import { appVersion, exitOn, openPool, phaseBars, UsageError } from './support.js';

const usage = `Usage: npm run backup -- <file> [--pool ADDRESS]

Writes the whole install (every event, the sign-in credentials, the person keys) into a new gzipped
NDJSON file; an existing file is never overwritten. With --pool, one pool only: its events and its
members' accounts, for \`npm run restore -- <file> --pool\` on another install. Uses DATABASE_URL when set, else the embedded database under
DATA_DIR (default ./data); stop the app first when it uses the embedded database.`;

async function main(argv: string[]): Promise<number> {
  const [file, flag, address] = argv;
  if (flag !== undefined && (flag !== '--pool' || address === undefined)) throw new UsageError(usage);
  if (file === undefined || file === 'help' || file === '--help') {
    console.log(usage);
    return file === undefined ? 2 : 0;
  }
  // npm runs scripts from the project root; INIT_CWD is where the user typed the command.
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const pool = await openPool();
  const bars = phaseBars();
  try {
    if (address !== undefined) {
      const header = await backupOnePool({
        database: pool.database,
        store: pool.store,
        address,
        file: target,
        appVersion: await appVersion(),
      });
      console.log(
        `Backed up the pool ${address}: ${header.counts.events} events and ${header.counts.accounts} members' accounts to ${target}`,
      );
      return 0;
    }
    const header = await backupPool({
      database: pool.database,
      store: pool.sealedStore,
      file: target,
      appVersion: await appVersion(),
      onProgress: ({ phase, done, total }) => bars.report(phase, done, total),
    });
    bars.stop();
    console.log(
      `Backed up ${header.counts.events} events and ${header.counts.credentials} accounts' credentials to ${target}`,
    );
    return 0;
  } finally {
    bars.stop();
    await pool.close();
  }
}

exitOn(main(process.argv.slice(2)));
