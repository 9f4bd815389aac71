/**
 * `npm run screenshots`: starts the built app with a seeded pool (the bundled 2025-26 season, six
 * players, three played matchweeks with their real results, picks for the fourth) and saves a PNG
 * of each main screen, desktop (1366x800), phone (390x844) and 320 px wide, under docs/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  launchBrowser,
  periodOptions,
  pick,
  playerContext,
  registerInContext,
  setUpSeason,
  type AccountDetails,
} from '../support/browser.js';
import { serverProcess, type ServerProcess } from '../support/server-process.js';

const outputDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/screenshots');

/** Friday before matchweek 4: matchweeks 1-3 are played, the fourth is open for picks. */
const poolNow = '2025-09-12T12:00:00Z';

const players: AccountDetails[] = [
  { firstName: 'Ann', lastName: 'Player', email: 'ann@example.com' },
  { firstName: 'Ben', lastName: 'Okafor', email: 'ben@example.com' },
  { firstName: 'Chloe', lastName: 'Martin', email: 'chloe@example.com' },
  { firstName: 'Dev', lastName: 'Patel', email: 'dev@example.com' },
  { firstName: 'Eva', lastName: 'Rossi', email: 'eva@example.com' },
];

const desktop = { width: 1366, height: 800 };
const phone = { width: 390, height: 844 };
const narrow = { width: 320, height: 720 };

describe('screenshots of the main screens', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: BrowserContext;
  let ann: BrowserContext;
  const playerContexts: BrowserContext[] = [];

  beforeAll(async () => {
    await fs.mkdir(outputDir, { recursive: true });
    server = await serverProcess({
      POOL_NOW: poolNow,
      RESULTS_PROVIDER: 'replay',
      RESULTS_SCHEDULER_AUTOSTART: 'false',
    });
    await server.start();
    browser = await launchBrowser();
    const options = { viewport: desktop, locale: 'en-GB', timezoneId: 'Europe/London' };
    admin = await browser.newContext(options);
    await registerInContext(admin, server.baseUrl, {
      firstName: 'Pat',
      lastName: 'Host',
      email: 'pat@example.com',
    });
    await setUpSeason(admin, server.baseUrl);
    for (const details of players)
      playerContexts.push(await playerContext(browser, admin, server.baseUrl, details, options));
    ann = playerContexts[0] as BrowserContext;

    // Matchweeks 1-3 are over: the admin enters each player's picks after the fact (a different
    // trio per player), then the season replay supplies the real results.
    const users = (await (await admin.request.get(`${server.baseUrl}/api/admin/users`)).json()) as {
      id: string;
      email: string;
    }[];
    for (const periodId of [1, 2, 3]) {
      const periodOptionIds = (await periodOptions(admin, server.baseUrl, periodId)).map(
        (option) => option.id,
      );
      for (const [index, details] of players.entries()) {
        const user = users.find((candidate) => candidate.email === details.email);
        if (!user) throw new Error(`No user ${details.email}`);
        const optionIds = [0, 1, 2].map(
          (slot) => periodOptionIds[(index * 3 + slot * 7 + periodId * 2) % periodOptionIds.length],
        );
        const response = await admin.request.post(`${server.baseUrl}/api/retroactive-choices`, {
          data: { userId: user.id, periodId, optionIds },
        });
        if (!response.ok())
          throw new Error(`Retroactive picks failed: ${response.status()} ${await response.text()}`);
      }
    }
    const update = await admin.request.post(`${server.baseUrl}/api/epl-results/update-all`, { data: {} });
    if (!update.ok()) throw new Error(`Results update failed: ${update.status()} ${await update.text()}`);
    // The admin closes the played matchweeks, which settles their survivor strikes.
    for (const periodId of [1, 2, 3]) {
      const activated = await admin.request.patch(`${server.baseUrl}/api/periods/${periodId}`, {
        data: { isActive: true },
      });
      if (!activated.ok()) throw new Error(`Activating ${periodId} failed: ${await activated.text()}`);
      const completed = await admin.request.post(`${server.baseUrl}/api/periods/${periodId}/complete`, {
        data: { force: true },
      });
      if (!completed.ok()) throw new Error(`Completing ${periodId} failed: ${await completed.text()}`);
    }

    // Matchweek 4: most players have picked already.
    const week4 = (await periodOptions(ann, server.baseUrl, 4)).map((option) => option.id);
    for (const [index, context] of playerContexts.entries()) {
      const count = index === 0 ? 2 : 3;
      for (let slot = 0; slot < count; slot += 1) {
        await pick(context, server.baseUrl, 4, week4[(index * 4 + slot * 5) % week4.length] ?? '');
      }
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  async function shoot(
    context: BrowserContext,
    route: string,
    file: string,
    ready: (page: Page) => Promise<void>,
  ) {
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}${route}`);
    await page.locator('main h1').first().waitFor();
    await ready(page);
    await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    const target = path.join(outputDir, file);
    await page.screenshot({ path: target, fullPage: false, animations: 'disabled' });
    await page.close();
    const stat = await fs.stat(target);
    expect(stat.size).toBeGreaterThan(5_000);
  }

  const none = async () => {};

  it('desktop: landing page', async () => {
    const visitor = await browser.newContext({ viewport: desktop });
    await shoot(visitor, '/', 'landing.png', none);
    await visitor.close();
  });

  it('desktop: player screens', async () => {
    await shoot(ann, '/', 'dashboard.png', async (page) => {
      await page.getByTestId('stat-tile').first().waitFor();
    });
    await shoot(ann, '/predictions', 'predictions.png', async (page) => {
      await page.getByTestId('option-card').nth(19).waitFor();
    });
    await shoot(ann, '/leaderboards', 'leaderboards.png', async (page) => {
      await page.getByTestId('leader-row').first().waitFor();
    });
    await shoot(ann, '/performance', 'performance.png', none);
    await shoot(ann, '/predictions?period=3', 'predictions-results.png', async (page) => {
      await page.getByTestId('pick-grid-row').first().waitFor();
    });
    await shoot(ann, '/history', 'history.png', async (page) => {
      await page.getByRole('button', { name: 'Period 3' }).click();
      await page.getByTestId('pick-grid-row').first().waitFor();
    });
    await shoot(ann, '/prizes', 'prizes.png', none);
    await shoot(ann, '/invite', 'invite.png', none);
  });

  it('desktop: admin screens', async () => {
    await shoot(admin, '/admin', 'admin.png', none);
    await shoot(admin, '/period-management', 'period-management.png', async (page) => {
      await page.getByTestId('period-row').nth(30).waitFor();
    });
    await shoot(admin, '/competition-setup', 'competition-setup.png', async (page) => {
      await page.getByText('Total periods').waitFor();
    });
  });

  it('phone: dashboard and picks', async () => {
    const mobile = await browser.newContext({
      viewport: phone,
      deviceScaleFactor: 2,
      locale: 'en-GB',
      timezoneId: 'Europe/London',
    });
    await mobile.addCookies(await ann.cookies());
    await shoot(mobile, '/', 'phone-dashboard.png', async (page) => {
      await page.getByTestId('stat-tile').first().waitFor();
    });
    await shoot(mobile, '/predictions', 'phone-predictions.png', async (page) => {
      await page.getByTestId('option-card').first().waitFor();
    });
    await shoot(mobile, '/predictions?period=3', 'phone-predictions-results.png', async (page) => {
      await page.getByTestId('pick-grid-row').first().waitFor();
      await page.getByTestId('everyone-picks').scrollIntoViewIfNeeded();
    });
    await shoot(mobile, '/', 'phone-more.png', async (page) => {
      await page.getByRole('button', { name: /^More/ }).click();
      await page.getByRole('dialog', { name: 'More' }).waitFor();
    });
    await mobile.close();
    const visitor = await browser.newContext({ viewport: phone, deviceScaleFactor: 2 });
    await shoot(visitor, '/', 'phone-landing.png', none);
    await visitor.close();
  });

  it('320 px wide: every leaderboard keeps the names', async () => {
    const small = await browser.newContext({
      viewport: narrow,
      deviceScaleFactor: 2,
      locale: 'en-GB',
      timezoneId: 'Europe/London',
    });
    await small.addCookies(await ann.cookies());
    await shoot(small, '/leaderboards', 'narrow-survivor.png', async (page) => {
      await page.getByRole('tab', { name: 'Survivor' }).click();
      await page.getByRole('tabpanel').getByTestId('leader-row').first().waitFor();
      await page.mouse.wheel(0, 640);
      await page.waitForFunction('window.scrollY > 300');
    });
    await small.close();
  });
});
