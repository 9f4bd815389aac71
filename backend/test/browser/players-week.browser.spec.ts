import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  hostWithSeason,
  launchBrowser,
  periodOptions,
  pick,
  playerContext,
  recordResult,
} from '../support/browser.js';
import { serverProcess, type ServerProcess } from '../support/server-process.js';

const desktop = { width: 1366, height: 800 };
const phone = { width: 390, height: 844 };

/**
 * A player watching a matchweek: picks (the other cards disabled after three), the first match kicks
 * off and locks its picks, its result reaches the open Picks page without a reload, everyone's picks
 * of that match show, and the History entry opens. The pool clock stands 15 minutes before the
 * season's first kickoff (Liverpool v Bournemouth, 15 Aug 2025 19:00 UTC) for the set-up and the
 * picks, however long they take; then the app restarts with its clock 5 minutes after that kickoff
 * (every other match still open), and Ann's open page reconnects and carries on.
 */
describe("journey: a player's matchweek, from picks to results and everyone's picks", () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: BrowserContext;
  let ann: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await serverProcess({ POOL_NOW: '2025-08-15T18:45:00Z' });
    await server.start();
    browser = await launchBrowser();
    admin = await hostWithSeason(browser, server.baseUrl);
    ann = await playerContext(
      browser,
      admin,
      server.baseUrl,
      { firstName: 'Ann', lastName: 'Able', email: 'ann@example.com' },
      { viewport: desktop },
    );
    const bob = await playerContext(browser, admin, server.baseUrl, {
      firstName: 'Bob',
      lastName: 'Baker',
      email: 'bob@example.com',
    });
    await pick(bob, server.baseUrl, 1, '1-LIV');
    await bob.close();
    page = await ann.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const card = (name: string) =>
    page.getByTestId('option-card').filter({ has: page.locator('.option-card__name', { hasText: name }) });

  it('picks three teams; then the other cards are disabled and a tap on one says why', async () => {
    await page.goto(`${server.baseUrl}/predictions`);
    await page.getByRole('heading', { name: 'Make Your Picks' }).waitFor();
    for (const [index, name] of ['Liverpool FC', 'Arsenal FC', 'Chelsea FC'].entries()) {
      await card(name).click();
      await page
        .locator(`[role="progressbar"][aria-label="Picks made"][aria-valuenow="${index + 1}"]`)
        .waitFor();
    }
    const other = card('Everton FC');
    expect(await other.getAttribute('aria-disabled')).toBe('true');
    expect(await card('Arsenal FC').getAttribute('aria-disabled')).toBeNull();
    // Playwright will not click a disabled element on its own: a tap on it anyway.
    await other.click({ force: true });
    await page.getByText('Maximum Choices', { exact: true }).waitFor();
    await page.getByText('Your 3 picks are made', { exact: false }).waitFor();
  });

  it('shows the result of a locked pick as it arrives, the points so far, and who picked it', async () => {
    // Liverpool v Bournemouth has kicked off: the app comes back with its clock after the kickoff,
    // and the server says that option is locked (and Arsenal's, on Saturday, is not).
    expect(await server.kill('SIGTERM')).toBe('SIGTERM');
    await server.start({ POOL_NOW: '2025-08-15T19:05:00Z' });
    const options = await periodOptions(ann, server.baseUrl, 1);
    expect(options.find((option) => option.id === '1-LIV')?.isLocked).toBe(true);
    expect(options.find((option) => option.id === '1-ARS')?.isLocked).toBe(false);

    await recordResult(admin, server.baseUrl, '1-LIV', 'win');
    // No reload: the server's notice brings the result to the open page.
    const liverpool = card('Liverpool FC');
    await liverpool.getByText(/^Won/).waitFor();
    await liverpool.getByText('+3').waitFor();
    await page.getByTestId('period-points').getByText('3 points').waitFor();
    await page
      .getByTestId('period-points')
      .getByText(/1 of 3 results in/)
      .waitFor();

    // Everyone's picks of the locked match: Ann's row first, Bob's Liverpool pick, nothing of the rest.
    const grid = page.getByTestId('everyone-picks').first();
    await grid.getByTestId('pick-grid-row').nth(1).waitFor();
    const rows = await grid.getByTestId('pick-grid-row').locator('th').allInnerTexts();
    expect(rows.map((text) => text.trim())).toEqual(['Ann Able (you)', 'Bob Baker']);
    expect(await grid.getByText('Arsenal FC').count()).toBe(0);

    await liverpool.getByRole('button', { name: /2 players picked Liverpool FC: show who/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Who picked Liverpool FC' });
    await dialog.getByText('Bob Baker').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
  }, 150_000);

  it('opens the matchweek from History with everyone’s picks', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
    const row = page.getByTestId('history-row').filter({ hasText: 'Matchweek 1' });
    await row.getByText('In progress').waitFor();
    await page
      .getByTestId('history-total-note')
      .getByText(/not final until the period is completed/)
      .waitFor();
    await row.getByRole('button', { name: 'Matchweek 1', exact: true }).click();
    await row.getByTestId('pick-grid-row').nth(1).waitFor();
    await row.getByText('Bob Baker').waitFor();
  });

  it('shows the same on a phone', async () => {
    const mobile = await browser.newContext({ viewport: phone, isMobile: true, hasTouch: true });
    await mobile.addCookies(await ann.cookies());
    const small = await mobile.newPage();
    await small.goto(`${server.baseUrl}/predictions`);
    const liverpool = small
      .getByTestId('option-card')
      .filter({ has: small.locator('.option-card__name', { hasText: 'Liverpool FC' }) });
    await liverpool.getByText(/^Won/).waitFor();
    await small.getByTestId('everyone-picks').getByText('Bob Baker').waitFor();
    expect(await small.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      phone.width,
    );
    await small.goto(`${server.baseUrl}/history`);
    await small.getByRole('button', { name: 'Matchweek 1', exact: true }).tap();
    await small.getByTestId('pick-grid-row').nth(1).waitFor();
    await mobile.close();
  });
});
