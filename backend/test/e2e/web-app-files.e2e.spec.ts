import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { acceptedEncodings, cacheControlFor } from '../../src/platform/http/web-app-files.js';
import { onTheWire, startTestApp, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';

/** A GET as the bytes on the wire, accepting `acceptEncoding`. */
const get = (url: string, acceptEncoding?: string) =>
  onTheWire(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

/** The web app's files as the built app serves them: pre-compressed, cached by kind. */
describe.each(databaseTargets.slice(0, 1))('web app files on $name', (target) => {
  let app: TestApp;
  let dist: string;
  const entry = 'console.log("treble entry");\n'.repeat(200);

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'treble-web-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><script type="module" src="/assets/index-AbCd1234.js"></script>',
    );
    await fs.writeFile(path.join(dist, 'assets/index-AbCd1234.js'), entry);
    await fs.writeFile(path.join(dist, 'assets/index-AbCd1234.js.br'), zlib.brotliCompressSync(entry));
    await fs.writeFile(path.join(dist, 'assets/index-AbCd1234.js.gz'), zlib.gzipSync(entry));
    await fs.writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    app = await startTestApp(target, { WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await app?.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('sends the entry chunk brotli- or gzip-encoded when asked, cached for a year', async () => {
    const url = `${app.baseUrl}/assets/index-AbCd1234.js`;
    const br = await get(url, 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(zlib.brotliDecompressSync(br.bytes).toString()).toBe(entry);
    expect(br.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/i);

    const gz = await get(url, 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(gz.bytes).toString()).toBe(entry);

    const plain = await get(url);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.bytes.toString()).toBe(entry);
  });

  it('revalidates index.html (also for client routes) and the service worker; a missing asset is a 404', async () => {
    for (const route of ['/', '/predictions']) {
      const page = await get(`${app.baseUrl}${route}`, 'br');
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(page.bytes.toString()).toContain('index-AbCd1234.js');
    }
    expect((await get(`${app.baseUrl}/sw.js`)).headers.get('cache-control')).toBe('no-cache');
    expect((await get(`${app.baseUrl}/assets/index-Gone5678.js`)).status).toBe(404);
    expect((await get(`${app.baseUrl}/assets/index-AbCd1234.js.br`)).status).toBe(404);
    expect((await get(`${app.baseUrl}/..%2f..%2fetc%2fpasswd`)).bytes.toString()).not.toContain('root:');
  });

  it('compresses API answers over 1 KB when the client accepts it, and sends them plain otherwise', async () => {
    const url = `${app.baseUrl}/api/docs-json`;
    const plain = await get(url);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.bytes.length).toBeGreaterThan(1024);
    const br = await get(url, 'gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.bytes).toString())).toEqual(
      JSON.parse(plain.bytes.toString()),
    );
    const gz = await get(url, 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.bytes).toString())).toEqual(JSON.parse(plain.bytes.toString()));
    // A short answer is not worth the encoding.
    const health = await get(`${app.baseUrl}/api/health`, 'gzip');
    expect(health.status).toBe(200);
    expect(health.headers.get('content-encoding')).toBeNull();
  });

  it('reads Accept-Encoding with q-values', () => {
    expect(acceptedEncodings('gzip, deflate, br')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.5')).toEqual(['gzip']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
    expect(cacheControlFor('/assets/index-AbCd1234.js')).toMatch(/immutable/);
    expect(cacheControlFor('/index.html')).toBe('no-cache');
    expect(cacheControlFor('/manifest.webmanifest')).toBe('no-cache');
  });
});
