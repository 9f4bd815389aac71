import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuditEntry, HealthReport, Period } from '@treble/contracts';
import { routeAccess } from '../../src/accounts/access/route-access.js';
import { maxOffset, maxPageSize } from '../../src/platform/http/list-pages.js';
import {
  registerAdmin,
  registerPlayer,
  startTestApp,
  type SignedIn,
  type TestApp,
  type TestClient,
} from '../support/app.js';
import { databaseTargets } from '../support/databases.js';

/** A JSON body nested `depth` levels deep (1,500 levels is 3 KB). */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

const bodyRoutes = Object.entries(routeAccess)
  .filter(([route]) => /^(POST|PUT|PATCH|DELETE) /.test(route))
  .map(([route, access]) => {
    const [method, path] = route.split(' ') as [string, string];
    return {
      route,
      access,
      method,
      url: path.replace(/:(\w+)/g, (_m, name: string) =>
        name.toLowerCase().endsWith('id') ? '1' : 'sample',
      ),
    };
  });

/**
 * Malformed requests are refused with a clear 4xx and a stable code, never a 500, and change
 * nothing: each case here was a 500 or an action on a real row before.
 */
describe.each(databaseTargets)('bad input over HTTP on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;
  let player: SignedIn;

  const head = async () =>
    ((await app.request('GET', '/api/health')).body as HealthReport).eventStore.headPosition;
  const clientFor = (access: string): TestClient =>
    access === 'admin' ? admin : access === 'player' ? player : app.client();

  beforeAll(async () => {
    // Mid-season: matchweek 16 has ended, matchweek 20 is ahead (its options are open).
    app = await startTestApp(target, { POOL_NOW: '2025-12-20T10:00:00Z' });
    admin = await registerAdmin(app);
    player = await registerPlayer(app, admin, { firstName: 'Pat' });
    expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBeLessThan(300);
    expect((await admin.request('POST', '/api/admin/setup/options', {})).status).toBeLessThan(300);
    expect((await player.request('POST', '/api/choices', { periodId: 20, optionId: '20-ARS' })).status).toBe(
      201,
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses a body nested 1,500 levels deep on every route with a body, signed out, as a player and as an admin', async () => {
    expect(bodyRoutes.length).toBeGreaterThan(10);
    const before = await head();
    for (const { route, access, method, url } of bodyRoutes) {
      const response = await clientFor(access).request(method, url, nested(1500));
      expect({ route, status: response.status, code: (response.body as { code?: string }).code }).toEqual({
        route,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    const login = await app.request('POST', '/api/auth/login', `{"email":${nested(1500)},"password":"x"}`);
    expect(login.body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('32 levels'),
    });
    // 32 levels are still read (and refused by the DTO, not the depth check).
    const shallow = await player.request('POST', '/api/choices', `{"periodId":20,"optionId":${nested(31)}}`);
    expect(shallow.body).toMatchObject({ statusCode: 400, message: expect.stringContaining('optionId') });
    expect(await head()).toBe(before);
  });

  it('takes ids in paths and queries only as plain decimal numbers that fit an integer', async () => {
    const before = await head();
    for (const id of [
      '2147483648',
      '99999999999',
      '0x10',
      '1e1',
      '0b11',
      '+3',
      '%201',
      '%20%201',
      '1.0',
      '-0x1',
      '',
    ]) {
      for (const [client, path] of [
        [player, `/api/periods/${id}/picks`],
        [player, `/api/periods/${id}/options`],
        [player, `/api/results/period/${id}`],
        [admin, `/api/admin/choices/period/${id}`],
      ] as const) {
        const response = await client.request('GET', path);
        expect({ path, status: response.status }).toEqual({ path, status: id === '' ? 404 : 400 });
      }
      for (const path of [`/api/periods/${id}/complete`, `/api/periods/${id}/reopen`]) {
        expect([400, 404]).toContain((await admin.request('POST', path, {})).status);
      }
      expect([400, 404]).toContain((await admin.request('DELETE', `/api/choices/period/${id}`)).status);
    }
    // Nothing happened to period 16 (0x10), period 10 (1e1) or period 1 (%201), nor to the player's pick.
    const periods = (await player.request('GET', '/api/periods')).body as Period[];
    expect(periods.find((period) => period.id === 16)?.isCompleted).toBe(false);
    expect(((await player.request('GET', '/api/choices/period/20')).body as unknown[]).length).toBe(1);
    expect(await head()).toBe(before);
    // A plain number still works.
    expect((await player.request('GET', '/api/periods/20/options')).status).toBe(200);
    expect((await player.request('GET', '/api/periods/0020/options')).status).toBe(200);

    for (const query of [
      'periodId=0x10',
      'periodId=1e1',
      'periodId=%201',
      'periodId=99999999999',
      'periodId=true',
      'periodId=1&periodId=2',
    ]) {
      const response = await admin.request('GET', `/api/admin/audit?${query}`);
      expect({ query, status: response.status, code: (response.body as { code?: string }).code }).toEqual({
        query,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    expect((await admin.request('GET', '/api/admin/standings-as-of?period=1e1')).status).toBe(400);
  });

  it('does not read a boolean as a number in a body', async () => {
    const before = await head();
    const pick = await player.request('POST', '/api/choices', { periodId: true, optionId: '1-ARS' });
    expect(pick.body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('periodId'),
    });
    const option = await admin.request('POST', '/api/options', { periodId: true, name: 'Boolean FC' });
    expect(option.body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('periodId'),
    });
    for (const periodId of ['0x14', '2e1', 20.5, [20], { id: 20 }, 2147483648]) {
      const response = await player.request('POST', '/api/choices', { periodId, optionId: '20-CHE' });
      expect({ periodId, status: response.status }).toEqual({ periodId, status: 400 });
    }
    const retro = await admin.request('POST', '/api/retroactive-choices', {
      userId: player.user.id,
      periodId: false,
      optionIds: ['1-ARS', '1-CHE', '1-LIV'],
    });
    expect(retro.status).toBe(400);
    expect(await head()).toBe(before);
  });

  it('refuses the NUL character in bodies, paths and queries', async () => {
    const before = await head();
    const login = await app.request('POST', '/api/auth/login', {
      email: '\u0000',
      password: 'whatever it is',
    });
    expect(login.body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('NUL'),
    });
    const profile = await player.request('PATCH', '/api/auth/user', { firstName: '\u0000' });
    expect(profile.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    const register = await app.request('POST', '/api/auth/register', {
      email: 'nul@example.com',
      password: 'pass\u0000word long enough',
    });
    expect(register.status).toBe(400);
    expect(
      (await player.request('POST', '/api/choices', { periodId: 20, optionId: '20-\u0000' })).status,
    ).toBe(400);
    expect(
      (await player.request('POST', '/api/choices', { periodId: 20, optionId: '20-CHE', ['x\u0000']: 1 }))
        .status,
    ).toBe(400);
    for (const path of [
      '/api/admin/audit?userId=%00',
      '/api/admin/audit?stream=a%00b',
      '/api/prizes/%00',
      '/api/admin/users/%00/usage',
    ]) {
      const response = await admin.request('GET', path);
      expect({ path, status: response.status, code: (response.body as { code?: string }).code }).toEqual({
        path,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    expect((await admin.request('DELETE', '/api/choices/%00')).status).toBe(400);
    expect(await head()).toBe(before);
    expect(((await player.request('GET', '/api/auth/user')).body as { firstName: string }).firstName).toBe(
      'Pat',
    );
  });

  it('bounds every offset and page size', async () => {
    for (const query of [
      'offset=99999999999999999999',
      'offset=1e20',
      `offset=${maxOffset + 1}`,
      'offset=-1',
      'limit=0',
      'limit=501',
      'limit=1e2',
    ]) {
      const response = await admin.request('GET', `/api/admin/audit?${query}`);
      expect({ query, status: response.status, code: (response.body as { code?: string }).code }).toEqual({
        query,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    for (const path of [
      '/api/leaderboards/overall',
      '/api/periods',
      '/api/results',
      '/api/admin/users',
      '/api/invites',
    ]) {
      for (const query of [
        `limit=${maxPageSize + 1}`,
        `offset=${maxOffset + 1}`,
        'offset=99999999999999999999',
        'limit=abc',
      ]) {
        const response = await admin.request('GET', `${path}?${query}`);
        expect({ path, query, status: response.status }).toEqual({ path, query, status: 400 });
      }
    }
    // Within bounds a page is answered, in the list's own shape.
    expect((await admin.request('GET', `/api/admin/audit?offset=${maxOffset}`)).body as AuditEntry[]).toEqual(
      [],
    );
    expect(
      ((await admin.request('GET', '/api/admin/audit?limit=500')).body as AuditEntry[]).length,
    ).toBeGreaterThan(0);
    const periods = (await player.request('GET', '/api/periods')).body as Period[];
    expect(periods).toHaveLength(38);
    const page = (await player.request('GET', '/api/periods?offset=10&limit=5')).body as Period[];
    expect(page).toEqual(periods.slice(10, 15));
    expect((await player.request('GET', `/api/periods?offset=${maxOffset}`)).body).toEqual([]);
  });

  it('keeps form posts out whatever the case of the path', async () => {
    const before = await head();
    for (const path of ['/API/choices', '/Api/Choices', '/api/CHOICES']) {
      const response = await player.request('POST', path, 'periodId=20&optionId=20-CHE', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect({ path, status: response.status, code: (response.body as { code?: string }).code }).toEqual({
        path,
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
    const plain = await player.request('POST', '/API/choices', '{"periodId":20,"optionId":"20-CHE"}', {
      'content-type': 'text/plain',
    });
    expect(plain.status).toBe(415);
    expect(((await player.request('GET', '/api/choices/period/20')).body as unknown[]).length).toBe(1);
    expect(await head()).toBe(before);
  });

  it('refuses __proto__, constructor and prototype fields at any depth, and array bodies, on every route', async () => {
    const before = await head();
    // Raw JSON text: a JavaScript object literal would take `__proto__` as its prototype and drop it.
    const pick = await player.request(
      'POST',
      '/api/choices',
      '{"__proto__":{"isAdmin":true},"periodId":20,"optionId":"20-CHE"}',
    );
    expect(pick.body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('"__proto__"'),
    });
    expect(
      (
        await player.request(
          'POST',
          '/api/choices',
          '{"periodId":20,"optionId":"20-CHE","constructor":{"prototype":{}}}',
        )
      ).status,
    ).toBe(400);
    const bodies = [
      '{"__proto__":{"x":1}}',
      '{"a":[{"b":{"constructor":1}}]}',
      '{"prototype":null}',
      '[]',
      '[{}]',
      '[{"season":"1899-00"}]',
    ];
    for (const { route, access, method, url } of bodyRoutes) {
      for (const body of bodies) {
        const response = await clientFor(access).request(method, url, body);
        expect({
          route,
          body,
          status: response.status,
          code: (response.body as { code?: string }).code,
        }).toEqual({ route, body, status: 400, code: 'VALIDATION_FAILED' });
      }
    }
    for (const query of ['constructor=1', '__proto__=1', 'prototype=x&limit=5']) {
      const response = await player.request('GET', `/api/periods?${query}`);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
    }
    expect(((await player.request('GET', '/api/choices/period/20')).body as unknown[]).length).toBe(1);
    expect(await head()).toBe(before);
  });
});
