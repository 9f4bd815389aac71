import http from 'node:http';
import { afterAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { Server as SocketServer } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import type { HealthReport, ReadModelChangedNotice } from '@treble/contracts';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { ProjectionEngine } from '../../src/projections/projection-engine.js';
import {
  restartableTestApp,
  startTestApp,
  type SignedIn,
  type TestApp,
  type TestClient,
} from '../support/app.js';
import { serverTarget } from '../support/databases.js';
import { serverProcess } from '../support/server-process.js';
import { ms, percentile, perSecond, pressure, profiled, times } from './report.js';
import {
  boundConnections,
  built,
  counter,
  bareRoute,
  opening,
  rawInserts,
  record,
  recordRate,
  report,
  rush,
  setUpPool,
  type Measured,
} from './workloads.js';
import { fromAnotherThread, type LoadRequest } from './load-generator.js';

/**
 * The performance workloads of docs/benchmarks.md, black-box, each as a ratio to a baseline measured in the same run on
 * the same machine (`npm run bench` with TEST_POSTGRES_URL set). Two pool sizes (BENCH_SIZES,
 * default 300,1200 players) show how each figure grows. The table goes to its section of
 * docs/benchmarks.md. Nothing here asserts a time: a slow machine gives slow figures, never a red run.
 */
const sizes = (process.env.BENCH_SIZES ?? '300,1200').split(',').map(Number);
/** W1's picks against raw INSERTs, W4's reads against a bare route: the targets. */
const rushTarget = { against: 'raw INSERT', atLeast: 0.4, p99Within: 150 };
const readsTarget = { against: 'GET /api/rules', atLeast: 0.5, p99Within: 50 };

(serverTarget ? describe : describe.skip)('workloads against their baselines (Postgres server)', () => {
  afterAll(() => report.write());
  boundConnections(200);

  for (const players of sizes) {
    describe(`${players} players`, () => {
      let app: TestApp;
      let admin: SignedIn;
      let clients: TestClient[] = [];
      let raw: Measured = { latencies: [], seconds: 1 };

      it('sets up a pool', async () => {
        app = await startTestApp(serverTarget!, {
          POOL_NOW: '2025-08-10T12:00:00Z',
          DATABASE_POOL_SIZE: '40',
        });
        ({ admin, clients } = await setUpPool(app, players));
      }, 1_800_000);

      it('W1 deadline rush: every player picks 3, 200 at once, against raw INSERTs and a bare route', async () => {
        const picked = await profiled(`w1-rush-${players}`, () => rush(app.baseUrl, clients));
        raw = await rawInserts(app.config.databaseUrl!, clients.length * 3);
        // The ceiling HTTP itself sets here: a route that reads nothing, as many requests, as many at once.
        const requests = bareRoute(clients[0]!, clients.length * 3);
        const bare = await fromAnotherThread(app.baseUrl, 200, requests, requests.slice(0, 200));
        const rawRate = perSecond(raw.latencies.length, raw.seconds);
        const bareRate = perSecond(bare.latencies.length, bare.seconds);
        recordRate('W1 picks/s (p50, p99)', players, picked, raw, rushTarget);
        record(
          'W1 ceiling: GET /api/rules at 200 in flight (p99)',
          players,
          `${bareRate}/s (${ms(percentile(bare.latencies, 99))})`,
          `raw INSERT ${rawRate}/s`,
          bareRate / rawRate,
          'what HTTP alone allows: a pick cannot go faster',
          true,
        );
      }, 1_800_000);

      it('W1 with the projector on another instance (its own process), picks served by this one', async () => {
        if (!(await built('W1 with the projector elsewhere'))) return;
        const env = { POOL_NOW: '2025-08-10T12:00:00Z', RESULTS_SCHEDULER_AUTOSTART: 'false' };
        const database = await restartableTestApp(serverTarget!, { ...env, DATABASE_POOL_SIZE: '40' });
        // Started first, the other instance takes the projector lease; this one serves requests only.
        const projector = await serverProcess({ ...env, DATABASE_URL: database.location.url! });
        await projector.start();
        const served = await database.start();
        try {
          const health = (await served.request('GET', '/api/health')).body as HealthReport;
          expect(health.instance?.projectionLeader).toBe(false);
          const pool = await setUpPool(served, players);
          const picked = await rush(served.baseUrl, pool.clients);
          // The raw INSERTs measured for W1 just before: a third pool of 40 connections would pass
          // the server's connection limit beside this pool's app, the other instance and the first app.
          recordRate(
            'W1 picks/s, projector on another instance (p50, p99)',
            players,
            picked,
            raw,
            rushTarget,
          );
        } finally {
          await served.close();
          await projector.dispose();
          await database.dispose();
        }
      }, 1_800_000);

      it('W3 rebuild of every projection, against a raw copy of the log', async () => {
        const engine = app.app.get(ProjectionEngine);
        const store = app.app.get<EventStore>(EVENT_STORE);
        const events = await store.countAfter(0n);
        const names = engine.projections.map((projection) => projection.name);
        const raw = new pg.Client({ connectionString: app.config.databaseUrl! });
        await raw.connect();
        // Each side three times, taking turns, and the medians compared: the copy of a small log
        // takes a few milliseconds, where one hiccup of the machine doubles it.
        const rebuilds: number[] = [];
        const copies: number[] = [];
        for (let turn = 0; turn < 3; turn++) {
          const started = performance.now();
          await engine.rebuild(names);
          rebuilds.push((performance.now() - started) / 1000);
          const copyStarted = performance.now();
          await raw.query('CREATE TEMP TABLE bench_copy AS SELECT * FROM events');
          copies.push((performance.now() - copyStarted) / 1000);
          await raw.query('DROP TABLE bench_copy');
        }
        await raw.end();
        const rate = perSecond(events * names.length, percentile(rebuilds, 50));
        const rawRate = perSecond(events, percentile(copies, 50));
        record(
          'W3 rebuild events/s (all projections, median of 3)',
          players,
          `${rate}/s`,
          `SELECT into a table ${rawRate}/s`,
          rate / rawRate,
          '≥ 0.25',
          rate / rawRate >= 0.25,
          times(0.25 / (rate / rawRate)),
        );
      }, 1_800_000);

      it('W4 overall leaderboard top 50, 50 connections, against a bare route', async () => {
        const requests = 1000;
        // After matchweek 1 has kicked off (every player listed), each request from another player.
        app.clock?.set(new Date('2025-08-19T12:00:00Z'));
        const boardReads = Array.from({ length: requests }, (_, i) => ({
          method: 'GET',
          path: '/api/leaderboards/overall?limit=50',
          cookie: clients[i % clients.length]!.cookieHeader()!,
          expect: 200,
        }));
        const bareReads = bareRoute(clients[0]!, requests);
        // Every player has the app open; both sides are timed after it.
        const reading = (reads: LoadRequest[]) => fromAnotherThread(app.baseUrl, 50, reads, opening(clients));
        const board = await profiled(`w4-board-${players}`, () => reading(boardReads));
        const bare = await profiled(`w4-bare-${players}`, () => reading(bareReads));
        recordRate('W4 leaderboard req/s (p50, p99)', players, board, bare, readsTarget);
        // Again while every player picks a team of matchweek 2, which nobody else sees yet.
        const picking = (code: string) =>
          fromAnotherThread(
            app.baseUrl,
            50,
            clients.map((client) => ({
              method: 'POST',
              path: '/api/choices',
              cookie: client.cookieHeader()!,
              body: { periodId: 2, optionId: `2-${code}` },
              expect: 201,
            })),
          );
        const [boardPicking] = await Promise.all([reading(boardReads), picking('LIV')]);
        const [barePicking] = await Promise.all([reading(bareReads), picking('MCI')]);
        recordRate(
          'W4 the same while every player picks (p50, p99)',
          players,
          boardPicking,
          barePicking,
          readsTarget,
        );
      }, 1_800_000);

      it('W2 final whistle: a result applied to every picker, against a raw UPDATE of as many rows', async () => {
        // After the matches: the admin records Arsenal's win; the answer comes once the read
        // models have it (ADR 011: no X-Read-Your-Writes header).
        app.clock!.set(new Date('2025-08-20T12:00:00Z'));
        // The read tables' views show the rows of the connection's pool (`treble.pool`): the default one.
        const raw = new pg.Pool({
          connectionString: app.config.databaseUrl!,
          max: 2,
          options: '-c treble.pool=',
        });
        const { rows } = await raw.query<{ n: number }>(
          `SELECT count(*)::integer AS n FROM choices WHERE option_id = '1-ARS'`,
        );
        const pickers = rows[0]!.n;
        const started = performance.now();
        const response = await admin.request('POST', '/api/results', { optionId: '1-ARS', outcome: 'win' });
        const applied = performance.now() - started;
        expect(response.status).toBe(201);
        // Baseline: one UPDATE of as many rows, each with a primary key, as the pickers.
        await raw.query(
          'CREATE TABLE bench_raw_scores (user_id int PRIMARY KEY, points int NOT NULL, wins int NOT NULL)',
        );
        await raw.query('INSERT INTO bench_raw_scores SELECT g, 0, 0 FROM generate_series(1, $1) g', [
          pickers,
        ]);
        const updateStarted = performance.now();
        await raw.query('UPDATE bench_raw_scores SET points = points + 3, wins = wins + 1');
        const update = performance.now() - updateStarted;
        await raw.query('DROP TABLE bench_raw_scores');
        await raw.end();
        record(
          `W2 result for ${pickers} pickers, applied`,
          players,
          ms(applied),
          `raw UPDATE of ${pickers} rows ${ms(update)}`,
          applied / update,
          '≤ 1 s at 50,000 of 100,000 (scale section)',
          applied <= 1000,
          times(applied / 1000),
        );
      }, 1_800_000);

      it('W5 a result notice reaching every signed-in socket, against a bare broadcast', async () => {
        const sockets: Socket[] = [];
        const arrivals: number[] = [];
        let sentAt = 0;
        const allArrived = counter(clients.length);
        // What each socket hears while every player picks: its own pick's keys, never an admin's.
        const heard: ReadModelChangedNotice[][] = [];
        const ownHeard = counter(clients.length);
        for (const client of [...clients, admin]) {
          const socket = connect(app.baseUrl, {
            transports: ['websocket'],
            extraHeaders: { cookie: client.cookieHeader() ?? '' },
            forceNew: true,
          });
          const notices: ReadModelChangedNotice[] = [];
          let ownPickHeard = false;
          socket.on('read-model-changed', (notice: ReadModelChangedNotice) => {
            if (notice.news?.resultsRecorded) {
              // The result's toast, with the keys of the tables it changed (the one notice it costs).
              arrivals.push(performance.now() - sentAt);
              allArrived.tick();
              return;
            }
            notices.push(notice);
            if (ownPickHeard || !notice.queryKeys.some((key) => key[0] === 'choices' && key[1] === 2)) return;
            ownPickHeard = true;
            ownHeard.tick();
          });
          heard.push(notices);
          sockets.push(socket);
        }
        await Promise.all(
          sockets.map((s) =>
            s.connected
              ? Promise.resolve()
              : new Promise((resolve) => s.once('connect', () => resolve(undefined))),
          ),
        );
        app.clock!.set(new Date('2025-08-20T12:00:00Z'));
        // Every player picks one team of matchweek 2, 50 at once, the admin listening; what the sockets
        // hear of earlier events (a result's notice still on its way) is not counted.
        const before = await app.app.get<EventStore>(EVENT_STORE).headPosition();
        await pressure(clients.length, 50, async (i) => {
          const response = await clients[i]!.request('POST', '/api/choices', {
            periodId: 2,
            optionId: '2-ARS',
          });
          if (response.status !== 201) throw new Error(`pick ${response.status} ${response.text}`);
        });
        await ownHeard.done;
        sockets.pop()!.close(); // the admin's: the result's notice is timed to the players'
        const [adminHeard, ...playerSockets] = heard
          .map((notices) => notices.filter((notice) => BigInt(notice.position) > before))
          .reverse();
        const adminKeys = playerSockets
          .flat()
          .filter((n) => n.queryKeys.some((key) => key[0] === 'admin')).length;
        const perPlayer = playerSockets.map((notices) => notices.length);
        record(
          `W5 notices a player's socket hears while ${clients.length} pick (admin keys)`,
          players,
          `${(perPlayer.reduce((a, b) => a + b, 0) / players).toFixed(2)} on average, at most ${Math.max(...perPlayer)} (${adminKeys})`,
          `the admin's socket ${adminHeard!.length}`,
          Math.max(...perPlayer),
          "its own pick's notice, and no admin key",
          adminKeys === 0,
        );
        sentAt = performance.now();
        expect(
          (await admin.request('POST', '/api/results', { optionId: '1-LIV', outcome: 'win' })).status,
        ).toBe(201);
        await allArrived.done;
        for (const socket of sockets) socket.close();

        // Baseline: a bare Socket.IO server broadcasting to the same number of sockets.
        const server = http.createServer();
        const bare = new SocketServer(server);
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
        const bareArrivals: number[] = [];
        let bareSentAt = 0;
        const bareConnected = counter(clients.length);
        const bareArrived = counter(clients.length);
        bare.on('connection', () => bareConnected.tick());
        const bareSockets = clients.map(() => {
          const socket = connect(url, { transports: ['websocket'], forceNew: true });
          socket.on('notice', () => {
            bareArrivals.push(performance.now() - bareSentAt);
            bareArrived.tick();
          });
          return socket;
        });
        await bareConnected.done;
        bareSentAt = performance.now();
        bare.emit('notice', { periodId: 1 });
        await bareArrived.done;
        for (const socket of bareSockets) socket.close();
        await bare.close();
        const p99 = percentile(arrivals, 99);
        const bareP99 = percentile(bareArrivals, 99);
        record(
          `W5 notice to ${sockets.length} sockets, p99 (max)`,
          players,
          `${ms(p99)} (${ms(Math.max(...arrivals))})`,
          `bare broadcast ${ms(bareP99)} (${ms(Math.max(...bareArrivals))})`,
          p99 / bareP99,
          'p99 ≤ 1 s at 5,000 sockets',
          p99 <= 1000,
          times(p99 / 1000),
        );
      }, 1_800_000);

      it('closes the pool', async () => {
        await app?.close();
      }, 120_000);
    });
  }

  it('W8 start on the embedded database, fresh and warm, against a bare Node HTTP server', async () => {
    if (!(await built('W8'))) return;
    // Fresh is what `npm start` does on a new machine: an empty data directory, migrated at start.
    const server = await serverProcess({}, { emptyDataDir: true });
    const fresh = performance.now();
    await server.start();
    const freshSeconds = (performance.now() - fresh) / 1000;
    await server.kill('SIGTERM');
    // Warm: the median of three starts (the last of a full run's workloads, it may meet the
    // database still busy with the runs before it).
    const warmStarts: number[] = [];
    for (let turn = 0; turn < 3; turn++) {
      const warm = performance.now();
      await server.start();
      warmStarts.push((performance.now() - warm) / 1000);
      await server.kill('SIGTERM');
    }
    const warmSeconds = percentile(warmStarts, 50);
    await server.dispose();
    const bare = performance.now();
    const child = (await import('node:child_process')).spawn(
      process.execPath,
      ['-e', "require('http').createServer((q,s)=>s.end('ok')).listen(0,()=>console.log('up'))"],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    await new Promise((resolve) => child.stdout.once('data', resolve));
    const bareSeconds = (performance.now() - bare) / 1000;
    child.kill();
    record(
      'W8 start, embedded database: warm, median of 3 (fresh)',
      0,
      `${warmSeconds.toFixed(1)} s (${freshSeconds.toFixed(1)} s)`,
      `bare Node HTTP ${bareSeconds.toFixed(2)} s`,
      warmSeconds / bareSeconds,
      'warm ≤ 3 s',
      warmSeconds <= 3,
      times(warmSeconds / 3),
    );
  }, 600_000);
});
