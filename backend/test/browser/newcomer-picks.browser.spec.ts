import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page, Request } from 'playwright-core';
import {
  beforeSeasonStart,
  browserTestPassword,
  createInvitation,
  hostWithSeason,
  launchBrowser,
} from '../support/browser.js';
import { serverProcess, type ServerProcess } from '../support/server-process.js';

describe('journey: a newcomer joins by invitation and makes the first picks', () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let invitationUrl: string;

  beforeAll(async () => {
    server = await serverProcess({ POOL_NOW: beforeSeasonStart });
    await server.start();
    browser = await launchBrowser();
    const admin = await hostWithSeason(browser, server.baseUrl);
    invitationUrl = (await createInvitation(admin, server.baseUrl)).url;
    await admin.close();
    page = await (await browser.newContext()).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  /** Waits until the header's "Picks made" bar says `count` of 3. */
  async function progressIs(count: number): Promise<void> {
    await page.locator(`[role="progressbar"][aria-label="Picks made"][aria-valuenow="${count}"]`).waitFor();
    expect(await page.locator('.page-header').getByText(`${count}/3`, { exact: true }).count()).toBe(1);
  }

  it('opens the invitation link and registers', async () => {
    await page.goto(invitationUrl);
    await page.getByText('You have been invited to join the pool.').waitFor();
    await page.getByLabel('First name').fill('Nia');
    await page.getByLabel('Last name').fill('Newcomer');
    await page.getByLabel('E-mail').fill('nia@example.com');
    await page.getByLabel('Password').fill(browserTestPassword);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('banner').getByText('Nia Newcomer').waitFor();
  });

  it('makes 3 picks, is stopped at a 4th with "Maximum Choices", removes one and sees 2/3', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Picks' }).click();
    await page.getByRole('heading', { name: 'Make Your Picks' }).waitFor();
    await progressIs(0);
    const cards = page.getByTestId('option-card');
    await cards.nth(19).waitFor();
    expect(await cards.count()).toBe(20);

    for (let index = 0; index < 3; index += 1) {
      await cards.nth(index).click();
      await progressIs(index + 1);
      await expect(cards.nth(index).getAttribute('aria-pressed')).resolves.toBe('true');
    }
    const picked = await Promise.all(
      [0, 1, 2].map(async (index) =>
        (await cards.nth(index).locator('.option-card__name').innerText()).trim(),
      ),
    );

    // With 3 picks the other cards are disabled; a tap on one anyway says why.
    await expect(cards.nth(3).getAttribute('aria-disabled')).resolves.toBe('true');
    await cards.nth(3).click({ force: true });
    await page.getByText('Maximum Choices', { exact: true }).waitFor();
    await page.getByText('You can only select 3 options per period').waitFor();
    await progressIs(3);
    await expect(cards.nth(3).getAttribute('aria-pressed')).resolves.toBe('false');

    await page.getByRole('button', { name: `Remove ${picked[1]}` }).click();
    await progressIs(2);
    await page.getByText('Your prediction has been removed.').waitFor();
    // The server agrees.
    const choices = (await (
      await page.context().request.get(`${server.baseUrl}/api/choices/period/1`)
    ).json()) as unknown[];
    expect(choices).toHaveLength(2);
  });

  it("fetches the period's options once per pick: the pick's answer refetches them, its notice does not", async () => {
    const cards = page.getByTestId('option-card');
    const free = cards.and(page.locator('[aria-pressed="false"]')).first();
    const optionReads: (string | undefined)[] = [];
    const onRequest = (request: Request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/periods/1/options') {
        optionReads.push(request.headers()['x-after-position']);
      }
    };
    page.on('request', onRequest);
    try {
      const answered = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/choices',
      );
      await free.click();
      const position = BigInt((await (await answered).headerValue('x-log-position'))!);
      await progressIs(3);
      // The pick's own notice has been applied (the app marks each notice it applies).
      await page.waitForFunction(
        ([mark, at]) => {
          const entry = performance.getEntriesByName(mark)[0] as { detail?: unknown } | undefined;
          return entry !== undefined && BigInt((entry.detail as { position: string }).position) >= BigInt(at);
        },
        ['treble:read-model-changed', position.toString()] as const,
      );
      expect(optionReads).toEqual([position.toString()]);
    } finally {
      page.off('request', onRequest);
    }
  });

  it('on a phone, My pools shows the pool with all 3 picks in, and an address of a pool she is not in says so', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('pool-switcher').click();
    const sheet = page.getByRole('dialog', { name: 'Your pools' });
    await sheet.getByRole('link', { name: 'My pools' }).click();
    await page.getByRole('heading', { name: 'My pools' }).waitFor();
    const card = page.getByTestId('pool-card');
    await card.getByText('Matchweek 1: all 3 picks in').waitFor();
    await card.getByText('Player', { exact: true }).waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

    await page.goto(`${server.baseUrl}/p/someone-elses/leaderboards`);
    await page.getByRole('heading', { name: 'Pool Not Found' }).waitFor();
    await page.getByRole('link', { name: 'My pools' }).click();
    await page.waitForURL(`${server.baseUrl}/pools`);
    await page.getByTestId('pool-card').getByText('Matchweek 1: all 3 picks in').waitFor();
  });
});
