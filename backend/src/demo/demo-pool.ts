import fs from 'node:fs';
import type { LoggerService } from '@nestjs/common';
import { type LeaderboardEntry, type Option, type Period } from '@treble/contracts';
import { createApp } from '../app.js';
import { REPLAY_FULL_TIME_MINUTE, loadReplaySource, ResultsScheduler } from '../live-results/index.js';
import { CLOCK, ScaledClock, type Clock } from '../platform/clock/clock.js';
import { loadConfig } from '../platform/config/config.js';
import { londonLocalToUtc, BUNDLED_SEASON, bundledSeasons } from '../season/index.js';
import { choosePicks, computerPlayers, seededRandom, type ComputerPlayer } from './computer-players.js';
import { PoolClient, PoolRequestError } from './pool-client.js';

/*
 * `npm run demo`: three pools that replay the bundled 2025-26 season as if it were live. The app runs
 * exactly as in production with RESULTS_PROVIDER=replay and a sped-up clock (POOL_NOW,
 * POOL_CLOCK_SPEED); results reach it through the scheduler, the provider parser and the results
 * process manager like the real API's would. The director below only plays the people: computer
 * players make their picks before each matchweek, the host completes a matchweek that cannot
 * complete itself (a postponed match), and quiet hours between matches are skipped so something
 * happens every few seconds.
 */

export const demoPassword = 'treble-demo';
export const demoAdminEmail = 'admin@demo.treble';
const minute = 60_000;
const hour = 60 * minute;
/** Players pick for a matchweek once it starts within this much pool time. */
const pickAhead = 4 * 24 * hour;
/** After the final whistle the scheduler still needs a poll or two to record the result. */
const settleAfterFullTime = 6 * minute;
/** Quiet gaps longer than this are skipped, landing this long before the next kickoff. */
const skipGapsOver = 3 * hour;
const landBeforeKickoff = 90 * minute;
/** A matchweek still open this long after its end has a postponed match: the host completes it. */
const overdueAfter = 12 * hour;

/**
 * The demo's pools (docs/adr/015): the install's default pool, where every computer player plays,
 * and two more with overlapping members (of n players, the office has the first three fifths, the
 * family the last three fifths), all fed by the one results poll.
 */
const demoPools = [
  { address: 'default', name: 'Demo pool', plays: () => true },
  { address: 'office', name: 'The office', plays: (i: number, n: number) => i < Math.ceil(n * 0.6) },
  { address: 'family', name: 'The family', plays: (i: number, n: number) => i >= Math.floor(n * 0.4) },
];

/** A route of the pool at `address`: the default pool's routes have no prefix. */
const inPoolAt = (address: string, path: string): string =>
  address === 'default' ? path : path.replace('/api/', `/api/pools/${address}/`);

export interface DemoOptions {
  /** The embedded database's folder, emptied first: never DATABASE_URL or the main pool's ./data. */
  dataDir: string;
  port?: number;
  host?: string;
  /** Pool seconds per real second. */
  speed: number;
  /** The bundled season to replay (default 2025-26, complete). */
  season?: string;
  /** The matchweek the replay starts before (1-38). */
  fromMatchweek?: number;
  /** How many computer players join (1-12). */
  players?: number;
  seed?: number;
  logger?: LoggerService;
  /** Extra settings (e.g. PROJECTION_POLL_MS). */
  env?: Record<string, string>;
}

export type DemoPool = Awaited<ReturnType<typeof startDemoPool>>;

/** The bundled season's fixtures, kickoffs in UTC. */
export function demoFixtures(season: string = BUNDLED_SEASON) {
  const source = loadReplaySource(season);
  return source.fixtures.matches
    .map((match) => {
      const ft = match.score?.ft;
      return {
        matchweek: Number(/\d+/.exec(match.round)?.[0] ?? 0),
        home: match.team1,
        away: match.team2,
        kickoff: match.time
          ? londonLocalToUtc(match.date, match.time).getTime()
          : Date.parse(`${match.date}T00:00:00Z`),
        /** The bundled data has its final score (a match with none is never finished by the replay). */
        played: match.status !== 'postponed' && Array.isArray(ft) && ft.length === 2,
      };
    })
    .sort((a, b) => a.kickoff - b.kickoff);
}

/** Starts the app on a fresh embedded pool, signs up the host and the computer players, imports the season. */
export async function startDemoPool(options: DemoOptions) {
  const season = options.season ?? BUNDLED_SEASON;
  if (!bundledSeasons().includes(season))
    throw new Error(`Season ${season} is not bundled; choose one of ${bundledSeasons().join(', ')}`);
  const fixtures = demoFixtures(season);
  const fromMatchweek = options.fromMatchweek ?? 1;
  const firstKickoff = Math.min(
    ...fixtures.filter((f) => f.matchweek === fromMatchweek).map((f) => f.kickoff),
  );
  if (!Number.isFinite(firstKickoff)) throw new Error(`The bundled season has no matchweek ${fromMatchweek}`);
  fs.rmSync(options.dataDir, { recursive: true, force: true });

  const config = loadConfig({
    PROJECTION_POLL_MS: '100',
    LOG_FORMAT: 'pretty',
    ...options.env,
    DATA_DIR: options.dataDir,
    PORT: String(options.port ?? 0),
    HOST: options.host ?? '0.0.0.0',
    RESULTS_PROVIDER: 'replay',
    // The host switches the scheduler on once the season is imported (as an admin would).
    RESULTS_SCHEDULER_AUTOSTART: 'false',
    REGISTRATION: 'open',
    POOL_NAME: demoPools[0]!.name,
    POOL_NOW: new Date(firstKickoff - 3 * hour).toISOString(),
    POOL_CLOCK_SPEED: String(options.speed),
  });
  const app = await createApp(config, options.logger);
  try {
    await app.listen(config.port, config.host);
    const port = (app.getHttpServer().address() as { port: number }).port;
    const baseUrl = `http://localhost:${port}`;
    const appClock = app.get<Clock>(CLOCK);
    if (!(appClock instanceof ScaledClock)) throw new Error('The demo needs the sped-up pool clock');
    const clock: ScaledClock = appClock;
    const scheduler = app.get(ResultsScheduler);

    const admin = new PoolClient(baseUrl);
    await admin.register({
      email: demoAdminEmail,
      password: demoPassword,
      firstName: 'Demo',
      lastName: 'Host',
    });
    for (const { address, name } of demoPools.slice(1))
      await admin.call('POST', '/api/pools', { address, name });
    // In each pool, periods and team options in one step; results arrive from the replay as the clock passes them.
    for (const { address } of demoPools) {
      await admin.call('POST', inPoolAt(address, '/api/admin/setup/season'), {
        season,
        source: 'bundled',
        results: false,
      });
      await admin.call('POST', inPoolAt(address, '/api/epl-results/scheduler/start'));
    }
    const players: { player: ComputerPlayer; client: PoolClient }[] = [];
    for (const player of computerPlayers.slice(0, Math.max(1, options.players ?? 8))) {
      const client = new PoolClient(baseUrl);
      await client.register({
        email: player.email,
        password: demoPassword,
        firstName: player.firstName,
        lastName: player.lastName,
      });
      players.push({ player, client });
    }
    // Each joins the other pools they play in by its invitation link, signed in, as a person would.
    const pools = demoPools.map((pool) => ({
      ...pool,
      players: players.filter((_, index) => pool.plays(index, players.length)),
    }));
    for (const pool of pools.slice(1)) {
      const { token } = await admin.call<{ token: string }>(
        'POST',
        inPoolAt(pool.address, '/api/invites'),
        {},
      );
      for (const { client } of pool.players) await client.call('POST', `/api/invitations/${token}/join`, {});
    }

    const random = seededRandom(options.seed ?? 2025);
    /** `{pool address}/{period id}` done. */
    const picked = new Set<string>();
    const completed = new Set<string>();

    async function pickFor(pool: (typeof pools)[number], period: Period, notes: string[]): Promise<void> {
      let made = 0;
      for (const { player, client } of pool.players) {
        const offered = await client.call<Option[]>(
          'GET',
          inPoolAt(pool.address, `/api/periods/${period.id}/options`),
        );
        for (const option of choosePicks(offered, player.style, config.rules, random)) {
          try {
            await client.call('POST', inPoolAt(pool.address, '/api/choices'), {
              periodId: period.id,
              optionId: option.id,
            });
            made += 1;
          } catch (error) {
            // A pick the rules refuse (it locked a moment ago, say) is a player's bad luck, not the demo's end.
            if (!(error instanceof PoolRequestError) || error.status >= 500) throw error;
          }
        }
      }
      picked.add(`${pool.address}/${period.id}`);
      const where = pool.address === 'default' ? '' : `${pool.name} · `;
      notes.push(`${where}${period.name}: ${pool.players.length} computer players made ${made} picks`);
    }

    /** Moves the pool clock and lets the results scheduler poll at once. */
    async function jumpTo(instant: Date): Promise<void> {
      if (instant.getTime() <= clock.now().getTime()) return;
      clock.set(instant);
      await scheduler.runOnce();
    }

    /** One round of the director: picks, overdue matchweeks, skipping a quiet gap. */
    async function step() {
      const notes: string[] = [];
      let now = clock.now().getTime();
      const periods = await admin.call<Period[]>('GET', '/api/periods');
      // Every pool plays the same season: the default pool's periods stand for all three.
      for (const period of periods) {
        if (!period.isActive || period.isCompleted) continue;
        for (const pool of pools) {
          const key = `${pool.address}/${period.id}`;
          if (!picked.has(key) && Date.parse(period.startDate) - now < pickAhead)
            await pickFor(pool, period, notes);
          if (!completed.has(key) && now - Date.parse(period.endDate) > overdueAfter) {
            // Only a matchweek with a postponed match gets here: the others complete themselves.
            completed.add(key);
            await admin.call('POST', inPoolAt(pool.address, `/api/periods/${period.id}/complete`), {
              force: true,
            });
            notes.push(`${pool.name} · ${period.name}: completed by the host (a match was postponed)`);
          }
        }
      }

      const busy = fixtures.some(
        (f) =>
          f.played &&
          f.kickoff <= now &&
          now < f.kickoff + REPLAY_FULL_TIME_MINUTE * minute + settleAfterFullTime,
      );
      const next = fixtures.find((f) => f.played && f.kickoff > now);
      if (!busy && next && next.kickoff - now > skipGapsOver) {
        await jumpTo(new Date(next.kickoff - landBeforeKickoff));
        now = clock.now().getTime();
        notes.push(
          `Skipped ahead to ${new Date(now).toISOString().slice(0, 16).replace('T', ' ')} UTC, before matchweek ${next.matchweek}`,
        );
      }
      const current = await admin.call<Period | null>('GET', '/api/periods/current');
      return {
        poolNow: new Date(now),
        /** The current period (the one whose next deadline is soonest), or null once the season is over. */
        matchweek: current && !current.isCompleted ? current.id : null,
        matchesFinished: fixtures.filter(
          (f) => f.played && f.kickoff + REPLAY_FULL_TIME_MINUTE * minute <= now,
        ).length,
        /** No further match in the bundled data will finish: the replay has caught up with it. */
        ended: !busy && next === undefined,
        /** Something the host or the players just did, for the console. */
        notes,
      };
    }

    return {
      config,
      baseUrl,
      clock,
      admin,
      players,
      pools,
      fixtures,
      step,
      jumpTo,
      /** Who leads a competition (its winner, once the season is over): `Name (N pts)`, or `-`. */
      leader: async (board: 'overall' | 'survivor' | 'last10') => {
        const [top] = await admin.call<LeaderboardEntry[]>('GET', `/api/leaderboards/${board}?limit=1`);
        return top ? `${top.displayName} (${top.totalPoints} pts)` : '-';
      },
      close: () => app.close(),
    };
  } catch (error) {
    await app.close();
    throw error;
  }
}
