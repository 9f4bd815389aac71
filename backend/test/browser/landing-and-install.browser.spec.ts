import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext } from 'playwright-core';
import { beforeSeasonStart, createInvitation, launchBrowser, registerInContext } from '../support/browser.js';
import { serverProcess, type ServerProcess } from '../support/server-process.js';

const desktop = { width: 1366, height: 800 };
const phone = { width: 390, height: 844 };

/** Raw response headers, with the Accept-Encoding a browser sends (Node's fetch would decode). */
function headersOf(url: string, acceptEncoding: string): Promise<http.IncomingHttpHeaders> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.headers));
      })
      .on('error', reject);
  });
}

/** The signed-out landing page, the built files' compression, and the installable app shell. */
describe('journey: the landing page, compressed files and an installable app', () => {
  let server: ServerProcess;
  let browser: Browser;
  let invitationUrl: string;

  beforeAll(async () => {
    server = await serverProcess({ POOL_NOW: beforeSeasonStart });
    await server.start();
    browser = await launchBrowser();
    const admin = await browser.newContext();
    await registerInContext(admin, server.baseUrl, {
      firstName: 'Pat',
      lastName: 'Host',
      email: 'pat@example.com',
    });
    await admin.request.post(`${server.baseUrl}/api/prizes`, {
      data: { competition: 'overall', position: '1st', amount: 120, currency: 'GBP', description: null },
    });
    invitationUrl = (await createInvitation(admin, server.baseUrl)).url;
    await admin.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  for (const [name, viewport] of [
    ['desktop', desktop],
    ['phone', phone],
  ] as const) {
    it(`shows the landing page signed out on a ${name}, and an invitation leads to sign-up`, async () => {
      const context = await browser.newContext({
        viewport,
        isMobile: name === 'phone',
        hasTouch: name === 'phone',
      });
      const page = await context.newPage();
      await page.goto(server.baseUrl);
      await page.getByRole('heading', { name: 'Join The Pool', level: 1 }).waitFor();
      expect(await page.getByTestId('competition-card').count()).toBe(3);
      expect(await page.getByTestId('how-step').count()).toBe(4);
      await page.getByTestId('landing-prizes').getByText('1st: £120.00').waitFor();
      for (const heading of ['How It Works', 'Live Updates', 'Strategy', 'Get Started Today']) {
        await page.getByRole('heading', { name: heading }).waitFor();
      }
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.getByLabel('Invitation link').fill(invitationUrl);
      await page.getByRole('button', { name: 'Join with invitation' }).click();
      await page.waitForURL((url) => url.pathname === '/register');
      await page.getByText('You have been invited to join the pool.').waitFor();
      await context.close();
    });
  }

  it('sends the entry chunk brotli- or gzip-encoded when asked, cached for a year; index.html is revalidated', async () => {
    const html = await (await fetch(server.baseUrl)).text();
    const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const br = await headersOf(`${server.baseUrl}${entry}`, 'gzip, deflate, br');
    expect(br['content-encoding']).toBe('br');
    expect(br['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await headersOf(`${server.baseUrl}${entry}`, 'gzip'))['content-encoding']).toBe('gzip');
    expect((await headersOf(server.baseUrl, 'br'))['cache-control']).toBe('no-cache');
  });

  it('is installable: manifest and icons, a service worker, and the start URL opens offline after one visit', async () => {
    const context: BrowserContext = await browser.newContext({ viewport: phone });
    const page = await context.newPage();
    await page.goto(server.baseUrl);
    await page.getByRole('heading', { name: 'Join The Pool', level: 1 }).waitFor();
    // As Lighthouse does: Chromium fetches and parses the page's manifest (DevTools protocol).
    const cdp = await context.newCDPSession(page);
    const fetched = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: { message: string }[];
      data?: string;
    };
    expect(fetched.url).toBe(`${server.baseUrl}/manifest.webmanifest`);
    expect(fetched.errors).toEqual([]);
    const manifest = JSON.parse(fetched.data ?? '{}') as {
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone', theme_color: '#3d195b' });
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find(
        (candidate) => candidate.sizes === size && candidate.type === 'image/png',
      );
      expect(icon).toBeDefined();
      const response = await context.request.get(`${server.baseUrl}${icon!.src}`);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
    }
    expect(await page.locator('link[rel="icon"]').count()).toBeGreaterThan(0);
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#3d195b');

    // The service worker registers, installs the app shell and takes control of the page.
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await page.waitForFunction('Boolean(navigator.serviceWorker.controller)');
    expect(
      await page.evaluate<number>('navigator.serviceWorker.getRegistrations().then((all) => all.length)'),
    ).toBe(1);
    // With the service worker in control, Chromium finds nothing that stops an install (apart from
    // the test's own browser context, which is an incognito one).
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installability.installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual(
      [],
    );

    // Once the page is idle, the code of every other page is kept too (for offline use), not before.
    expect(
      await page.evaluate<boolean>(`(async () => {
        const { assets } = await (await fetch('/app-shell.json')).json();
        const cache = await caches.open('treble-shell-v3');
        for (;;) {
          const kept = await Promise.all(assets.map((asset) => cache.match(asset)));
          if (kept.every(Boolean)) return assets.length > 20;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })()`),
    ).toBe(true);

    // Offline, the start URL still opens (from the cache) and the page says it is offline.
    await context.setOffline(true);
    await page.goto(`${server.baseUrl}/`);
    await page.getByTestId('offline-notice').getByText('You are offline.').waitFor();
    await page.getByRole('banner').getByText('Treble').waitFor();
    await context.setOffline(false);
    await context.close();
  });
});
