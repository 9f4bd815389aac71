import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Access } from '../../src/platform/http/access.decorators.js';
import { routeAccess, unguardedPathPrefixes } from '../../src/accounts/access/route-access.js';
import { RouteInventory } from '../../src/accounts/access/route-inventory.js';
import { registerAdmin, registerPlayer, startTestApp, type SignedIn, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';

interface RouterLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/** Every route Express really serves (what Nest registered), as `METHOD /path`. */
function registeredRoutes(app: TestApp): string[] {
  const express = app.app.getHttpAdapter().getInstance() as { router: { stack: RouterLayer[] } };
  const routes = new Set<string>();
  for (const layer of express.router.stack) {
    if (!layer.route) continue;
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    for (const path of paths) {
      for (const [method, enabled] of Object.entries(layer.route.methods)) {
        if (enabled && method !== '_all') routes.add(`${method.toUpperCase()} ${path}`);
      }
    }
  }
  return [...routes].sort();
}

const isUnguarded = (route: string) =>
  unguardedPathPrefixes.some((prefix) => route.split(' ')[1]!.startsWith(prefix));

/** A callable URL for a route pattern: any value fits a parameter, as access is decided first. */
const urlOf = (path: string) =>
  path.replace(/:(\w+)/g, (_match, name: string) => (name.toLowerCase().endsWith('id') ? '1' : 'sample'));

const routesWith = (access: Access) =>
  Object.entries(routeAccess)
    .filter(([, declared]) => declared === access)
    .map(([route]) => route);

describe.each(databaseTargets)('who may call each route, on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;
  let player: SignedIn;

  beforeAll(async () => {
    app = await startTestApp(target);
    admin = await registerAdmin(app);
    player = await registerPlayer(app, admin);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('declares an access rule in route-access.ts for exactly the routes the app registers', () => {
    const registered = registeredRoutes(app);
    // The walk must see the app's routes (a broken walk must not pass by finding nothing).
    expect(registered).toContain('GET /api/health');
    // The API description is served by an app of its own, built on first use (api-docs.ts), and
    // never by a route of Nest's: there it would need an access rule.
    expect(registered.filter(isUnguarded)).toEqual([]);
    const guarded = registered.filter((route) => !isUnguarded(route));
    const declared = Object.keys(routeAccess).sort();
    expect({ undeclared: guarded.filter((route) => !declared.includes(route)) }).toEqual({ undeclared: [] });
    expect({ notRegistered: declared.filter((route) => !guarded.includes(route)) }).toEqual({
      notRegistered: [],
    });
  });

  it('has each route decorated with the access its line declares', () => {
    const decorated = app.app.get(RouteInventory).routes();
    expect(decorated.length).toBeGreaterThanOrEqual(Object.keys(routeAccess).length);
    const mismatches = decorated
      .filter((route) => routeAccess[route.route] !== route.access)
      .map(
        (route) =>
          `${route.route} (${route.handler}): decorator says ${route.access ?? 'nothing'}, route-access.ts says ${routeAccess[route.route] ?? 'nothing'}`,
      );
    expect(mismatches).toEqual([]);
  });

  it('answers 401 UNAUTHENTICATED on every admin and player route when signed out', async () => {
    const routes = [...routesWith('admin'), ...routesWith('player')];
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      const response = await app.request(method, urlOf(path), method === 'GET' ? undefined : {});
      expect({ route, status: response.status, body: response.body }).toMatchObject({
        route,
        status: 401,
        body: { code: 'UNAUTHENTICATED' },
      });
    }
  });

  it('answers 403 FORBIDDEN_ADMIN_ONLY on every admin route to a player', async () => {
    for (const route of routesWith('admin')) {
      const [method, path] = route.split(' ') as [string, string];
      const response = await player.request(method, urlOf(path), method === 'GET' ? undefined : {});
      expect({ route, status: response.status, body: response.body }).toMatchObject({
        route,
        status: 403,
        body: { code: 'FORBIDDEN_ADMIN_ONLY', message: 'Only pool admins can do this.' },
      });
    }
  });

  it('lets an admin through every admin read, and anyone through the public routes', async () => {
    for (const route of routesWith('admin').filter((r) => r.startsWith('GET '))) {
      const response = await admin.request('GET', urlOf(route.split(' ')[1]!));
      // Past the guard: the route itself answers (a read may still want a query parameter).
      expect({ route, refused: [401, 403, 500].includes(response.status) }).toEqual({
        route,
        refused: false,
      });
    }
    for (const route of routesWith('public')) {
      const [method, path] = route.split(' ') as [string, string];
      const response = await app.request(method, urlOf(path), method === 'GET' ? undefined : {});
      // Public routes may refuse the empty body, but never for want of a session; the one exception
      // is the temporary-user lookup, which answers 401 to everyone by design.
      if (route === 'GET /api/auth/temp-user') continue;
      expect({ route, code: (response.body as { code?: string } | null)?.code }).not.toMatchObject({
        code: 'UNAUTHENTICATED',
      });
      expect(response.status).not.toBe(403);
    }
    expect((await app.request('GET', '/api/docs-json')).status).toBe(200);
  });
});
