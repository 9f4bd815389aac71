import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  beforeSeasonStart,
  hostWithSeason,
  launchBrowser,
  periodOptions,
  pick,
  playerContext,
  recordResult,
} from '../support/browser.js';
import { serverProcess, type ServerProcess } from '../support/server-process.js';

describe('journey: the connection drops and comes back', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: BrowserContext;
  let player: BrowserContext;
  let page: Page;
  let optionId: string;

  beforeAll(async () => {
    server = await serverProcess({ POOL_NOW: beforeSeasonStart });
    await server.start();
    browser = await launchBrowser();
    admin = await hostWithSeason(browser, server.baseUrl);
    player = await playerContext(browser, admin, server.baseUrl, {
      firstName: 'Ann',
      lastName: 'Player',
      email: 'ann@example.com',
    });
    optionId = (await periodOptions(player, server.baseUrl, 1))[0]?.id ?? '';
    await pick(player, server.baseUrl, 1, optionId);
    page = await player.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const totalPoints = () => page.getByTestId('stat-tile').filter({ hasText: 'Total Points' });

  it('says so while the server is gone, and catches up on what it missed once it is back', async () => {
    await page.goto(server.baseUrl);
    await totalPoints().getByText('0', { exact: true }).waitFor();
    await page.locator('.live-indicator[data-state="live"]').waitFor();
    expect(await page.getByText('Connection lost.').count()).toBe(0);

    await server.kill('SIGKILL');
    const banner = page.getByRole('status').filter({ hasText: 'Connection lost.' });
    await banner.waitFor();

    // The player's network stays down while the server comes back and a result is recorded, so
    // its notice cannot reach this page: only the catch-up on reconnect can show it.
    await player.setOffline(true);
    await server.start();
    await recordResult(admin, server.baseUrl, optionId, 'win');
    expect(await totalPoints().getByText('0', { exact: true }).count()).toBe(1);
    await player.setOffline(false);

    // Socket.IO reconnects by itself; the banner goes and the page refetches what it shows.
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
    await totalPoints().getByText('3', { exact: true }).waitFor();
  });
});
