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
});
