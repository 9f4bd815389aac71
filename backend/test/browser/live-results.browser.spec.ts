import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  beforeSeasonStart,
  launchBrowser,
  periodOptions,
  pick,
  playerContext,
  registerInContext,
} from '../support/browser.js';
import { serverProcess, type ServerProcess } from '../support/server-process.js';

/** Marks the page; a reload would lose the mark. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (globalThis as unknown as { notReloaded?: boolean }).notReloaded = true;
  });
}

async function wasNotReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => (globalThis as unknown as { notReloaded?: boolean }).notReloaded === true);
}

describe('journey: a result recorded by the admin reaches an open player screen without a reload', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: BrowserContext;
  let adminPage: Page;
  let player: BrowserContext;
  let dashboard: Page;
  let leaderboards: Page;
  let pickedOptionId: string;

  beforeAll(async () => {
    server = await serverProcess({ POOL_NOW: beforeSeasonStart });
    await server.start();
    browser = await launchBrowser();
    admin = await browser.newContext();
    await registerInContext(admin, server.baseUrl, {
      firstName: 'Pat',
      lastName: 'Host',
      email: 'pat@example.com',
    });
    player = await playerContext(browser, admin, server.baseUrl, {
      firstName: 'Ann',
      lastName: 'Player',
      email: 'ann@example.com',
    });
    adminPage = await admin.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('the admin imports the schedule on the Admin page (Schedule tab)', async () => {
    await adminPage.goto(`${server.baseUrl}/admin`);
    await adminPage.getByRole('tab', { name: 'Schedule', exact: true }).click();
    await adminPage.getByRole('heading', { name: 'EPL Schedule Import' }).waitFor();
    await adminPage.getByRole('button', { name: 'Import Schedule' }).click();
    const dialog = adminPage.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Import Schedule' }).click();
    await adminPage
      .getByText(/38 (EPL )?periods/)
      .first()
      .waitFor();
    const periods = (await (await admin.request.get(`${server.baseUrl}/api/periods`)).json()) as unknown[];
    expect(periods).toHaveLength(38);
    // The team options come from the setup call (not part of this journey's screens).
    const options = await admin.request.post(`${server.baseUrl}/api/admin/setup/options`, { data: {} });
    expect(options.ok()).toBe(true);
  });

  it('the player picks and keeps the dashboard and the leaderboards open', async () => {
    const options = await periodOptions(player, server.baseUrl, 1);
    const option = options[0];
    if (!option) throw new Error('Period 1 has no options');
    pickedOptionId = option.id;
    await pick(player, server.baseUrl, 1, pickedOptionId);

    dashboard = await player.newPage();
    await dashboard.goto(server.baseUrl);
    await dashboard
      .getByTestId('stat-tile')
      .filter({ hasText: 'Total Points' })
      .getByText('0', { exact: true })
      .waitFor();
    leaderboards = await player.newPage();
    await leaderboards.goto(`${server.baseUrl}/leaderboards`);
    await leaderboards
      .getByTestId('leader-row')
      .filter({ hasText: 'Ann Player' })
      .getByText('0 pts')
      .waitFor();
    // Both pages are live before the result arrives.
    await dashboard.locator('.live-indicator[data-state="live"]').waitFor();
    await leaderboards.locator('.live-indicator[data-state="live"]').waitFor();
    await markPage(dashboard);
    await markPage(leaderboards);
  });

  it('the admin records a win on the Admin page (Results tab); both player pages show 3 points without reloading', async () => {
    const option = (await periodOptions(admin, server.baseUrl, 1)).find(
      (candidate) => candidate.id === pickedOptionId,
    );
    if (!option) throw new Error('The picked option is gone');
    await adminPage.getByRole('tab', { name: 'Results', exact: true }).click();
    await adminPage.getByRole('heading', { name: 'Results Management' }).waitFor();
    await adminPage.getByRole('combobox', { name: 'Period' }).click();
    await adminPage.getByRole('option', { name: /^Matchweek 1 ·/ }).click();
    await adminPage.getByRole('combobox', { name: 'Option' }).click();
    await adminPage.getByRole('option', { name: option.name, exact: true }).click();
    await adminPage.getByRole('combobox', { name: 'Outcome' }).click();
    await adminPage.getByRole('option', { name: /^Win/ }).click();
    await adminPage.getByRole('button', { name: 'Save Result' }).click();
    // The match has not kicked off on the pool's clock: the admin confirms recording it anyway.
    await adminPage
      .getByRole('alertdialog', { name: 'Match not played yet' })
      .getByRole('button', { name: 'Record Anyway' })
      .click();

    await dashboard
      .getByTestId('stat-tile')
      .filter({ hasText: 'Total Points' })
      .getByText('3', { exact: true })
      .waitFor();
    await leaderboards
      .getByTestId('leader-row')
      .filter({ hasText: 'Ann Player' })
      .getByText('3 pts')
      .waitFor();
    expect(await wasNotReloaded(dashboard)).toBe(true);
    expect(await wasNotReloaded(leaderboards)).toBe(true);
    // The server recorded what the admin chose.
    const results = (await (await admin.request.get(`${server.baseUrl}/api/results/period/1`)).json()) as {
      optionId: string;
      outcome: string;
    }[];
    expect(results).toEqual([expect.objectContaining({ optionId: pickedOptionId, outcome: 'win' })]);
  });
});
