import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  launchBrowser,
  playerContext,
  recordResult,
  registerInContext,
  setUpSeason,
} from '../support/browser.js';
import { serverProcess, type ServerProcess } from '../support/server-process.js';

/** What the measurements read of a page element (the tests compile without the DOM's types). */
interface Box {
  textContent: string | null;
  scrollWidth: number;
  clientWidth: number;
  getBoundingClientRect(): { right: number; width: number };
}

const phone = { width: 390, height: 844 };
const narrow = { width: 320, height: 700 };

/** Every destination of the navigation by taps on a phone; no player name hidden at 320 px. */
describe('journey: phone navigation and names on narrow screens', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: BrowserContext;
  let page: Page;
  const players: BrowserContext[] = [];

  beforeAll(async () => {
    // Between matchweeks 1 and 2: matchweek 1 is played (its picks are visible to all).
    server = await serverProcess({ POOL_NOW: '2025-08-20T12:00:00Z' });
    await server.start();
    browser = await launchBrowser();
    admin = await browser.newContext({ viewport: phone, isMobile: true, hasTouch: true });
    await registerInContext(admin, server.baseUrl, {
      firstName: 'Pat',
      lastName: 'Host',
      email: 'pat@example.com',
    });
    await setUpSeason(admin, server.baseUrl);
    // Long names: the kind a narrow table squeezes away.
    for (const [firstName, lastName] of [
      ['Alexandrina', 'Featherstonehaugh-Smythe'],
      ['Bartholomew', 'Vandenberghe'],
      ['Christabel', 'Montgomery-Wainwright'],
    ] as const) {
      players.push(
        await playerContext(
          browser,
          admin,
          server.baseUrl,
          { firstName, lastName, email: `${firstName.toLowerCase()}@example.com` },
          {
            viewport: narrow,
            isMobile: true,
            hasTouch: true,
          },
        ),
      );
    }
    // Their matchweek-1 picks, entered by the admin after the fact, and a result.
    const users = (await (await admin.request.get(`${server.baseUrl}/api/admin/users`)).json()) as {
      id: string;
      isAdmin: boolean;
    }[];
    for (const [index, user] of users.filter((candidate) => !candidate.isAdmin).entries()) {
      const optionIds = [
        ['1-ARS', '1-LIV', '1-CHE'],
        ['1-ARS', '1-MCI', '1-TOT'],
        ['1-NEW', '1-LIV', '1-EVE'],
      ][index]!;
      const response = await admin.request.post(`${server.baseUrl}/api/retroactive-choices`, {
        data: { userId: user.id, periodId: 1, optionIds },
      });
      if (!response.ok())
        throw new Error(`Retroactive picks failed: ${response.status()} ${await response.text()}`);
    }
    await recordResult(admin, server.baseUrl, '1-ARS', 'win');
    page = await admin.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('reaches every destination by taps: four in the bar, the rest in the More sheet', async () => {
    await page.goto(server.baseUrl);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    // The sheet is modal: Escape and a tap on the page behind it close it, and focus goes back to More.
    const more = nav.getByRole('button', { name: /^More/ });
    await more.tap();
    const sheet = page.getByRole('dialog', { name: 'More' });
    await sheet.getByRole('link', { name: 'Prizes', exact: true }).waitFor();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(await page.evaluate<string | null>('document.activeElement?.getAttribute("aria-haspopup")')).toBe(
      'dialog',
    );
    expect(await page.evaluate<string>('document.activeElement?.textContent ?? ""')).toContain('More');
    await more.tap();
    await page.mouse.click(phone.width / 2, 40);
    await sheet.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${server.baseUrl}/`);
    const destinations: [string, string, string | RegExp][] = [
      ['Dashboard', '/', 'Dashboard'],
      ['Picks', '/predictions', /Your Picks$/],
      ['Leaderboards', '/leaderboards', 'Leaderboards'],
      ['History', '/history', 'History'],
      ['Performance', '/performance', 'Performance'],
      ['Prizes', '/prizes', 'Prizes'],
      ['Invite', '/invite', 'Invite & Grow'],
      ['Periods', '/period-management', 'Period Management'],
      ['Admin', '/admin', 'Admin'],
    ];
    for (const [label, path, heading] of destinations) {
      const inBar = nav.getByRole('link', { name: label, exact: true });
      if (await inBar.isVisible()) {
        await inBar.tap();
      } else {
        await nav.getByRole('button', { name: /^More/ }).tap();
        const sheet = page.getByRole('dialog', { name: 'More' });
        await sheet.getByRole('link', { name: label, exact: true }).tap();
        await sheet.waitFor({ state: 'detached' });
      }
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    }
    // The bar holds five tappable items, all inside the screen; nothing scrolls sideways.
    const boxes = await nav
      .locator('.app-nav__link:visible, .app-nav__more:visible')
      .evaluateAll((elements) =>
        elements.map((element) => ({ right: (element as Box).getBoundingClientRect().right })),
      );
    expect(boxes).toHaveLength(5);
    for (const box of boxes) expect(box.right).toBeLessThanOrEqual(phone.width + 1);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      phone.width,
    );
  });

  it('shows every Admin tab on a phone, each reachable by a tap', async () => {
    await page.goto(`${server.baseUrl}/admin`);
    const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
    await tabs.first().waitFor();
    const count = await tabs.count();
    expect(count).toBeGreaterThanOrEqual(9);
    for (let index = 0; index < count; index += 1) {
      const box = await tabs.nth(index).boundingBox();
      if (!box) throw new Error(`Tab ${index} is not shown`);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(phone.width + 1);
    }
    await tabs.last().tap();
    expect(await tabs.last().getAttribute('aria-selected')).toBe('true');
  });

  it('keeps every player name whole at 320 px on every leaderboard, the dashboard and the picks grid', async () => {
    const small = await players[0]!.newPage();
    const namesWhole = async (selector: string) => {
      const measured = await small.locator(selector).evaluateAll((elements) =>
        elements.map((element) => {
          const box = element as Box;
          return {
            text: box.textContent ?? '',
            width: box.getBoundingClientRect().width,
            clipped: box.scrollWidth > box.clientWidth + 1,
          };
        }),
      );
      expect(measured.length).toBeGreaterThan(0);
      for (const name of measured) {
        expect(name.clipped).toBe(false);
        expect(name.width).toBeGreaterThan(60);
      }
    };
    await small.goto(`${server.baseUrl}/leaderboards`);
    for (const tab of ['Overall', 'Survivor', 'Last 10']) {
      await small.getByRole('tab', { name: tab }).tap();
      if (tab === 'Last 10') {
        await small.getByText('Last 10 not started').waitFor();
        continue;
      }
      await small.getByRole('tabpanel').getByTestId('leader-name').first().waitFor();
      await namesWhole('[role="tabpanel"] [data-testid="leader-name"]');
    }
    await small.goto(server.baseUrl);
    await small.getByTestId('mini-overall').locator('.leader-row__name').first().waitFor();
    await namesWhole('[data-testid="mini-overall"] .leader-row__name');
    await small.goto(`${server.baseUrl}/predictions?period=1`);
    await small.getByTestId('pick-grid-row').first().waitFor();
    await namesWhole('.pick-grid__name');
    // Nothing on the page reaches past the screen's edge.
    const wide = await small.evaluate<string[]>(
      `[...document.querySelectorAll('main *')]
        .filter((element) => element.getBoundingClientRect().right > 321)
        .map((element) => element.tagName + '.' + element.className)`,
    );
    expect(wide).toEqual([]);
    expect(await small.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      narrow.width,
    );
  });
});
