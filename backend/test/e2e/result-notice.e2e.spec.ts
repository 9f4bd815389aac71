import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ResultRecordedNotice, ServerToClientEvents } from '@treble/contracts';
import { registerAdmin, registerPlayer, startTestApp, type SignedIn, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';
import { eventually } from '../support/waiting.js';

// A socket notice, not data: one database target shows it.
const [embedded] = databaseTargets;

/** Issue 5: "a result or a finished match shows one toast": an admin's result reaches every open browser. */
describe('result-recorded notices', () => {
  let app: TestApp;
  let admin: SignedIn;
  let player: SignedIn;
  let socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  const notices: ResultRecordedNotice[] = [];

  beforeAll(async () => {
    app = await startTestApp(embedded!, { POOL_NOW: '2025-08-10T12:00:00Z' });
    admin = await registerAdmin(app);
    player = await registerPlayer(app, admin);
    await admin.request('POST', '/api/admin/setup/periods', {});
    await admin.request('POST', '/api/admin/setup/options', {});
    socket = io(app.baseUrl, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: player.cookieHeader()! },
    });
    socket.on('result-recorded', (notice) => notices.push(notice));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
  });
  afterAll(async () => {
    socket?.close();
    await app?.close();
  });

  async function nextNotice(): Promise<ResultRecordedNotice> {
    return eventually('a result-recorded notice', () => notices.shift());
  }

  it('tells players the team, the outcome, its points and who recorded it', async () => {
    expect(
      (await admin.request('POST', '/api/results', { force: true, optionId: '1-ARS', outcome: 'win' }))
        .status,
    ).toBe(201);
    await expect(nextNotice()).resolves.toEqual({
      periodId: 1,
      optionId: '1-ARS',
      teamName: 'Arsenal FC',
      outcome: 'win',
      points: 3,
      actorId: admin.user.id,
    });
  });

  it('says nothing when the same result is saved again (nothing changed)', async () => {
    await admin.request('POST', '/api/results', { force: true, optionId: '1-ARS', outcome: 'win' });
    await admin.request('POST', '/api/results', { force: true, optionId: '1-CHE', outcome: 'draw' });
    // The next notice is Chelsea's draw: the repeated Arsenal win sent none.
    await expect(nextNotice()).resolves.toMatchObject({
      optionId: '1-CHE',
      teamName: 'Chelsea FC',
      outcome: 'draw',
      points: 1,
    });
    expect(notices).toEqual([]);
  });
});
