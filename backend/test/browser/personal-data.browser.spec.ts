import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { PersonalDataExport } from '@treble/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  beforeSeasonStart,
  browserTestPassword,
  hostWithSeason,
  launchBrowser,
  pick,
  playerContext,
  recordResult,
} from '../support/browser.js';
import { serverProcess, type ServerProcess } from '../support/server-process.js';

const shots = process.env.BROWSER_SHOTS_DIR;

/*
 * Issue 26 on a phone: Yara downloads her data from her Profile page, then deletes her account
 * (the second step, her password); she lands on the sign-in page, told so. Bob, on a laptop, finds
 * her place on the leaderboard held by "Former player 1", with her points.
 */
describe('journey: my data, then deleting my account, on a phone', () => {
  let server: ServerProcess;
  let browser: Browser;
  let host: BrowserContext;
  let yara: BrowserContext;
  let bob: BrowserContext;
  let phone: Page;

  beforeAll(async () => {
    server = await serverProcess({ POOL_NOW: beforeSeasonStart });
    await server.start();
    browser = await launchBrowser();
    host = await hostWithSeason(browser, server.baseUrl);
    const onPhone = {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      acceptDownloads: true,
    };
    yara = await playerContext(
      browser,
      host,
      server.baseUrl,
      { firstName: 'Yarathiel', lastName: 'Quintavalle', email: 'yara@example.com' },
      onPhone,
    );
    bob = await playerContext(browser, host, server.baseUrl, {
      firstName: 'Bob',
      lastName: 'Baker',
      email: 'bob@example.com',
    });
    await pick(yara, server.baseUrl, 1, '1-ARS');
    await pick(bob, server.baseUrl, 1, '1-LIV');
    // The matchweek is played: a restart a week later, and its results.
    await server.start({ POOL_NOW: '2025-08-19T12:00:00Z' });
    await recordResult(host, server.baseUrl, '1-ARS', 'win');
    await recordResult(host, server.baseUrl, '1-LIV', 'draw');
    phone = await yara.newPage();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('downloads everything about her as a file', async () => {
    await phone.goto(`${server.baseUrl}/profile`);
    await phone.getByRole('heading', { name: 'Your data' }).waitFor();
    const [download] = await Promise.all([
      phone.waitForEvent('download'),
      phone.getByRole('button', { name: 'Download my data' }).tap(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^treble-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as PersonalDataExport;
    expect(data.account).toMatchObject({ email: 'yara@example.com', firstName: 'Yarathiel' });
    expect(data.pools[0]!.picks).toEqual([expect.objectContaining({ optionId: '1-ARS', points: 3 })]);
    await phone.getByText(/Saved as treble-my-data-/).waitFor();
    expect(await phone.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  });

  it('deletes her account after saying what happens, with her password', async () => {
    await phone.getByRole('button', { name: 'Delete my account' }).tap();
    await phone.getByRole('heading', { name: 'Delete your account for good?' }).waitFor();
    await phone
      .getByText(/Former player/)
      .first()
      .waitFor();
    if (shots)
      await phone.screenshot({ path: path.join(shots, 'delete-my-account-phone.png'), fullPage: true });
    // A wrong password is said so, and nothing happens.
    await phone.getByLabel('Your password').fill('not my password');
    await phone.getByRole('button', { name: 'Delete my account for good' }).tap();
    await phone.getByText('That is not your password.').waitFor();
    await phone.getByLabel('Your password').fill(browserTestPassword);
    await phone.getByRole('button', { name: 'Delete my account for good' }).tap();
    await phone.waitForURL(/\/login/);
    await phone.getByText('Your account was deleted.').waitFor();
    if (shots)
      await phone.screenshot({ path: path.join(shots, 'account-deleted-phone.png'), fullPage: true });
    // She cannot sign in again.
    await phone.getByLabel('E-mail').fill('yara@example.com');
    await phone.getByLabel('Password', { exact: true }).fill(browserTestPassword);
    await phone.getByRole('button', { name: 'Log in' }).tap();
    await phone.getByText('The e-mail address or password is not right.').waitFor();
  });

  it('shows the stand-in in her place on the pool’s tables, with her points', async () => {
    const laptop = await bob.newPage();
    await laptop.setViewportSize({ width: 1366, height: 800 });
    await laptop.goto(`${server.baseUrl}/leaderboards`);
    const row = laptop.getByTestId('leader-row').filter({ hasText: 'Former player 1' });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/#1[\s\S]*3 pts/);
    expect(await laptop.getByText(/Yarathiel|Quintavalle/).count()).toBe(0);
    if (shots)
      await laptop.screenshot({ path: path.join(shots, 'stand-in-leaderboard-laptop.png'), fullPage: true });
  });
});
