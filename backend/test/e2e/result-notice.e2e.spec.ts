import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  ReadModelChangedNotice,
  ResultRecordedNotice,
  ServerToClientEvents,
} from '@treble/contracts';
import { registerAdmin, registerPlayer, startTestApp, type SignedIn, type TestApp } from '../support/app.js';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { ProjectionEngine } from '../../src/projections/projection-engine.js';
import { databaseTargets } from '../support/databases.js';
import { eventually, onNews } from '../support/waiting.js';

// A socket notice, not data: one database target shows it.
const [embedded] = databaseTargets;

/**
 * Issue 5: "a result or a finished match shows one toast": an admin's result reaches every open
 * browser. Issue 27: in one notice per audience, the toast with the keys of every table it changed.
 */
describe('result-recorded notices', () => {
  let app: TestApp;
  let admin: SignedIn;
  let player: SignedIn;
  let socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  const notices: ResultRecordedNotice[] = [];
  const heard: ReadModelChangedNotice[] = [];

  beforeAll(async () => {
    app = await startTestApp(embedded!, { POOL_NOW: '2025-08-10T12:00:00Z' });
    admin = await registerAdmin(app);
    player = await registerPlayer(app, admin);
    await admin.request('POST', '/api/admin/setup/periods', {});
    await admin.request('POST', '/api/admin/setup/options', {});
    // The player picked Arsenal: a result for them moves the standings too.
    expect((await player.request('POST', '/api/choices', { periodId: 1, optionId: '1-ARS' })).status).toBe(
      201,
    );
    // The read side has caught up, so a result's notice waits only for the result itself (1 s at most).
    await app.app.get(ProjectionEngine).waitFor(await app.app.get<EventStore>(EVENT_STORE).headPosition());
    socket = io(app.baseUrl, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: player.cookieHeader()! },
    });
    onNews(socket, (news) => notices.push(...news.resultsRecorded));
    socket.on('read-model-changed', (notice) => heard.push(notice));
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

  /** What the socket heard from the log's position `from` on. */
  const heardFrom = (from: string) => heard.filter((notice) => BigInt(notice.position) >= BigInt(from));

  it('tells players the team, the outcome, its points and who recorded it', async () => {
    const recorded = await admin.request('POST', '/api/results', {
      force: true,
      optionId: '1-ARS',
      outcome: 'win',
    });
    expect(recorded.status).toBe(201);
    await expect(nextNotice()).resolves.toEqual({
      periodId: 1,
      optionId: '1-ARS',
      teamName: 'Arsenal FC',
      outcome: 'win',
      points: 3,
      actorId: admin.user.id,
    });
    // One notice: the toast, with the keys of what the result changed (its period's results, the boards).
    const [notice, ...more] = heardFrom(recorded.headers.get('x-log-position')!);
    expect(more).toEqual([]);
    expect(notice!.queryKeys).toEqual(
      expect.arrayContaining([
        ['results', 1],
        ['leaderboards', 'overall'],
      ]),
    );
    expect(notice!.news?.resultsRecorded).toHaveLength(1);
  });

  it('says nothing when the same result is saved again (nothing changed)', async () => {
    const before = heard.length;
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
    // The repeated win wrote nothing, so the socket heard one notice since: the draw's.
    expect(heard.slice(before)).toHaveLength(1);
  });
});
