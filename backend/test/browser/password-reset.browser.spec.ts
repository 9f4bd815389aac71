import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext } from 'playwright-core';
import { browserTestPassword, launchBrowser, playerContext, registerInContext } from '../support/browser.js';
import { startMailbox, type Mailbox } from '../support/mailbox.js';
import { serverProcess, type ServerProcess } from '../support/server-process.js';

/** A player who forgot their password gets back in through the mailed link. */
describe('forgot password in the browser', () => {
  let mailbox: Mailbox;
  let server: ServerProcess;
  let browser: Browser;
  let adminContext: BrowserContext;
  let oldSession: BrowserContext;

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await serverProcess({
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      MAIL_FROM: 'Treble <pool@treble.example>',
    });
    // A pool that mails needs PUBLIC_URL: the links in its e-mails point there.
    await server.start({ PUBLIC_URL: server.baseUrl });
    browser = await launchBrowser();
    adminContext = await browser.newContext();
    await registerInContext(adminContext, server.baseUrl, {
      firstName: 'Pat',
      lastName: 'Host',
      email: 'pat@example.com',
    });
    oldSession = await playerContext(browser, adminContext, server.baseUrl, {
      firstName: 'Fran',
      lastName: 'Forgetful',
      email: 'fran@example.com',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    await mailbox?.close();
  });

  it('asks for a link on the sign-in page, opens it from the e-mail, sets a new password and is signed in', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    const arriving = mailbox.next('fran@example.com');
    await page.getByLabel('E-mail').fill('fran@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByText('If an account uses this address, a link to set a new password is on its way.')
      .waitFor();

    const mail = await arriving;
    const link = new RegExp(
      `${server.baseUrl.replace(/[.]/g, '\\.')}/reset-password\\?token=[A-Za-z0-9_-]{43}`,
    ).exec(mail.body)?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('my new long secret');
    await page.getByRole('button', { name: 'Set new password' }).click();

    // Signed in: the dashboard with the player's name in the header.
    await page.getByRole('banner').getByText('Fran Forgetful').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // The browser that was signed in before is signed out; the old password no longer works.
    expect((await oldSession.request.get(`${server.baseUrl}/api/auth/user`)).status()).toBe(401);
    const old = await page.request.post(`${server.baseUrl}/api/auth/login`, {
      data: { email: 'fran@example.com', password: browserTestPassword },
    });
    expect(old.status()).toBe(401);
  });
});
