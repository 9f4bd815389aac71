import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatedInvitation } from '@treble/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeSeasonStart, hostWithSeason, launchBrowser, playerContext } from '../support/browser.js';
import { serverProcess, type ServerProcess } from '../support/server-process.js';

/**
 * A person in two pools, on a phone (docs/adr/015): a player of the office pool opens the family
 * pool's invitation link signed in, joins with one tap, picks there, switches to the office pool
 * with the header's switcher and picks there too, and finds both on My pools.
 */
describe('journey: one account, two pools, on a phone', () => {
  let server: ServerProcess;
  let browser: Browser;
  let host: BrowserContext;
  let page: Page;
  let familyLink: string;

  beforeAll(async () => {
    server = await serverProcess({ POOL_NOW: beforeSeasonStart, POOL_NAME: 'Office pool' });
    await server.start();
    browser = await launchBrowser();
    host = await hostWithSeason(browser, server.baseUrl);
    const api = (path: string, data: unknown = {}) => host.request.post(`${server.baseUrl}${path}`, { data });
    expect((await api('/api/pools', { address: 'family', name: 'Family pool' })).status()).toBe(201);
    expect((await api('/api/pools/family/admin/setup/periods')).status()).toBe(200);
    expect((await api('/api/pools/family/admin/setup/options')).status()).toBe(200);
    const invitation = (await (
      await api('/api/pools/family/invites', { maxUses: 1 })
    ).json()) as CreatedInvitation;
    familyLink = new URL(invitation.url, server.baseUrl).href;
    const player = await playerContext(
      browser,
      host,
      server.baseUrl,
      { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    );
    page = await player.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  /** Picks the first free option of the page's matchweek and waits for the bar to say 1 of 3. */
  async function pickOne(): Promise<void> {
    await page.getByRole('heading', { name: 'Make Your Picks' }).waitFor();
    const card = page.getByTestId('option-card').first();
    await card.waitFor();
    await card.tap();
    await page.locator('[role="progressbar"][aria-label="Picks made"][aria-valuenow="1"]').waitFor();
  }

  it('joins the family pool from its link with one tap, seeing which pool and who sent it', async () => {
    await page.goto(familyLink);
    await page.getByRole('heading', { name: 'Join Family pool' }).waitFor();
    await page.getByText(/Pat Host invited you to this pool/).waitFor();
    await page.getByRole('button', { name: 'Join Family pool' }).tap();
    await page.waitForURL(/\/p\/family\/$/);
    await expect(page.getByTestId('pool-switcher').innerText()).resolves.toContain('Family pool');
  });

  it('picks in the family pool, switches to the office pool and picks there too', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Picks' }).tap();
    await page.waitForURL(/\/p\/family\/predictions$/);
    await pickOne();

    await page.getByTestId('pool-switcher').tap();
    const sheet = page.getByRole('dialog', { name: 'Your pools' });
    await sheet.getByRole('link', { name: 'Office pool' }).tap();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByTestId('pool-switcher').innerText()).resolves.toContain('Office pool');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Picks' }).tap();
    await page.waitForURL((url) => url.pathname === '/predictions');
    await pickOne();
  });

  it('sees both pools on My pools, each with its own picks', async () => {
    await page.getByTestId('pool-switcher').tap();
    await page.getByRole('dialog', { name: 'Your pools' }).getByRole('link', { name: 'My pools' }).tap();
    await page.getByRole('heading', { name: 'My pools' }).waitFor();
    const cards = page.getByTestId('pool-card');
    for (const name of ['Office pool', 'Family pool']) {
      const card = cards.filter({ hasText: name });
      await card.getByText('Matchweek 1: 1 of 3 picks in').waitFor();
      await card.getByText('Player', { exact: true }).waitFor();
    }
    expect(await cards.count()).toBe(2);
    // Nothing of the page overflows a phone's width.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  });
});
