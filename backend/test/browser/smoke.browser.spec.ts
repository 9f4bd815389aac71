import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { serverProcess, type ServerProcess } from '../support/server-process.js';

describe('browser smoke test (system Chromium against the built app)', () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await serverProcess({ POOL_NOW: '2026-01-10T12:00:00Z' });
    await server.start();
    browser = await launchBrowser();
    page = await (await browser.newContext({ timezoneId: 'Asia/Tokyo', locale: 'en-GB' })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('loads the app: signed out, a landing page with Log In and no navigation', async () => {
    await page.goto(server.baseUrl);
    await expect(page.title()).resolves.toMatch(/Treble/);
    await page.getByRole('heading', { name: 'Join The Pool' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
  });

  it('signs up the first account through the sign-in page; it becomes the admin', async () => {
    await page.getByRole('link', { name: 'Log In' }).first().click();
    await page.waitForURL(`${server.baseUrl}/login`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByText('the account you create now will run it as its admin').waitFor();
    await page.getByLabel('First name').fill('Pat');
    await page.getByLabel('Last name').fill('Host');
    await page.getByLabel('E-mail').fill('pat@example.com');
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    const header = page.getByRole('banner');
    await header.getByText('Pat Host').waitFor();
    await header.getByText('Competitor').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).waitFor();
    // A new pool has no period yet: the dashboard says so (the API answers the current period with null).
    await page.getByText('Waiting for Period').first().waitFor();
    expect(await page.getByText('Could not load your dashboard').count()).toBe(0);
  });

  it('shows the periods after the schedule import, dates in the viewer time zone', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Periods' }).click();
    await page.waitForURL(`${server.baseUrl}/period-management`);
    await page.getByRole('button', { name: 'Import schedule' }).click();
    await page.getByTestId('period-row').nth(37).waitFor();
    expect(await page.getByTestId('period-row').count()).toBe(38);
    // The current matchweek comes first, the open ones by default: all of them show matchweek 1 too.
    await page.getByRole('group', { name: 'Show periods' }).getByRole('button', { name: /^All/ }).click();
    const first = await page
      .getByTestId('period-row')
      .filter({ hasText: /Matchweek 1(?!\d)/ })
      .first()
      .innerText();
    expect(first).toContain('Matchweek 1');
    // Liverpool v Bournemouth kicked off at 19:00 UTC on 15 Aug 2025: 04:00 on the 16th in Tokyo.
    expect(first).toMatch(/16 Aug/);
    expect(first).toMatch(/04:00/);
  });

  it('shows the not-found page for an unknown route, and Go to Home works', async () => {
    await page.goto(`${server.baseUrl}/no/such/page`);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    expect(await page.getByText("The page you're looking for doesn't exist or has been moved.").count()).toBe(
      1,
    );
    await page.getByRole('button', { name: 'Go to Home' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
  });
});
