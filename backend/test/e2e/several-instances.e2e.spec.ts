import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  Choice,
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
import { eventually, onNews } from '../support/waiting.js';

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
    const news: MatchFinishedNotice[] = [];
    onNews(socket, ({ matchesFinished }) => news.push(...matchesFinished));
    const notice = { matchweek: 1, homeTeam: 'LIV', awayTeam: 'BOU', homeScore: 4, awayScore: 2 };
    second.app.get(RealtimeGateway).matchFinished(notice, 0n);
    const finished = eventually('match-finished from the other instance', () => news.shift());
    expect(await finished).toEqual(notice);

    second.app
      .get(RealtimeGateway)
      .server.to(userRoom(player.user.id))
      .emit('read-model-changed', {
        readModels: [],
        queryKeys: [],
        position: '0',
        news: { matchesFinished: [{ ...notice, homeScore: 5 }] },
      });
    const own = eventually('a user notice from the other instance', () => news.shift());
    expect(await own).toMatchObject({ homeScore: 5 });
  });

  it('decides a pick on one instance on what the other wrote, never on what it last kept (ADR 018)', async () => {
    expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
    expect((await admin.request('POST', '/api/admin/setup/options', {})).status).toBe(200);
    const pick = (app: TestApp, optionId: string) =>
      app.request('POST', '/api/choices', { periodId: 1, optionId }, { cookie: player.cookieHeader()! });
    // The first instance keeps the player's streams after two picks; the third goes in on the second.
    expect((await pick(first, '1-ARS')).status).toBe(201);
    expect((await pick(first, '1-LIV')).status).toBe(201);
    const third = await pick(second, '1-MCI');
    expect(third.status).toBe(201);
    // A fourth on the first instance is refused by the rule, not let in by its kept two.
    const fourth = await pick(first, '1-CHE');
    expect(fourth.status).toBe(409);
    expect(fourth.body).toMatchObject({ code: 'PICKS_PER_PERIOD_EXCEEDED' });
    // The third is withdrawn on the first instance, which kept the stream without it: not refused
    // as unknown, but found on a fresh read.
    const withdrawn = await first.request('DELETE', `/api/choices/${(third.body as Choice).id}`, undefined, {
      cookie: player.cookieHeader()!,
    });
    expect(withdrawn.status).toBe(200);
    // A pick on the second instance, which kept the stream with three picks, now goes in.
    expect((await pick(second, '1-CHE')).status).toBe(201);
    const mine = await player.request('GET', '/api/choices/period/1');
    expect((mine.body as Choice[]).map((choice) => choice.optionId).sort()).toEqual([
      '1-ARS',
      '1-CHE',
      '1-LIV',
    ]);
  });

  it('ends a session on every instance at once, though each keeps the sessions it resolved', async () => {
    const ann = await registerPlayer(first, admin);
    const cookie = { cookie: ann.cookieHeader()! };
    // Both instances resolve the session and keep it.
    for (const app of [first, second, first, second])
      expect((await app.request('GET', '/api/auth/user', undefined, cookie)).status).toBe(200);
    expect((await first.request('POST', '/api/auth/logout', undefined, cookie)).status).toBeLessThan(300);
    expect((await first.request('GET', '/api/auth/user', undefined, cookie)).status).toBe(401);
    // The second hears of it from the first (NOTIFY), not from its kept session's age.
    await eventually(
      'the second instance to refuse the ended session',
      async () => (await second.request('GET', '/api/auth/user', undefined, cookie)).status === 401,
    );
  });

  it("takes a revoked admin's rights away on every instance, though each kept their session", async () => {
    const bob = await registerPlayer(first, admin);
    const cookie = { cookie: bob.cookieHeader()! };
    expect(
      (await admin.request('PATCH', `/api/admin/users/${bob.user.id}/admin`, { isAdmin: true })).status,
    ).toBe(200);
    for (const app of [first, second])
      await eventually(
        'the new admin to be one on both instances',
        async () => (await app.request('GET', '/api/admin/users', undefined, cookie)).status === 200,
      );
    expect(
      (await admin.request('PATCH', `/api/admin/users/${bob.user.id}/admin`, { isAdmin: false })).status,
    ).toBe(200);
    for (const app of [first, second])
      await eventually(
        'the revoked admin to be refused on both instances',
        async () => (await app.request('GET', '/api/admin/users', undefined, cookie)).status === 403,
      );
  });

  it('serves a pool made, joined and archived on one instance from the other, though each keeps its pools and sessions', async () => {
    const cookie = { cookie: player.cookieHeader()! };
    const board = '/api/pools/twin/leaderboards/overall';
    // Both instances know the pools and the player's session (with their pools) before it is made.
    for (const app of [first, second])
      expect((await app.request('GET', board, undefined, cookie)).status).toBe(404);
    expect((await admin.request('POST', '/api/pools', { address: 'twin', name: 'Twin' })).status).toBe(201);
    // The other instance finds an address it does not know by reading the registry again.
    const { token } = (await admin.request('POST', '/api/pools/twin/invites', { maxUses: 2 })).body as {
      token: string;
    };
    expect((await second.request('POST', `/api/invitations/${token}/join`, {}, cookie)).status).toBe(200);
    // A kept session that knows no role in the pool is read again: the new member is let in at once.
    for (const app of [first, second])
      expect((await app.request('GET', board, undefined, cookie)).status).toBe(200);
    expect((await admin.request('POST', '/api/install/pools/twin/archive')).status).toBe(200);
    // The second instance hears that the registry changed (NOTIFY) and refuses changes there.
    await eventually(
      'the second instance to show the pool archived',
      async () =>
        ((await second.request('GET', '/api/pools/twin', undefined, cookie)).body as { archived?: boolean })
          .archived === true,
    );
    const pick = await second.request(
      'POST',
      '/api/pools/twin/choices',
      { periodId: 1, optionId: '1-ARS' },
      cookie,
    );
    expect(pick.status).toBe(409);
    expect(pick.body).toMatchObject({ code: 'POOL_ARCHIVED' });
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
