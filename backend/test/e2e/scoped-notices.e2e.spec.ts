import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ClientToServerEvents, ReadModelChangedNotice, ServerToClientEvents } from '@treble/contracts';
import { io, type Socket } from 'socket.io-client';
import { registerAdmin, registerPlayer, startTestApp, type SignedIn, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';
import { eventually } from '../support/waiting.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

async function listen(
  app: TestApp,
  who: SignedIn,
): Promise<{ socket: Client; notices: ReadModelChangedNotice[] }> {
  const socket: Client = io(app.baseUrl, {
    transports: ['websocket'],
    extraHeaders: { cookie: who.cookieHeader() ?? '' },
  });
  const notices: ReadModelChangedNotice[] = [];
  socket.on('read-model-changed', (notice) => notices.push(notice));
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return { socket, notices };
}

async function until(condition: () => boolean): Promise<void> {
  await eventually('the notice', condition);
}

const keysOf = (notices: ReadModelChangedNotice[]) =>
  notices.flatMap((n) => n.queryKeys.map((key) => JSON.stringify(key)));

/** A pick changes only its player's own views, so only that player's browsers hear of it. */
describe.each(databaseTargets)('read-model-changed notices by audience on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;
  let ann: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    app = await startTestApp(target, { POOL_NOW: '2025-08-10T12:00:00Z' });
    admin = await registerAdmin(app);
    ann = await registerPlayer(app, admin, { firstName: 'Ann' });
    bob = await registerPlayer(app, admin, { firstName: 'Bob' });
    expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
    expect((await admin.request('POST', '/api/admin/setup/options', {})).status).toBe(200);
  }, 300_000);
  afterAll(async () => {
    await app?.close();
  });

  it("sends a pick's personal keys to the picker's browsers only, and a result's keys to everyone", async () => {
    const annSide = await listen(app, ann);
    const bobSide = await listen(app, bob);
    const adminSide = await listen(app, admin);
    try {
      expect((await ann.request('POST', '/api/choices', { periodId: 1, optionId: '1-ARS' })).status).toBe(
        201,
      );
      await until(() => keysOf(annSide.notices).includes(JSON.stringify(['choices', 1])));
      // With her options (they carry her picks): the Picks page refreshes on this notice alone.
      expect(keysOf(annSide.notices)).toEqual(
        expect.arrayContaining([JSON.stringify(['user', 'stats']), JSON.stringify(['options', 1])]),
      );

      // The result is everyone's news: once Bob hears of it, he has heard of everything before it.
      app.clock!.set(new Date('2025-08-20T12:00:00Z'));
      expect(
        (await admin.request('POST', '/api/results', { optionId: '1-ARS', outcome: 'win' })).status,
      ).toBe(201);
      await until(() => keysOf(bobSide.notices).includes(JSON.stringify(['leaderboards', 'overall'])));
      await until(() => keysOf(adminSide.notices).includes(JSON.stringify(['leaderboards', 'overall'])));
      // Ann's pick came before the result: had it been sent to them, it would be here by now.
      expect(keysOf(bobSide.notices)).not.toContain(JSON.stringify(['choices', 1]));
      expect(keysOf(adminSide.notices)).not.toContain(JSON.stringify(['choices', 1]));
      // A result changes everyone's stats (possibly in the next, merged notice).
      await until(() => keysOf(bobSide.notices).includes(JSON.stringify(['user', 'stats'])));
    } finally {
      for (const side of [annSide, bobSide, adminSide]) side.socket.close();
    }
  }, 120_000);

  it("sends admin-only keys to admins' browsers only, following a grant and a revocation", async () => {
    const adminKey = (notices: ReadModelChangedNotice[]) =>
      keysOf(notices).filter((key) => key.startsWith('["admin"'));
    const annSide = await listen(app, ann);
    const bobSide = await listen(app, bob);
    const adminSide = await listen(app, admin);
    try {
      // Any write reaches the audit log: the admins hear of it, players do not.
      expect((await ann.request('PATCH', '/api/auth/user', { lastName: 'Audited' })).status).toBe(200);
      await until(() => adminKey(adminSide.notices).includes(JSON.stringify(['admin', 'audit'])));

      // Bob becomes an admin: his open socket now hears the admin keys of later writes.
      expect(
        (await admin.request('PATCH', `/api/admin/users/${bob.user.id}/admin`, { isAdmin: true })).status,
      ).toBe(200);
      expect((await ann.request('PATCH', '/api/auth/user', { lastName: 'Twice' })).status).toBe(200);
      await until(() => adminKey(bobSide.notices).includes(JSON.stringify(['admin', 'audit'])));

      // Revoked: the audit notices stop for him (the next admin notice reaches the admin and not Bob).
      expect(
        (await admin.request('PATCH', `/api/admin/users/${bob.user.id}/admin`, { isAdmin: false })).status,
      ).toBe(200);
      await until(() => keysOf(bobSide.notices).includes(JSON.stringify(['auth', 'user'])));
      const bobHeard = bobSide.notices.length;
      const adminHeard = adminSide.notices.length;
      expect((await ann.request('PATCH', '/api/auth/user', { lastName: 'Thrice' })).status).toBe(200);
      // The admins hear of her change (its audit entry).
      await until(() => adminKey(adminSide.notices.slice(adminHeard)).length > 0);
      // The barrier for Bob: a notice to everyone after Ann's change (a result, as above).
      app.clock!.set(new Date('2025-08-21T12:00:00Z'));
      expect(
        (await admin.request('POST', '/api/results', { optionId: '1-CHE', outcome: 'draw' })).status,
      ).toBe(201);
      await until(() => keysOf(bobSide.notices.slice(bobHeard)).some((key) => key.startsWith('["results"')));
      expect(adminKey(bobSide.notices.slice(bobHeard))).toEqual([]);
      expect(adminKey(annSide.notices)).toEqual([]);
    } finally {
      for (const side of [annSide, bobSide, adminSide]) side.socket.close();
    }
  }, 120_000);
});
