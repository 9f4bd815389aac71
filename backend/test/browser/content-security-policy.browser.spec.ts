import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import {
  beforeSeasonStart,
  browserTestPassword,
  createInvitation,
  hostWithSeason,
  launchBrowser,
} from '../support/browser.js';
import { serverProcess, type ServerProcess } from '../support/server-process.js';

/** Collects the page's `securitypolicyviolation` events (runs in the browser, before the app). */
const recordViolations = `
  window.cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.cspViolations.push(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' at ' + event.sourceFile + ':' + event.lineNumber);
  });
`;

/**
 * The app under its Content-Security-Policy: a player signs up, picks, and opens the standings and
 * performance pages (charts, toasts, the live socket) without one CSP violation; an inline script
 * is still refused.
 */
describe('journey: the app works under its Content-Security-Policy', () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];
  let websocketOpened: Promise<string>;

  /** Violations the page reported (`securitypolicyviolation`) and CSP errors on the console. */
  async function violations(): Promise<string[]> {
    const reported = await page.evaluate<string[]>('window.cspViolations ?? []');
    return [...reported, ...consoleErrors.filter((text) => /Content Security Policy/i.test(text))];
  }

  beforeAll(async () => {
    server = await serverProcess({ POOL_NOW: beforeSeasonStart });
    await server.start();
    browser = await launchBrowser();
    const admin = await hostWithSeason(browser, server.baseUrl);
    const invitationUrl = (await createInvitation(admin, server.baseUrl)).url;
    await admin.close();
    const context = await browser.newContext();
    // Runs before the app's own scripts in every document (from the browser, not as an inline script).
    await context.addInitScript({ content: recordViolations });
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    websocketOpened = new Promise((resolve) => {
      page.on('websocket', (socket) => {
        if (socket.url().includes('/socket.io/')) resolve(socket.url());
      });
    });
    await page.goto(invitationUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('serves the web app with the policy', async () => {
    const response = await page.request.get(`${server.baseUrl}/`);
    const policy = response.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain("'unsafe-eval'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('signs up, picks and browses the pages without a CSP violation', async () => {
    await page.getByText('You have been invited to join the pool.').waitFor();
    await page.getByLabel('First name').fill('Nia');
    await page.getByLabel('Last name').fill('Newcomer');
    await page.getByLabel('E-mail').fill('nia@example.com');
    await page.getByLabel('Password').fill(browserTestPassword);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('banner').getByText('Nia Newcomer').waitFor();

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Picks' }).click();
    await page.getByRole('heading', { name: 'Make Your Picks' }).waitFor();
    const cards = page.getByTestId('option-card');
    await cards.nth(19).waitFor();
    await cards.first().click();
    // The toast (sonner inserts its styles) says the pick was saved.
    await page.getByText('Your prediction has been saved.').waitFor();
    await page.locator('[role="progressbar"][aria-label="Picks made"][aria-valuenow="1"]').waitFor();

    await nav.getByRole('link', { name: 'Leaderboards' }).click();
    await page.waitForURL(`${server.baseUrl}/leaderboards`);
    await page.getByText('Nia Newcomer').first().waitFor();
    await nav.getByRole('link', { name: 'Performance' }).click();
    await page.waitForURL(`${server.baseUrl}/performance`);
    await page.getByRole('heading', { name: 'Performance', level: 1 }).waitFor();

    // The live connection upgraded to a WebSocket on this origin (connect-src 'self').
    expect(new URL(await websocketOpened).host).toBe(new URL(server.baseUrl).host);
    expect(await violations()).toEqual([]);
  });

  it('shows the API description (Swagger UI) under the same policy', async () => {
    const docs = await page.context().newPage();
    await docs.addInitScript({ content: recordViolations });
    await docs.goto(`${server.baseUrl}/api/docs`);
    await docs.getByText('Treble API').first().waitFor();
    await docs.getByText('/api/choices').first().waitFor();
    expect(await docs.evaluate<string[]>('window.cspViolations')).toEqual([]);
    await docs.close();
  });

  it('still refuses an inline script', async () => {
    const refused = page.waitForEvent('console', {
      predicate: (message) => /Content Security Policy/i.test(message.text()),
    });
    await page.evaluate(`{
      const script = document.createElement('script');
      script.textContent = 'window.inlineScriptRan = true;';
      document.head.append(script);
    }`);
    await refused;
    expect(await page.evaluate<boolean>('window.inlineScriptRan === true')).toBe(false);
    expect(
      (await page.evaluate<string[]>('window.cspViolations')).some((text) => text.startsWith('script-src')),
    ).toBe(true);
  });
});
