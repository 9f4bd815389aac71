import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeSeasonStart, hostWithSeason, launchBrowser, playerContext } from '../support/browser.js';
import { serverProcess, type ServerProcess } from '../support/server-process.js';

const phone = { width: 375, height: 812 };

describe('journey: a player on a phone', () => {
  let server: ServerProcess;
  let browser: Browser;
  let player: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await serverProcess({ POOL_NOW: beforeSeasonStart });
    await server.start();
    browser = await launchBrowser();
    const admin = await hostWithSeason(browser, server.baseUrl);
    player = await playerContext(
      browser,
      admin,
      server.baseUrl,
      { firstName: 'Ann', lastName: 'Player', email: 'ann@example.com' },
      { viewport: phone, isMobile: true, hasTouch: true },
    );
    await admin.close();
    page = await player.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('at 375x812 the navigation is a bar along the bottom of the screen', async () => {
    await page.goto(server.baseUrl);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    const box = await nav.boundingBox();
    if (!box) throw new Error('The navigation is not shown');
    expect(box.y + box.height).toBeGreaterThanOrEqual(phone.height - 2);
    expect(box.y).toBeGreaterThan(phone.height / 2);
    expect(box.width).toBeGreaterThanOrEqual(phone.width - 2);
    // Nothing is wider than the phone (a wider page makes a phone zoom out and hide the bar).
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      phone.width,
    );
    // The bar works: it leads to the picks.
    await nav.getByRole('link', { name: 'Picks' }).click();
    await page.getByRole('heading', { name: 'Make Your Picks' }).waitFor();
  });

  it('opening /admin shows "Admin Access Required", and the API refuses an admin call from that page', async () => {
    await page.goto(`${server.baseUrl}/admin`);
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    // The page's own fetch, with the page's cookies and origin, as a tampering player would send it.
    const refused = await page.evaluate(async () => {
      const response = await fetch('/api/admin/setup/periods', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: '{}',
      });
      return { status: response.status, body: (await response.json()) as { code?: string } };
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN_ADMIN_ONLY');
    const users = await page.evaluate(async () => (await fetch('/api/admin/users')).status);
    expect(users).toBe(403);
  });
});
