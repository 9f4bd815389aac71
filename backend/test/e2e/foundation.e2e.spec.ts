import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  HealthReport,
  Period,
  ReadModelChangedNotice,
  ScheduleEntry,
  ServerToClientEvents,
} from '@treble/contracts';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { registerAdmin, startTestApp, type SignedIn, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';
import { eventually } from '../support/waiting.js';

describe.each(databaseTargets)('the API shell and the schedule import on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    // Pin "now" in mid-season: matchweeks that ended before it stay inactive after the import.
    app = await startTestApp(target, { POOL_NOW: '2026-01-10T12:00:00Z' });
    // The first account of the pool is its admin: the import and the schedule are admin routes.
    admin = await registerAdmin(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('reports health with the database, event store and projection lag', async () => {
    const response = await app.request('GET', '/api/health');
    expect(response.status).toBe(200);
    const health = response.body as HealthReport;
    expect(health.status).toBe('ok');
    expect(health.database.status).toBe('ok');
    expect(health.database.kind).toBe(target.name.includes('PGlite') ? 'embedded' : 'postgres');
    expect(health.eventStore).toMatchObject({ status: 'ok', kind: 'postgres' });
    expect(health.projections.map((p) => p.name)).toContain('periods');
    expect(health.now).toBe('2026-01-10T12:00:00.000Z');
  });

  it('serves the OpenAPI document', async () => {
    const response = await app.request('GET', '/api/docs-json');
    expect(response.status).toBe(200);
    const document = response.body as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/periods', '/api/health', '/api/admin/setup/periods']),
    );
  });

  it('lists the bundled season schedule with kickoffs converted from London time to UTC', async () => {
    const response = await admin.request('GET', '/api/epl-schedule');
    expect(response.status).toBe(200);
    const schedule = response.body as ScheduleEntry[];
    expect(schedule).toHaveLength(38);
    // Liverpool v Bournemouth, Fri 15 Aug 2025 20:00 BST = 19:00 UTC.
    expect(schedule[0]).toMatchObject({
      matchweek: 1,
      segment: 'main',
      startDate: '2025-08-15T19:00:00.000Z',
    });
    expect(schedule[28]).toMatchObject({ matchweek: 29, segment: 'last10' });
  });

  it('imports the schedule once, pushes the change, and a second import creates nothing', async () => {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(app.baseUrl, {
      transports: ['websocket'],
      extraHeaders: { cookie: admin.cookieHeader() ?? '' },
    });
    const notices: ReadModelChangedNotice[] = [];
    socket.on('read-model-changed', (notice) => notices.push(notice));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    try {
      expect((await admin.request('GET', '/api/periods')).body).toEqual([]);

      const first = await admin.request('POST', '/api/admin/setup/periods', {});
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ created: 38, unchanged: 0, totalPeriods: 38 });
      expect((first.body as { message: string }).message).toBe(
        'Created all 38 EPL periods with authentic fixture dates.',
      );

      const periods = (await admin.request('GET', '/api/periods')).body as Period[];
      expect(periods.map((p) => p.id)).toEqual(Array.from({ length: 38 }, (_, i) => i + 1));
      expect(periods[0]).toMatchObject({
        name: 'Matchweek 1',
        segment: 'main',
        isActive: false,
        isCompleted: false,
      });
      expect(periods[37]).toMatchObject({ segment: 'last10', isActive: true });
      // Matchweeks that have not ended by POOL_NOW are active: players can plan ahead.
      const active = periods.filter((p) => p.isActive);
      expect(active.every((p) => Date.parse(p.endDate) > Date.parse('2026-01-10T12:00:00Z'))).toBe(true);
      expect(active.length).toBeGreaterThan(10);
      // The import is recorded as the signed-in admin's action.
      const [scheduled] = await app.app.get<EventStore>(EVENT_STORE).readStream('period-1');
      expect(scheduled?.metadata).toMatchObject({ actor: admin.user.id, source: 'admin' });

      await eventually('a periods notice', () => notices.some((n) => n.readModels.includes('periods')));
      // Notices within 250 ms are merged into one, so other read models' keys may ride along.
      expect(notices.find((n) => n.readModels.includes('periods'))?.queryKeys).toEqual(
        expect.arrayContaining([['periods']]),
      );

      const again = await admin.request('POST', '/api/create-epl-periods', {});
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ created: 0, unchanged: 38 });
      expect(((await admin.request('GET', '/api/periods')).body as Period[]).length).toBe(38);
    } finally {
      socket.close();
    }
  });

  it('answers unknown API routes and malformed bodies with the error shape', async () => {
    const missing = await app.request('GET', '/api/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      statusCode: 404,
      code: 'ROUTE_NOT_FOUND',
      message: 'No API route GET /api/no-such-thing',
    });

    const malformed = await admin.request('POST', '/api/admin/setup/periods', '{"oops":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
  });
});
