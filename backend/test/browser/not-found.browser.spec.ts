import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { serverProcess, type ServerProcess } from '../support/server-process.js';

describe('journey: an unknown address', () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await serverProcess();
    await server.start();
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('shows the not-found page, and Go to Home leads to the landing page', async () => {
    const response = await page.goto(`${server.baseUrl}/this/page/does-not-exist`);
    // The server hands the app to the browser; the app decides the page does not exist.
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    expect(await page.getByText('404', { exact: true }).count()).toBe(1);
    expect(await page.getByText("The page you're looking for doesn't exist or has been moved.").count()).toBe(
      1,
    );
    await page.getByRole('button', { name: 'Go Back' }).waitFor();

    await page.getByRole('button', { name: 'Go to Home' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole('heading', { name: 'Join The Pool' }).waitFor();
  });
});
