import { afterAll, beforeAll, describe, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hostWithSeason, launchBrowser } from '../support/browser.js';
import { serverProcess, type ServerProcess } from '../support/server-process.js';
import { BenchSection, times } from './report.js';

/*
 * W7, a first visit on a phone: the bytes on the wire (headers included, as the browser counts
 * them: Chromium's encoded data length) until the page is usable, and what follows on its own
 * (the socket, once signed in; the service worker's copy of the other pages' code comes when the
 * page is idle, from the service worker, and is not in these figures). Built app, today's date.
 * Needs `npm run build`.
 */
const report = new BenchSection(
  'first-visit',
  'First visit on a phone (W7)',
  'The built app on its embedded database, today’s date, Chromium at 390×844: bytes on the wire before the page is usable (its heading or form shown), and by the time the network is idle; the target is absolute, so the ratio is to it.',
);
const budget = 150 * 1024;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Bytes of every finished response of the page, counted as they arrive. */
async function counted(page: Page): Promise<() => number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let total = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    total += event.encodedDataLength;
  });
  return () => total;
}

describe('W7: a first visit on a phone', () => {
  let server: ServerProcess;
  let browser: Browser;
  let host: BrowserContext;

  beforeAll(async () => {
    server = await serverProcess({});
    await server.start();
    browser = await launchBrowser();
    host = await hostWithSeason(browser, server.baseUrl);
  }, 120_000);
  afterAll(async () => {
    await report.write();
    await browser?.close();
    await server?.dispose();
  });

  async function visit(name: string, path: string, usable: (page: Page) => Promise<void>, signedIn: boolean) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    if (signedIn) await context.addCookies(await host.cookies());
    const page = await context.newPage();
    const bytes = await counted(page);
    await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'commit' });
    await usable(page);
    const before = bytes();
    await page.waitForLoadState('networkidle');
    report.record({
      workload: `W7 ${name}: before usable (by network idle)`,
      players: 0,
      measured: `${kb(before)} (${kb(bytes())})`,
      baseline: `budget ${kb(budget)}`,
      ratio: before / budget,
      target: '≤ 1 (150 KB before usable; the rest after)',
      met: before <= budget,
      shortBy: times(before / budget),
    });
    await context.close();
  }

  it('signed out: the sign-in page', async () => {
    await visit(
      'signed out, /login',
      '/login',
      (page) => page.getByRole('button', { name: 'Log in' }).waitFor(),
      false,
    );
  });

  it('signed in: the dashboard', async () => {
    await visit(
      'signed in, /',
      '/',
      (page) => page.getByRole('heading', { name: 'Dashboard' }).waitFor(),
      true,
    );
  });
});
