import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  beforeSeasonStart,
  launchBrowser,
  pick,
  playerContext,
  recordResult,
  registerInContext,
  setUpSeason,
} from '../support/browser.js';
import { serverProcess, type ServerProcess } from '../support/server-process.js';

/**
 * Pool years in the browser: the admin starts the next season from the Schedule tab (confirming
 * that the ending season is unfinished), then a player reads the past season's standings through
 * the season switcher and sees its winners in the Hall of Fame, on a phone.
 */
describe('journey: the next season in the same pool', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: BrowserContext;
  let player: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await serverProcess({ POOL_NOW: beforeSeasonStart });
    await server.start();
    browser = await launchBrowser();
    admin = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    await registerInContext(admin, server.baseUrl, {
      firstName: 'Pat',
      lastName: 'Host',
      email: 'pat@example.com',
    });
    await setUpSeason(admin, server.baseUrl);
    player = await playerContext(
      browser,
      admin,
      server.baseUrl,
      { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      {
        viewport: { width: 390, height: 844 },
        isMobile: true,
      },
    );
    for (const team of ['ARS', 'LIV', 'CHE']) await pick(player, server.baseUrl, 1, `1-${team}`);
    await recordResult(admin, server.baseUrl, '1-ARS', 'win');
    await recordResult(admin, server.baseUrl, '1-LIV', 'draw');
    page = await admin.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('starts 2026/27 from Admin → Schedule after the admin confirms the unfinished season', async () => {
    await page.goto(`${server.baseUrl}/admin?tab=schedule`);
    // The season has only begun: the way to the next one is folded away.
    const card = page.getByTestId('next-season-early');
    await card.getByText('Start 2026/27 before 2025/26 is over…').click();
    expect(await card.getByTestId('season-unfinished').innerText()).toContain(
      'Matchweeks 1-38 of 2025/26 are not completed',
    );
    await card.getByRole('button', { name: 'Start 2026/27' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(/start fresh for 2026\/27/).waitFor();
    await dialog.getByRole('button', { name: 'Start anyway' }).click();
    await page.getByTestId('pool-season').getByText('2026/27').waitFor();
    await page.getByTestId('existing-periods').getByText('38', { exact: true }).waitFor();
    expect(await page.getByTestId('next-season').count()).toBe(0);
    expect(
      await page.getByTestId('next-season-early').getByText('Start 2027/28 before 2026/27 is over…').count(),
    ).toBe(1);
  });

  it("shows a player the new season's empty standings, the past season by the switcher, and its winner in the Hall of Fame", async () => {
    const phone = await player.newPage();
    await phone.goto(`${server.baseUrl}/leaderboards`);
    await phone.getByRole('heading', { name: 'Hall of Fame' }).waitFor();
    expect(await phone.getByTestId('hall-of-fame').innerText()).toContain('Ada Lovelace (4 pts');
    await phone.getByText('No rankings yet').waitFor();
    await phone.getByTestId('season-switcher').selectOption('2025-26');
    await phone.waitForURL(/season=2025-26/);
    const row = phone.getByTestId('leader-row').filter({ hasText: 'Ada Lovelace' });
    await row.waitFor();
    expect(await row.innerText()).toContain('4');
    await phone.getByTestId('past-season').getByText('The final standings of the 2025/26 season.').waitFor();

    await phone.goto(`${server.baseUrl}/history?season=2025-26`);
    await phone
      .getByText(/Matchweek 1\b/)
      .first()
      .waitFor();
    expect(await phone.getByTestId('season-switcher').inputValue()).toBe('2025-26');
    await phone.close();
  });
});
