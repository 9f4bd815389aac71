import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  ClientToServerEvents,
  HealthReport,
  MatchFinishedNotice,
  ServerToClientEvents,
} from '@treble/contracts';
import { io, type Socket } from 'socket.io-client';
import { RealtimeGateway, userRoom } from '../../src/realtime/realtime.gateway.js';
import {
  registerAdmin,
  registerPlayer,
  restartableTestApp,
  type RestartableTestApp,
  type SignedIn,
  type TestApp,
} from '../support/app.js';
import { serverTarget } from '../support/databases.js';
import { within } from '../support/waiting.js';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

async function connect(app: TestApp, client: SignedIn): Promise<ClientSocket> {
  const socket: ClientSocket = io(app.baseUrl, {
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie: client.cookieHeader() ?? '' },
  });
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return socket;
}

// Several instances share a Postgres server: this suite runs where TEST_POSTGRES_URL names one (CI sets it).
const describeOnServer = serverTarget ? describe : describe.skip;

/** Two whole apps in this process on one database: what a second instance changes for the first. */
describeOnServer('two app instances on one Postgres server', () => {
  let database: RestartableTestApp;
  let first: TestApp;
  let second: TestApp;
  let admin: SignedIn;
  let player: SignedIn;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    database = await restartableTestApp(serverTarget!, {
      POOL_NOW: '2025-08-10T12:00:00Z',
      RESULTS_SCHEDULER_AUTOSTART: 'false',
    });
    first = await database.start();
    second = await database.start();
    admin = await registerAdmin(first);
    // Registered through the second instance, with an invitation made through the first.
    player = await registerPlayer(second, admin);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await first?.close();
    await second?.close();
    await database?.dispose();
  });

  it('has exactly one projection leader, and both instances serve what it projects', async () => {
    const reports = await Promise.all(
      [first, second].map(async (app) => (await app.request('GET', '/api/health')).body as HealthReport),
    );
    expect(reports.map((report) => report.instance?.projectionLeader).sort()).toEqual([false, true]);
    expect(new Set(reports.map((report) => report.instance?.leader)).size).toBe(1);
    expect(
      reports.every((report) => report.projections.every((projection) => projection.status === 'live')),
    ).toBe(true);
    // Registration waited for the users projection on the instance that took it, leader or not.
    const users = await admin.request('GET', '/api/admin/users');
    expect(users.status).toBe(200);
    expect((users.body as { email: string }[]).map((user) => user.email)).toContain(player.user.email);
  });

  it("delivers a match-finished notice and a user's own notices sent by one instance to sockets on the other", async () => {
    const socket = await connect(first, player);
    sockets.push(socket);
    const finished = new Promise<MatchFinishedNotice>((resolve) => socket.once('match-finished', resolve));
    const notice = { matchweek: 1, homeTeam: 'LIV', awayTeam: 'BOU', homeScore: 4, awayScore: 2 };
    second.app.get(RealtimeGateway).matchFinished(notice);
    expect(await within('match-finished from the other instance', finished)).toEqual(notice);

    const own = new Promise<MatchFinishedNotice>((resolve) => socket.once('match-finished', resolve));
    second.app
      .get(RealtimeGateway)
      .server.to(userRoom(player.user.id))
      .emit('match-finished', { ...notice, homeScore: 5 });
    expect(await within('a user notice from the other instance', own)).toMatchObject({ homeScore: 5 });
  });

  it('refuses sign-ins on one instance after failures on the other', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const failed = await first.request('POST', '/api/auth/login', {
        email: player.user.email,
        password: `wrong ${attempt}`,
      });
      expect(failed.status).toBe(401);
    }
    const refused = await second.request('POST', '/api/auth/login', {
      email: player.user.email,
      password: player.password,
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
