import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  isAccountRoute,
  type ClientToServerEvents,
  type PoolSummary,
  type ResultRecordedNotice,
  type ServerToClientEvents,
  type SocketHandshake,
} from '@treble/contracts';
import { io, type Socket } from 'socket.io-client';
import { routeAccess } from '../../src/accounts/access/route-access.js';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { PoolDirectory } from '../../src/pools/index.js';
import { registerAdmin, registerPlayer, startTestApp, type SignedIn, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';
import { eventually, onNews } from '../support/waiting.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Pools, first step (docs/adr/015): an install's one pool is its default pool; `/api/pools` lists
 * it with my role, `/api/pools/default/…` answers exactly as the unscoped routes do (reads and
 * commands), and any other pool is `404 POOL_NOT_FOUND` before anything runs. A second pool's
 * commands write its own streams (its key after each stream's category, the pool in the metadata),
 * for its members only.
 */
describe.each(databaseTargets)('pools on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;
  let player: SignedIn;

  beforeAll(async () => {
    app = await startTestApp(target, {
      POOL_NOW: '2025-08-10T12:00:00Z',
      POOL_NAME: 'Office pool',
      POOL_CREATION: 'anyone',
    });
    admin = await registerAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
    player = await registerPlayer(app, admin, { firstName: 'Pia', lastName: 'Player' });
  }, 300_000);
  afterAll(async () => {
    await app?.close();
  });

  const summary = (role: PoolSummary['role']): PoolSummary => ({
    address: 'default',
    name: 'Office pool',
    role,
    isDefault: true,
  });

  it('lists my pools with my role in each, and one by its address', async () => {
    expect((await app.request('GET', '/api/pools')).status).toBe(401);
    expect((await admin.request('GET', '/api/pools')).body).toEqual([summary('admin')]);
    expect((await player.request('GET', '/api/pools')).body).toEqual([summary('player')]);
    expect((await player.request('GET', '/api/pools/default')).body).toEqual(summary('player'));
    const other = await player.request('GET', '/api/pools/office');
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: 'POOL_NOT_FOUND' });
  });

  it('runs commands under /api/pools/default/… in the default pool', async () => {
    const imported = await admin.request('POST', '/api/pools/default/admin/setup/periods', {});
    expect(imported.status).toBe(200);
    expect((await admin.request('POST', '/api/pools/default/admin/setup/options', {})).status).toBe(200);
    const picked = await player.request('POST', '/api/pools/default/choices', {
      periodId: 1,
      optionId: '1-ARS',
    });
    expect(picked.status).toBe(201);
    const mine = await player.request('GET', '/api/choices/period/1');
    expect((mine.body as { optionId: string }[]).map((choice) => choice.optionId)).toEqual(['1-ARS']);
  });

  it('answers every read under /api/pools/default/… exactly as the unscoped route', async () => {
    for (const path of [
      '/periods',
      '/periods/1/options',
      '/choices/period/1',
      '/leaderboards/overall',
      '/prizes',
      '/rules',
      '/auth/user',
      '/admin/users',
    ]) {
      for (const client of [player, admin]) {
        const [scoped, unscoped] = [
          await client.request('GET', `/api/pools/default${path}`),
          await client.request('GET', `/api/${path.slice(1)}`),
        ];
        expect([path, scoped.status, scoped.body]).toEqual([path, unscoped.status, unscoped.body]);
      }
    }
  });

  it('refuses any other pool, or a malformed address, before anything runs or changes', async () => {
    const store = app.app.get<EventStore>(EVENT_STORE);
    const head = await store.headPosition();
    for (const [method, path, body] of [
      ['POST', '/api/pools/office/choices', { periodId: 1, optionId: '1-LIV' }],
      ['DELETE', '/api/pools/office/choices/period/1', undefined],
      ['GET', '/api/pools/office/periods', undefined],
      ['GET', '/api/pools//periods', undefined],
      ['GET', '/api/pools/%ZZ/periods', undefined],
      ['GET', '/api/pools/DEFAULT/periods', undefined],
    ] as const) {
      const answer = await admin.request(method, path, body);
      expect([path, answer.status, answer.body]).toEqual([
        path,
        404,
        expect.objectContaining({ code: 'POOL_NOT_FOUND', message: expect.any(String) }),
      ]);
    }
    expect(await store.headPosition()).toBe(head);
  });

  it("writes a second pool's commands to its own streams, for its members only", async () => {
    const store = app.app.get<EventStore>(EVENT_STORE);
    // Anyone may create pools on this install (POOL_CREATION=anyone); the creator, the default
    // pool's player, is its admin, and the default pool's admin is nobody there.
    const created = await player.request('POST', '/api/pools', {
      address: 'family-pool',
      name: 'Family pool',
    });
    expect(created.status).toBe(201);
    const family = (await app.app.get(PoolDirectory).pools()).find((pool) => pool.address === 'family-pool')!;
    // The creator's list names it, with their role there; nobody else's does.
    const familySummary: PoolSummary = {
      address: 'family-pool',
      name: 'Family pool',
      role: 'admin',
      isDefault: false,
    };
    expect((await player.request('GET', '/api/pools')).body).toEqual([summary('player'), familySummary]);
    expect((await player.request('GET', '/api/pools/family-pool')).body).toEqual(familySummary);
    expect((await admin.request('GET', '/api/pools')).body).toEqual([summary('admin')]);
    expect((await admin.request('GET', '/api/pools/family-pool')).status).toBe(404);
    const defaultPeriods = await admin.request('GET', '/api/periods');
    const defaultPeriodOne = await store.readStream('period-1');

    const head = await store.headPosition();
    for (const [client, method, path] of [
      [admin, 'GET', '/api/pools/family-pool/periods'],
      [admin, 'POST', '/api/pools/family-pool/admin/setup/periods'],
      [app, 'GET', '/api/pools/family-pool/rules'],
    ] as const) {
      const answer = await client.request(method, path, method === 'POST' ? {} : undefined);
      expect([path, answer.status, answer.body]).toEqual([
        path,
        404,
        expect.objectContaining({ code: 'POOL_NOT_FOUND' }),
      ]);
    }
    expect(await store.headPosition()).toBe(head);

    const imported = await player.request('POST', '/api/pools/family-pool/admin/setup/periods', {});
    expect(imported.status).toBe(200);
    const [first] = await store.readStream(`period-${family.key}_1`);
    expect(first).toMatchObject({ metadata: { pool: family.key, actor: player.user.id } });
    // The pool reads its own rows, its first matchweek still ahead of the default pool's.
    const familyPeriods = await player.request('GET', '/api/pools/family-pool/periods');
    expect(familyPeriods.status).toBe(200);
    expect((familyPeriods.body as unknown[]).length).toBe((defaultPeriods.body as unknown[]).length);
    // The default pool's streams and reads are as they were.
    expect(await store.readStream('period-1')).toEqual(defaultPeriodOne);
    expect((await admin.request('GET', '/api/periods')).body).toEqual(defaultPeriods.body);

    // A pick in the pool is the pool's, not the default pool's.
    expect((await player.request('POST', '/api/pools/family-pool/admin/setup/options', {})).status).toBe(200);
    const picked = await player.request('POST', '/api/pools/family-pool/choices', {
      periodId: 1,
      optionId: '1-CHE',
    });
    expect(picked.status).toBe(201);
    const mine = await player.request('GET', '/api/pools/family-pool/choices/period/1');
    expect((mine.body as { optionId: string }[]).map((choice) => choice.optionId)).toEqual(['1-CHE']);
    const home = await player.request('GET', '/api/choices/period/1');
    expect((home.body as { optionId: string }[]).map((choice) => choice.optionId)).toEqual(['1-ARS']);
  });

  it("tells a pool's news to its members' browsers only", async () => {
    const connect = (who: SignedIn, pool?: string) => {
      const socket: Client = io(app.baseUrl, {
        transports: ['websocket'],
        extraHeaders: { cookie: who.cookieHeader() ?? '' },
        ...(pool === undefined ? {} : { auth: { pool } satisfies SocketHandshake }),
      });
      const results: ResultRecordedNotice[] = [];
      const positions: string[] = [];
      onNews(socket, (news) => results.push(...news.resultsRecorded));
      socket.on('read-model-changed', (notice) => positions.push(notice.position));
      const connected = new Promise<string>((resolve) => {
        socket.on('connect', () => resolve('connected'));
        socket.on('connect_error', (error) => resolve(error.message));
      });
      return { socket, results, positions, connected };
    };
    const sides = [
      connect(admin, 'family-pool'),
      connect(admin, 'no-such-pool'),
      connect(player, 'family-pool'),
      connect(player),
      connect(admin),
    ];
    const [stranger, nowhere, family, playerHome, adminHome] = sides;
    try {
      expect(await Promise.all(sides.map((side) => side.connected))).toEqual([
        'POOL_NOT_FOUND',
        'POOL_NOT_FOUND',
        'connected',
        'connected',
        'connected',
      ]);
      const inFamily = await player.request('POST', '/api/pools/family-pool/results', {
        optionId: '1-CHE',
        outcome: 'win',
        force: true,
      });
      expect(inFamily.status).toBe(201);
      const familyPosition = inFamily.headers.get('x-log-position')!;
      await eventually('the pool’s browsers to hear of its result', () => family!.results.length === 1);
      await eventually('the notice of its read models', () => family!.positions.includes(familyPosition));

      const atHome = await admin.request('POST', '/api/results', {
        optionId: '1-ARS',
        outcome: 'win',
        force: true,
      });
      expect(atHome.status).toBe(201);
      const homePosition = atHome.headers.get('x-log-position')!;
      await eventually('the default pool’s browsers to hear of theirs', () =>
        [adminHome, playerHome].every(
          (side) => side!.results.length === 1 && side!.positions.includes(homePosition),
        ),
      );
      // Each pool's notices went to its own browsers alone (on one socket, notices keep their order).
      expect([adminHome, playerHome].map((side) => side!.results.map((notice) => notice.optionId))).toEqual([
        ['1-ARS'],
        ['1-ARS'],
      ]);
      expect([adminHome, playerHome].some((side) => side!.positions.includes(familyPosition))).toBe(false);
      expect(family!.results.map((notice) => notice.optionId)).toEqual(['1-CHE']);
      expect(family!.positions).not.toContain(homePosition);
    } finally {
      for (const side of [stranger, nowhere, family, playerHome, adminHome]) side!.socket.close();
    }
  });

  it('answers nothing of one pool on any route of another, to members or not', async () => {
    const store = app.app.get<EventStore>(EVENT_STORE);
    const poolRoutes = Object.keys(routeAccess)
      .map((route) => route.split(' ') as [string, string])
      .filter(([, path]) => !isAccountRoute(path));
    expect(poolRoutes.length).toBeGreaterThan(60);
    const inFamily = (path: string) =>
      `/api/pools/family-pool${path.slice('/api'.length)}`.replace(/:(\w+)/g, (_match, name: string) =>
        name.toLowerCase().endsWith('id') ? '1' : 'sample',
      );

    // Not a member, signed in or not: every route is 404 POOL_NOT_FOUND, and nothing changes.
    const head = await store.headPosition();
    for (const [method, path] of poolRoutes) {
      for (const client of [admin, app]) {
        const answer = await client.request(method, inFamily(path), method === 'GET' ? undefined : {});
        expect([method, path, answer.status, (answer.body as { code?: string } | null)?.code]).toEqual([
          method,
          path,
          404,
          'POOL_NOT_FOUND',
        ]);
      }
    }
    expect(await store.headPosition()).toBe(head);

    // A member reads the pool's own answers: none of them holds the default pool's admin, who is
    // not in it (the default pool's answers do, so the search would find them).
    const marks = [admin.user.email, 'Ada'];
    const reads = poolRoutes.filter(([method, path]) => method === 'GET' && !path.includes(':'));
    const leaks: string[] = [];
    const seenAtHome: string[] = [];
    for (const [, path] of reads) {
      const [there, home] = [await player.request('GET', inFamily(path)), await admin.request('GET', path)];
      if (marks.some((mark) => JSON.stringify(home.body).includes(mark))) seenAtHome.push(path);
      if (marks.some((mark) => JSON.stringify(there.body).includes(mark))) leaks.push(path);
    }
    expect(seenAtHome).toEqual(expect.arrayContaining(['/api/admin/users', '/api/admin/audit']));
    expect(leaks).toEqual([]);
  });
});
