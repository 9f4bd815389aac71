import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AxeBuilder } from '@axe-core/playwright';
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

interface Finding {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe-core (WCAG 2.x A and AA rules) on what the page shows now; keeps serious and critical findings. */
async function seriousViolations(page: Page, name: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      page: name,
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}

describe('accessibility: axe finds no serious or critical violations on the main pages', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: BrowserContext;
  let player: BrowserContext;
  const findings: Finding[] = [];

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
    // Some data on every screen: picks on both sides and a result.
    const options = await periodOptions(player, server.baseUrl, 1);
    for (const option of options.slice(0, 3)) await pick(player, server.baseUrl, 1, option.id);
    for (const option of options.slice(3, 6)) await pick(admin, server.baseUrl, 1, option.id);
    await recordResult(admin, server.baseUrl, options[0]?.id ?? '', 'win');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  /** Opens `path`, waits for its main heading, and checks it is a real page, not the 404. */
  async function audit(context: BrowserContext, path: string, name: string): Promise<void> {
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}${path}`);
    await page.locator('main h1').first().waitFor();
    // Loading states settle before the audit (skeletons are aria-busy).
    await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    expect({ path, notFound: await page.getByRole('heading', { name: 'Page Not Found' }).count() }).toEqual({
      path,
      notFound: 0,
    });
    findings.push(...(await seriousViolations(page, name)));
    await page.close();
  }

  it('the landing page (signed out)', async () => {
    const visitor = await browser.newContext();
    await audit(visitor, '/', 'landing');
    await visitor.close();
  });

  it.each([
    ['/', 'dashboard'],
    ['/predictions', 'predictions'],
    ['/leaderboards', 'leaderboards'],
    ['/performance', 'performance'],
    ['/history', 'history'],
    ['/prizes', 'prizes'],
    ['/invite', 'invite'],
  ])('the player page %s', async (path, name) => {
    await audit(player, path, name);
  });

  it.each([
    ['/admin', 'admin'],
    ['/period-management', 'period-management'],
    ['/competition-setup', 'competition-setup'],
  ])('the admin page %s', async (path, name) => {
    await audit(admin, path, name);
  });

  it('the Complete Period confirmation dialog', async () => {
    const page = await admin.newPage();
    await page.goto(`${server.baseUrl}/period-management`);
    await page.getByRole('button', { name: 'Complete Matchweek 1', exact: true }).click();
    await page.getByRole('alertdialog').waitFor();
    findings.push(...(await seriousViolations(page, 'period-management (dialog)')));
    await page.close();
  });

  it('all together: none serious or critical', () => {
    // One list, so a failure names every rule and page at once.
    expect(findings).toEqual([]);
  });
});
