import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Period } from '@treble/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeSeasonStart, hostWithSeason, launchBrowser } from '../support/browser.js';
import { serverProcess, type ServerProcess } from '../support/server-process.js';

describe('journey: an admin completes and reopens a period on /period-management', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await serverProcess({ POOL_NOW: beforeSeasonStart });
    await server.start();
    browser = await launchBrowser();
    admin = await hostWithSeason(browser, server.baseUrl);
    page = await admin.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  async function period(id: number): Promise<Period> {
    const periods = (await (await admin.request.get(`${server.baseUrl}/api/periods`)).json()) as Period[];
    const found = periods.find((candidate) => candidate.id === id);
    if (!found) throw new Error(`No period ${id}`);
    return found;
  }

  it('completes Matchweek 1 after the confirmation that warns about scoring and survivor eliminations', async () => {
    await page.goto(`${server.baseUrl}/period-management`);
    await page.getByRole('heading', { name: 'Postponed matches' }).waitFor();
    const row = page.getByRole('listitem', { name: 'Matchweek 1', exact: true });
    await row.getByText('Active', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Complete Matchweek 1' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: 'Complete Period' }).waitFor();
    expect(await dialog.innerText()).toContain('finalizes its scoring and survivor eliminations');
    // Nothing happens before the admin confirms.
    expect((await period(1)).isManuallyCompleted).toBe(false);

    await dialog.getByRole('button', { name: 'Complete Period' }).click();
    // Before its first kickoff and without results the server asks once more, naming what is missing.
    const again = page.getByRole('alertdialog');
    await again.getByRole('heading', { name: 'Complete anyway?' }).waitFor();
    expect(await page.getByTestId('complete-missing-results').getByRole('listitem').count()).toBe(20);
    expect((await period(1)).isManuallyCompleted).toBe(false);
    await again.getByRole('button', { name: 'Complete Anyway' }).click();
    await page.getByText('Period Completed', { exact: true }).waitFor();
    await row.getByText('Manually Completed', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Reopen Matchweek 1' }).waitFor();
    const completed = await period(1);
    expect(completed.isManuallyCompleted).toBe(true);
    expect(completed.completedAt).not.toBeNull();
  });

  it('reopens it after the confirmation that warns about survivor standings', async () => {
    const row = page.getByRole('listitem', { name: 'Matchweek 1', exact: true });
    await row.getByRole('button', { name: 'Reopen Matchweek 1' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: 'Reopen Period' }).waitFor();
    expect(await dialog.innerText()).toContain('New results may affect survivor standings');

    await dialog.getByRole('button', { name: 'Reopen Period' }).click();
    await page.getByText('Period Reopened', { exact: true }).waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Complete Matchweek 1' }).waitFor();
    const reopened = await period(1);
    expect(reopened.isManuallyCompleted).toBe(false);
    expect(reopened.isActive).toBe(true);
  });
});
