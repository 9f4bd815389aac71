import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { serverProcess, type ServerProcess } from '../support/server-process.js';

const password = 'correct horse battery';

async function signUp(
  page: Page,
  details: { firstName: string; lastName: string; email: string },
): Promise<void> {
  await page.getByLabel('First name').fill(details.firstName);
  await page.getByLabel('Last name').fill(details.lastName);
  await page.getByLabel('E-mail').fill(details.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

describe('accounts in the browser: the first account runs the pool, players come by invitation', () => {
  let server: ServerProcess;
  let browser: Browser;
  let hostContext: BrowserContext;
  let host: Page;
  let invitationUrl: string;

  beforeAll(async () => {
    server = await serverProcess();
    await server.start();
    browser = await launchBrowser();
    hostContext = await browser.newContext();
    host = await hostContext.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('the first registration becomes admin and sees the admin links', async () => {
    await host.goto(`${server.baseUrl}/register`);
    await signUp(host, { firstName: 'Pat', lastName: 'Host', email: 'pat@example.com' });
    const nav = host.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Admin' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Periods' }).count()).toBe(1);
    // The avatar shows the initials.
    expect(await host.getByRole('banner').getByText('PH', { exact: true }).count()).toBe(1);
  });

  it('a second registration without an invitation is refused', async () => {
    const stranger = await (await browser.newContext()).newPage();
    await stranger.goto(`${server.baseUrl}/register`);
    await stranger
      .getByText('This pool is by invitation only. Ask your pool host for an invitation link.')
      .waitFor();
    expect(await stranger.getByRole('button', { name: 'Create account' }).count()).toBe(0);
    // The API refuses it too, whatever the page shows.
    const direct = await stranger.request.post(`${server.baseUrl}/api/auth/register`, {
      data: { email: 'sneaky@example.com', password },
    });
    expect(direct.status()).toBe(403);
    expect(await direct.json()).toMatchObject({ code: 'INVITATION_REQUIRED' });
    await stranger.context().close();
  });

  it('the admin creates an invitation link on the admin page', async () => {
    await host.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    // The admin page opens on its Schedule tab; invitations are on the Users tab.
    await host.getByRole('tab', { name: 'Users' }).click();
    await host.getByRole('heading', { name: 'Invitations' }).waitFor();
    await host.getByLabel('Maximum uses').fill('1');
    await host.getByRole('button', { name: 'Create link' }).click();
    const link = host.getByLabel('New invitation link');
    await link.waitFor();
    invitationUrl = await link.inputValue();
    expect(invitationUrl).toMatch(new RegExp(`^${server.baseUrl}/register\\?invite=[A-Za-z0-9_-]{32}$`));
  });

  it('with the invitation link a player registers, sees no admin links and is refused admin pages and calls', async () => {
    const player = await (await browser.newContext()).newPage();
    await player.goto(invitationUrl);
    await player.getByText('You have been invited to join the pool.').waitFor();
    await signUp(player, { firstName: 'Ann', lastName: 'Player', email: 'ann@example.com' });
    const header = player.getByRole('banner');
    await header.getByText('Ann Player').waitFor();
    await header.getByText('Competitor').waitFor();
    const nav = player.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Periods' }).count()).toBe(0);

    await player.goto(`${server.baseUrl}/admin`);
    await player.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    const users = await player.request.get(`${server.baseUrl}/api/admin/users`);
    expect(users.status()).toBe(403);
    const importSchedule = await player.request.post(`${server.baseUrl}/api/admin/setup/periods`, {
      data: {},
    });
    expect(importSchedule.status()).toBe(403);

    // Logout ends the session: the landing page, and the API no longer knows this browser.
    await player.getByRole('button', { name: 'Logout' }).click();
    await player.getByRole('heading', { name: 'Join The Pool' }).waitFor();
    expect((await player.request.get(`${server.baseUrl}/api/auth/user`)).status()).toBe(401);
    await player.context().close();
  });

  it('the admin sees the new player and the used-up link', async () => {
    await host.reload();
    const regular = host.getByRole('list', { name: 'Regular users' });
    await regular.getByText('Ann Player').waitFor();
    await host.getByTestId('invitation-row').getByText('Used up').waitFor();
  });
});
