import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatedInvitation, InvitationPreview, PoolSummary, User } from '@treble/contracts';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { PoolDirectory } from '../../src/pools/index.js';
import { SessionStore } from '../../src/accounts/sessions/session-store.js';
import { Database } from '../../src/platform/database/database.js';
import {
  expectRefused,
  recordStatements,
  registerAdmin,
  registerPlayer,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../support/app.js';
import { databaseTargets } from '../support/databases.js';
import { io, type Socket } from 'socket.io-client';

/**
 * One account, several pools (docs/adr/015, step 4): the install's owner creates pools (the
 * default `POOL_CREATION=owner`), a signed-in person joins one by its invitation link, a new person
 * signing up by a pool's link joins that pool only; roles, deactivation and removal are each pool's.
 */
describe.each(databaseTargets)('pool membership on $name', (target) => {
  let app: TestApp;
  let owner: SignedIn;
  let pia: SignedIn;
  let store: EventStore;

  beforeAll(async () => {
    app = await startTestApp(target, { POOL_NOW: '2025-08-10T12:00:00Z', POOL_NAME: 'Office pool' });
    owner = await registerAdmin(app, { firstName: 'Olga', lastName: 'Owner' });
    pia = await registerPlayer(app, owner, { firstName: 'Pia', lastName: 'Player' });
    store = app.app.get<EventStore>(EVENT_STORE);
  }, 300_000);
  afterAll(async () => {
    await app?.close();
  });

  const refusedWith = (
    client: SignedIn | TestApp,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body: unknown,
    status: number,
    code: string,
  ) => expectRefused(app, client, [method, path, body], status, code);

  it("lets the install's owner alone create pools, at addresses nobody has", async () => {
    await refusedWith(
      pia,
      'POST',
      '/api/pools',
      { address: 'pias-pool', name: 'Mine' },
      403,
      'POOL_CREATION_OWNER_ONLY',
    );
    for (const [body, status, code] of [
      [{ address: 'No Spaces', name: 'Bad' }, 400, 'VALIDATION_FAILED'],
      [{ address: 'family', name: ' ' }, 400, 'VALIDATION_FAILED'],
      [{ address: 'default', name: 'Taken' }, 409, 'POOL_ADDRESS_TAKEN'],
    ] as const)
      await refusedWith(owner, 'POST', '/api/pools', body, status, code);
    const created = await owner.request('POST', '/api/pools', { address: 'family', name: 'Family pool' });
    expect([created.status, created.body]).toEqual([
      201,
      { address: 'family', name: 'Family pool', role: 'admin', isDefault: false },
    ]);
    await refusedWith(
      owner,
      'POST',
      '/api/pools',
      { address: 'family', name: 'Again' },
      409,
      'POOL_ADDRESS_TAKEN',
    );
    expect(
      ((await owner.request('GET', '/api/pools')).body as PoolSummary[]).map((p) => [p.address, p.role]),
    ).toEqual([
      ['default', 'admin'],
      ['family', 'admin'],
    ]);
  });

  it('joins a signed-in person to the pool of a link with one tap, once', async () => {
    const link = await owner.request('POST', '/api/pools/family/invites', {});
    expect(link.status).toBe(201);
    const { token } = link.body as CreatedInvitation;
    // A pool's member sees which pool a link joins, and who made it, before joining.
    const preview = await pia.request('GET', `/api/invitations/${token}`);
    expect(preview.body).toEqual({
      pool: { address: 'family', name: 'Family pool', isDefault: false },
      invitedBy: 'Olga Owner',
      status: 'valid',
      alreadyMember: false,
    } satisfies InvitationPreview);
    await refusedWith(pia, 'GET', '/api/pools/family/leaderboards/overall', undefined, 404, 'POOL_NOT_FOUND');

    const joined = await pia.request('POST', `/api/invitations/${token}/join`, {});
    expect([joined.status, joined.body]).toEqual([
      200,
      { address: 'family', name: 'Family pool', role: 'player', isDefault: false },
    ]);
    expect(
      ((await pia.request('GET', '/api/pools')).body as PoolSummary[]).map((p) => [p.address, p.role]),
    ).toEqual([
      ['default', 'player'],
      ['family', 'player'],
    ]);
    await refusedWith(pia, 'POST', `/api/invitations/${token}/join`, {}, 409, 'ALREADY_A_MEMBER');
    expect(
      ((await pia.request('GET', `/api/invitations/${token}`)).body as InvitationPreview).alreadyMember,
    ).toBe(true);
    // One account: the pool's members list shows the person by the name of their account.
    const members = await owner.request('GET', '/api/pools/family/admin/users');
    expect(
      (members.body as { firstName: string; isAdmin: boolean }[]).map((u) => [u.firstName, u.isAdmin]),
    ).toEqual([
      ['Olga', true],
      ['Pia', false],
    ]);
    // Roles are each pool's: the family's player is no admin there, nor the default pool's admin's peer.
    await refusedWith(pia, 'GET', '/api/pools/family/admin/users', undefined, 403, 'FORBIDDEN_ADMIN_ONLY');
    await refusedWith(
      pia,
      'POST',
      '/api/invitations/not-a-real-token-at-all/join',
      {},
      400,
      'INVITATION_INVALID',
    );
  });

  it('signs a new person up into the pool of the link only', async () => {
    const kim = await registerPlayer(app, owner, { firstName: 'Kim', pool: 'family' });
    expect(((await kim.request('GET', '/api/pools')).body as PoolSummary[]).map((p) => p.address)).toEqual([
      'family',
    ]);
    expect((await kim.request('GET', '/api/auth/user')).status).toBe(200);
    expect((await kim.request('GET', '/api/pools/family/leaderboards/overall')).status).toBe(200);
    // The default pool's routes are closed to a person who is no member of it; its people unseen.
    await refusedWith(kim, 'GET', '/api/leaderboards/overall', undefined, 404, 'POOL_NOT_FOUND');
    await refusedWith(kim, 'GET', '/api/pools/default/periods', undefined, 404, 'POOL_NOT_FOUND');
    // Their browser on their own pages (My pools) connects, to hear their own keys; another pool's
    // socket is refused them as ever.
    const connect = (pool?: string) =>
      new Promise<string>((resolve) => {
        const socket = io(app.baseUrl, {
          transports: ['websocket'],
          extraHeaders: { cookie: kim.cookieHeader() ?? '' },
          ...(pool === undefined ? {} : { auth: { pool } }),
        });
        socket.on('connect', () => resolve('connected'));
        socket.on('connect_error', (error) => resolve(error.message));
        sockets.push(socket);
      });
    const sockets: Socket[] = [];
    try {
      expect([await connect(), await connect('family'), await connect('no-such-pool')]).toEqual([
        'connected',
        'connected',
        'POOL_NOT_FOUND',
      ]);
    } finally {
      for (const socket of sockets) socket.close();
    }
    const homeUsers = await owner.request('GET', '/api/admin/users');
    expect((homeUsers.body as { firstName: string }[]).map((u) => u.firstName)).toEqual(['Olga', 'Pia']);
  });

  it('joins once when the same person taps the link twice at once', async () => {
    const { token } = (await owner.request('POST', '/api/pools/family/invites', {}))
      .body as CreatedInvitation;
    const jo = await registerPlayer(app, owner, { firstName: 'Jo' });
    const answers = await Promise.all(
      [1, 2].map(() => jo.request('POST', `/api/invitations/${token}/join`, {})),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const family = (await app.app.get(PoolDirectory).pools()).find((pool) => pool.address === 'family')!;
    const joined = await store.readStream(`member-${family.key}_${jo.user.id}`);
    expect(joined.map((event) => event.type)).toEqual(['MemberJoined']);
    // The link counted one use.
    const uses = (await store.readStream(`invitation-${token}`)).filter(
      (event) => event.type === 'InvitationUsed',
    );
    expect(uses.map((event) => event.data)).toEqual([{ token, userId: jo.user.id }]);
  });

  it('puts a person out of one pool only, and keeps them out of it', async () => {
    const link = await owner.request('POST', '/api/pools/family/invites', {});
    const { token } = link.body as CreatedInvitation;
    const deactivated = await owner.request('PATCH', `/api/pools/family/admin/users/${pia.user.id}/active`, {
      active: false,
    });
    expect(deactivated.status).toBe(200);
    await refusedWith(pia, 'GET', '/api/pools/family/periods', undefined, 404, 'POOL_NOT_FOUND');
    expect((await pia.request('GET', '/api/periods')).status).toBe(200);
    await refusedWith(pia, 'POST', `/api/invitations/${token}/join`, {}, 403, 'MEMBERSHIP_ENDED');
    const revoked = await owner.request('DELETE', `/api/pools/family/invites/${token}`);
    expect(revoked.status).toBe(204);
    const outsider = await registerPlayer(app, owner, { firstName: 'Otto' });
    await refusedWith(outsider, 'POST', `/api/invitations/${token}/join`, {}, 410, 'INVITATION_EXPIRED');
  });

  it("lets a new member in at once, though their session was kept before the pool's members changed", async () => {
    expect((await owner.request('POST', '/api/pools', { address: 'late', name: 'Late' })).status).toBe(201);
    // Pia's session is kept, with the pools she was in then.
    await refusedWith(pia, 'GET', '/api/pools/late/periods', undefined, 404, 'POOL_NOT_FOUND');
    // The users projection has her as a member (written here as it would), and this process has
    // not yet been told to forget what it keeps: the kept session knows no role there, so it is read again.
    const key = await app.app.get(PoolDirectory).keyOf('late');
    await app.app
      .get(Database)
      .query('INSERT INTO memberships (user_id, pool_id, is_admin) VALUES ($1, $2, false)', [
        pia.user.id,
        key,
      ]);
    expect((await pia.request('GET', '/api/pools/late/periods')).status).toBe(200);
  });

  it("reads a session once for a page's reads that come together, and again after it is forgotten", async () => {
    const { statements, restore } = recordStatements(app);
    const sessionReads = () =>
      statements.filter((text) => text.includes('FROM user_sessions s JOIN persons'));
    try {
      const page = [
        '/api/periods',
        '/api/rules',
        '/api/user/stats',
        '/api/leaderboards/overall',
        '/api/pools',
      ];
      for (const round of [1, 2]) {
        await app.app.get(SessionStore).forget(pia.user.id);
        const answers = await Promise.all([...page, ...page].map((path) => pia.request('GET', path)));
        expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
        expect([round, sessionReads().length]).toEqual([round, round]);
      }
    } finally {
      restore();
    }
  });

  it('reads the sessions of different people that come together in one statement, each answered as its own', async () => {
    const others = [owner, await registerPlayer(app, owner, { firstName: 'Quinn' })];
    const { statements, restore } = recordStatements(app);
    const sessionReads = () =>
      statements.filter((text) => text.includes('FROM user_sessions s JOIN persons'));
    try {
      const people = [pia, ...others];
      for (const person of people) await app.app.get(SessionStore).forget(person.user.id);
      const answers = await Promise.all(people.map((person) => person.request('GET', '/api/auth/user')));
      expect(answers.map((answer) => [answer.status, (answer.body as User).id])).toEqual(
        people.map((person) => [200, person.user.id]),
      );
      expect(sessionReads()).toHaveLength(1);
      // A token nobody holds, among them, is refused; the others are answered.
      for (const person of people) await app.app.get(SessionStore).forget(person.user.id);
      const stranger = { cookie: `treble_session=${'s'.repeat(43)}` };
      const mixed = await Promise.all([
        pia.request('GET', '/api/auth/user'),
        app.request('GET', '/api/auth/user', undefined, stranger),
      ]);
      expect(mixed.map((answer) => answer.status)).toEqual([200, 401]);
      expect(sessionReads()).toHaveLength(2);
    } finally {
      restore();
    }
  });

  it('lets a removed member back by a link made after the removal, never by an older one', async () => {
    const older = (await owner.request('POST', '/api/pools/family/invites', {})).body as CreatedInvitation;
    const kim = await registerPlayer(app, owner, { firstName: 'Kim' });
    expect((await kim.request('POST', `/api/invitations/${older.token}/join`, {})).status).toBe(200);
    const removed = await owner.request('DELETE', `/api/pools/family/admin/users/${kim.user.id}`);
    expect(removed.status).toBe(204);
    await refusedWith(kim, 'GET', '/api/pools/family/periods', undefined, 404, 'POOL_NOT_FOUND');
    // The link she came by (still valid for others) does not let her back.
    await refusedWith(kim, 'POST', `/api/invitations/${older.token}/join`, {}, 403, 'MEMBERSHIP_ENDED');
    const newer = (await owner.request('POST', '/api/pools/family/invites', { maxUses: 1 }))
      .body as CreatedInvitation;
    expect((await kim.request('POST', `/api/invitations/${newer.token}/join`, {})).status).toBe(200);
    expect((await kim.request('GET', '/api/pools/family/periods')).status).toBe(200);
    await refusedWith(kim, 'POST', `/api/invitations/${older.token}/join`, {}, 409, 'ALREADY_A_MEMBER');
  });
});
