import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  AuthResponse,
  ClientToServerEvents,
  CreatedInvitation,
  HealthReport,
  LeaderboardEntry,
  ReadModelChangedNotice,
  ServerToClientEvents,
} from '@treble/contracts';
import { io, type Socket } from 'socket.io-client';
import { cookieClient, type TestClient } from '../support/app.js';
import { serverTarget, type ProvisionedDatabase } from '../support/databases.js';
import { serverProcess, type ServerProcess } from '../support/server-process.js';
import { eventually, within } from '../support/waiting.js';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const password = 'correct horse battery';
/** The projector lease of both instances: a dead leader is replaced within about this long. */
const leaseMs = 2_000;

async function health(server: ServerProcess): Promise<HealthReport> {
  return (await (await fetch(`${server.baseUrl}/api/health`)).json()) as HealthReport;
}

/** A time the health report gives (the database's clock), in milliseconds. */
const instant = (iso: string | null | undefined): number => (iso ? Date.parse(iso) : Number.NaN);

async function connect(server: ServerProcess, client: TestClient): Promise<ClientSocket> {
  const socket: ClientSocket = io(server.baseUrl, {
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

async function points(client: TestClient, userId: string): Promise<number | null> {
  const response = await client.request('GET', '/api/leaderboards/overall');
  if (response.status !== 200) return null;
  return (response.body as LeaderboardEntry[]).find((entry) => entry.userId === userId)?.totalPoints ?? null;
}

// Several instances share a Postgres server: this suite runs where TEST_POSTGRES_URL names one (CI sets it).
const describeOnServer = serverTarget ? describe : describe.skip;

describeOnServer('two built app instances on one Postgres server', () => {
  let database: ProvisionedDatabase;
  let first: ServerProcess;
  let second: ServerProcess;
  /** Named by the first test: the instance running the projections, and the other one. */
  let leader: ServerProcess;
  let follower: ServerProcess;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    database = await serverTarget!.provision();
    const env = {
      DATABASE_URL: database.url!,
      // Before matchweek 1: every period open for picks.
      POOL_NOW: '2025-08-10T12:00:00Z',
      RESULTS_SCHEDULER_AUTOSTART: 'false',
      LEADER_LEASE_MS: String(leaseMs),
      PROJECTION_POLL_MS: '100',
    };
    first = await serverProcess(env);
    second = await serverProcess(env);
    // At once, on a new database: one applies the migrations while the other waits for it.
    await Promise.all([first.start(), second.start()]);
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await first?.dispose();
    await second?.dispose();
    await database?.cleanup();
  });

  it('elects exactly one projection leader, which both instances name', async () => {
    const reports = await eventually('one leader named by both', async () => {
      const both = await Promise.all([health(first), health(second)]);
      const leaders = both.filter((report) => report.instance?.projectionLeader);
      const named = new Set(both.map((report) => report.instance?.leader));
      return leaders.length === 1 && named.size === 1 && named.has(leaders[0]!.instance!.id) ? both : null;
    });
    expect(reports.map((report) => report.status)).toEqual(['ok', 'ok']);
    expect(reports.filter((report) => report.instance!.projectionLeader)).toHaveLength(1);
    const leaderId = reports.find((report) => report.instance!.projectionLeader)!.instance!.id;
    expect(reports.map((report) => report.instance!.leader)).toEqual([leaderId, leaderId]);
    expect(reports[0].instance!.id).not.toBe(reports[1].instance!.id);
    [leader, follower] = reports[0].instance!.projectionLeader ? [first, second] : [second, first];
    const { leaderSince, leaseExpiresAt } = reports[0].instance!;
    expect(instant(leaseExpiresAt)).toBeGreaterThan(instant(leaderSince));
    // And it stays so: the follower tries for the lease four times a lease period, but the leader
    // keeps renewing it. Wait until the lease has been renewed through two whole lease periods (or
    // has changed hands): had the leader let it lapse, the follower would have taken it meanwhile.
    const later = await eventually('the lease renewed through two lease periods', async () => {
      const instance = (await health(follower)).instance!;
      return instance.leader !== leaderId ||
        instant(instance.leaseExpiresAt) >= instant(leaseExpiresAt) + 2 * leaseMs
        ? instance
        : null;
    });
    expect(later).toMatchObject({ projectionLeader: false, leader: leaderId, leaderSince });
    expect((await health(leader)).instance).toMatchObject({
      projectionLeader: true,
      leader: leaderId,
      leaderSince,
    });
  });

  it('pushes a standings change made through one instance to a socket on the other, and survives the leader dying', async () => {
    // The pool is set up through the leader; the player signs up and connects through the
    // follower, whose own engine projects nothing: every push it delivers came from the leader.
    const admin = cookieClient(leader.baseUrl);
    const registered = await admin.request('POST', '/api/auth/register', {
      email: 'host@example.com',
      password,
    });
    expect(registered.status).toBe(201);
    expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
    expect((await admin.request('POST', '/api/admin/setup/options', {})).status).toBe(200);
    const invitation = await admin.request('POST', '/api/invites', { maxUses: 1 });
    const { token } = invitation.body as CreatedInvitation;
    const player = cookieClient(follower.baseUrl);
    const signedUp = await player.request('POST', '/api/auth/register', {
      email: 'ann@example.com',
      password,
      inviteToken: token,
    });
    expect(signedUp.status).toBe(201);
    const playerId = (signedUp.body as AuthResponse).user.id;
    for (const optionId of ['2-ARS', '2-LIV']) {
      expect((await player.request('POST', '/api/choices', { periodId: 2, optionId })).status).toBe(201);
    }

    const socket = await connect(follower, player);
    sockets.push(socket);
    const notices: ReadModelChangedNotice[] = [];
    socket.on('read-model-changed', (notice) => notices.push(notice));

    // The result is recorded through the leader; the socket is on the follower.
    expect(
      (await admin.request('POST', '/api/results', { force: true, optionId: '2-ARS', outcome: 'win' }))
        .status,
    ).toBe(201);
    // (The player's own pick notices may still arrive first: the leaderboards one is the result's.)
    const pushed = await eventually('standings notice on the other instance', () =>
      notices.find(
        (notice) =>
          notice.readModels.includes('standings') &&
          notice.queryKeys.some((key) => key[0] === 'leaderboards'),
      ),
    );
    expect(pushed.queryKeys).toEqual(expect.arrayContaining([expect.arrayContaining(['leaderboards'])]));
    expect(await points(player, playerId)).toBe(3);

    // Signing out through the leader closes that session's socket on the follower.
    const elsewhere = cookieClient(leader.baseUrl);
    expect(
      (await elsewhere.request('POST', '/api/auth/login', { email: 'ann@example.com', password })).status,
    ).toBe(200);
    const sessionSocket = await connect(follower, elsewhere);
    sockets.push(sessionSocket);
    const closed = new Promise<string>((resolve) => sessionSocket.on('disconnect', (why) => resolve(why)));
    expect((await elsewhere.request('POST', '/api/auth/logout')).status).toBeLessThan(300);
    expect(await within("the signed-out session's socket to close", closed)).toBe('io server disconnect');
    expect(socket.connected).toBe(true);

    // SIGKILL the leader: no clean shutdown, so its lease must expire before the follower takes over.
    const survivor = follower;
    const lastSeen = (await health(survivor)).instance!;
    expect(lastSeen.leader).not.toBe(lastSeen.id);
    expect(await leader.kill('SIGKILL')).toBe('SIGKILL');
    const takenOver = await eventually('the survivor takes over', async () => {
      const instance = (await health(survivor)).instance!;
      return instance.projectionLeader ? instance : null;
    });
    expect(takenOver.leader).toBe(takenOver.id);
    // Not before the dead leader's lease ran out (it may have renewed once more after we looked).
    expect(instant(takenOver.leaderSince)).toBeGreaterThanOrEqual(instant(lastSeen.leaseExpiresAt));

    // The survivor keeps projecting: a result recorded through it reaches the read tables.
    const adminOnSurvivor = cookieClient(survivor.baseUrl);
    expect(
      (await adminOnSurvivor.request('POST', '/api/auth/login', { email: 'host@example.com', password }))
        .status,
    ).toBe(200);
    const playerOnSurvivor = cookieClient(survivor.baseUrl);
    expect(
      (await playerOnSurvivor.request('POST', '/api/auth/login', { email: 'ann@example.com', password }))
        .status,
    ).toBe(200);
    notices.length = 0;
    expect(
      (
        await adminOnSurvivor.request('POST', '/api/results', {
          force: true,
          optionId: '2-LIV',
          outcome: 'draw',
        })
      ).status,
    ).toBe(201);
    await eventually('standings notice from the new leader', () =>
      notices.find((notice) => notice.readModels.includes('standings')),
    );
    expect(
      await eventually('the new result in the standings', async () =>
        (await points(playerOnSurvivor, playerId)) === 4 ? 4 : null,
      ),
    ).toBe(4);
    const after = await health(survivor);
    expect(
      after.projections.every((projection) => projection.status === 'live' && projection.lag === 0),
    ).toBe(true);
  }, 120_000);
});
