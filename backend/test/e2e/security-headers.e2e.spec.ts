import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp, type TestResponse } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';

/** The CSP header as `directive -> sources`. */
function policyOf(response: TestResponse): Map<string, string[]> {
  const header = response.headers.get('content-security-policy');
  expect(header).not.toBeNull();
  return new Map(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** What an API answer carries, whatever its status: data that, opened as a page, may do nothing. */
function expectApiHeaders(response: TestResponse): void {
  const policy = policyOf(response);
  expect([...policy]).toEqual([
    ['default-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ]);
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(response.headers.get('x-powered-by')).toBeNull();
}

/** What every page carries (the web app, whatever its route, and the API description). */
function expectBaseHeaders(response: TestResponse): void {
  const policy = policyOf(response);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('script-src-attr')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('form-action')).toEqual(["'self'"]);
  expect(policy.get('connect-src')?.[0]).toBe("'self'");
  // Inline styles only (sonner and radix insert <style>); no inline or eval'd script anywhere.
  expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  // Pictures only from the pool's picture hosts: a player's own server never sees who looks.
  expect(policy.get('img-src')).toEqual([
    "'self'",
    'data:',
    'https://gravatar.com',
    'https://www.gravatar.com',
    'https://secure.gravatar.com',
    'https://avatars.githubusercontent.com',
  ]);
  for (const sources of policy.values()) {
    expect(
      sources.filter((source) => source === '*' || source === "'unsafe-eval'" || source === 'http:'),
    ).toEqual([]);
  }
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('x-powered-by')).toBeNull();
}

describe.each(databaseTargets)('security headers on $name', (target) => {
  let webDist: string;

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'treble-web-'));
    await fs.writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Treble</title><script type="module" src="/assets/app.js"></script>',
    );
    await fs.mkdir(path.join(webDist, 'assets'));
    await fs.writeFile(path.join(webDist, 'assets', 'app.js'), 'export {};');
    await fs.writeFile(path.join(webDist, 'assets', 'chunk-AbCd1234.js'), 'export {};');
  });
  afterAll(async () => {
    await fs.rm(webDist, { recursive: true, force: true });
  });

  describe('on plain HTTP (no COOKIE_SECURE)', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp(target, { WEB_DIST_DIR: webDist });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('sets them on the web app, its assets and the API description; the API answers, errors too, allow nothing', async () => {
      const api = {
        health: await app.request('GET', '/api/health'),
        refused: await app.request('GET', '/api/auth/user'),
        notFound: await app.request('GET', '/api/no-such-route'),
        badBody: await app.request('POST', '/api/auth/login', '{'),
        inPool: await app.request('GET', '/api/pools/no-such-pool/rules'),
        description: await app.request('GET', '/api/docs-json'),
      };
      expect(
        Object.fromEntries(Object.entries(api).map(([name, response]) => [name, response.status])),
      ).toEqual({
        health: 200,
        refused: 401,
        notFound: 404,
        badBody: 400,
        inPool: 404,
        description: 200,
      });
      for (const response of Object.values(api)) expectApiHeaders(response);
      const answers = {
        page: await app.request('GET', '/leaderboards'),
        asset: await app.request('GET', '/assets/app.js'),
        docs: await app.request('GET', '/api/docs'),
      };
      expect(
        Object.fromEntries(Object.entries(answers).map(([name, response]) => [name, response.status])),
      ).toEqual({
        page: 200,
        asset: 200,
        docs: 200,
      });
      for (const response of Object.values(answers)) expectBaseHeaders(response);
    });

    it('sends a hashed built file only the headers a subresource needs (W7: no document policies)', async () => {
      const response = await app.request('GET', '/assets/chunk-AbCd1234.js');
      expect(response.status).toBe(200);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      for (const absent of [
        'content-security-policy',
        'x-frame-options',
        'x-powered-by',
        'etag',
        'last-modified',
      ])
        expect([absent, response.headers.get(absent)]).toEqual([absent, null]);
    });

    it('sends no HSTS and does not upgrade requests: the pool may be served over plain HTTP', async () => {
      const response = await app.request('GET', '/');
      expect(response.headers.get('strict-transport-security')).toBeNull();
      expect(policyOf(response).has('upgrade-insecure-requests')).toBe(false);
    });
  });

  describe('behind HTTPS (COOKIE_SECURE=true, PUBLIC_URL https)', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp(target, {
        WEB_DIST_DIR: webDist,
        COOKIE_SECURE: 'true',
        PUBLIC_URL: 'https://pool.example',
      });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('adds HSTS, upgrades insecure requests and names the WebSocket origin', async () => {
      const answer = await app.request('GET', '/api/health');
      expectApiHeaders(answer);
      expect(answer.headers.get('strict-transport-security')).toBe('max-age=15552000');
      const response = await app.request('GET', '/');
      expectBaseHeaders(response);
      expect(response.headers.get('strict-transport-security')).toBe('max-age=15552000');
      const policy = policyOf(response);
      expect(policy.has('upgrade-insecure-requests')).toBe(true);
      expect(policy.get('connect-src')).toEqual(["'self'", 'wss://pool.example']);
    });
  });
});
