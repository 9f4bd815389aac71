import 'reflect-metadata';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MultiBar } from 'cli-progress';
import { demoAdminEmail, demoPassword, startDemoPool } from '../demo/demo-pool.js';
import { ConfigError } from '../platform/config/config.js';
import { BUNDLED_SEASON, bundledSeasons } from '../season/index.js';

const usage = `Usage: npm run demo -- [options]

A fresh install of three pools that replays a bundled Premier League season (2025-26 by default) as
if it were live, with computer players (some in two or three pools) making their picks. Open the
address it prints and sign in (or register).

  --season S         the bundled season to replay: ${bundledSeasons().join(', ')} (default ${BUNDLED_SEASON})
  --speed N          pool seconds per real second (default 600: a match lasts about 11 s)
  --from N           start just before matchweek N (default 1)
  --players N        computer players, 1-12 (default 8)
  --port N           port to serve on (default PORT or 3000)
  --data-dir DIR     where the demo pool lives (default ./data/demo; emptied at every start)
  --seed N           seed for the computer players' choices (default 2025)`;

function positive(value: string | undefined, name: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new ConfigError(`--${name}`, `must be a whole number from 1 to ${max}, got "${value}"`);
  return n;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      speed: { type: 'string' },
      season: { type: 'string' },
      from: { type: 'string' },
      players: { type: 'string' },
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const port = positive(values.port ?? process.env.PORT, 'port', 3000, 65_535);
  const pool = await startDemoPool({
    dataDir: path.resolve(values['data-dir'] ?? './data/demo'),
    port,
    speed: positive(values.speed, 'speed', 600, 100_000),
    season: values.season ?? BUNDLED_SEASON,
    fromMatchweek: positive(values.from, 'from', 1, 38),
    players: positive(values.players, 'players', 8, 12),
    seed: positive(values.seed, 'seed', 2025, 2 ** 31),
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  });

  console.log(`
Treble demo: the ${values.season ?? BUNDLED_SEASON} Premier League replayed at ${pool.config.clockSpeed}x, with ${pool.players.length} computer players.

  Open      http://localhost:${port}
  Pools     ${pool.pools.map((p) => `${p.name} (${p.players.length} players${p.address === 'default' ? '' : `, /p/${p.address}/`})`).join(' · ')}
  Host      ${demoAdminEmail} / ${demoPassword}   (admin of all three: Admin, Periods, Live Results)
  Players   ${pool.players
    .map((p) => p.player.email)
    .slice(0, 3)
    .join(', ')}, … / ${demoPassword}
  Or register your own account: registration is open in the demo.

Ctrl-C stops it. The pool lives in ${pool.config.dataDir} and starts afresh next time.
`);

  const bars = new MultiBar({
    format: 'Matches [{bar}] {value}/{total} | {poolNow} | MW {matchweek} | leader {leader}',
    hideCursor: true,
    noTTYOutput: true,
    notTTYSchedule: 10_000,
  });
  const stopping = new AbortController();
  process.once('SIGINT', () => stopping.abort());
  process.once('SIGTERM', () => stopping.abort());

  let leader = '-';
  let lastLeaderCheck = 0;
  let announcedEnd = false;
  const bar = bars.create(pool.fixtures.filter((f) => f.played).length, 0, {
    poolNow: '',
    matchweek: '-',
    leader,
  });
  try {
    while (!stopping.signal.aborted) {
      const progress = await pool.step();
      if (Date.now() - lastLeaderCheck > 2_000) {
        lastLeaderCheck = Date.now();
        leader = await pool.leader('overall');
      }
      for (const note of progress.notes) bars.log(`${note}\n`);
      bar.update(progress.matchesFinished, {
        poolNow: progress.poolNow.toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
        matchweek: progress.matchweek ?? '-',
        leader,
      });
      if (progress.ended && !announcedEnd) {
        announcedEnd = true;
        bars.log(
          `The replay has caught up with the bundled results. Overall: ${await pool.leader('overall')} · Survivor: ${await pool.leader('survivor')} · Last 10: ${await pool.leader('last10')}. The pool stays open, Ctrl-C to stop.\n`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    bars.stop();
    await pool.close();
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
