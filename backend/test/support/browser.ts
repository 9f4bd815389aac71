import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CreatedInvitation, Option, User } from '@treble/contracts';
import {
  chromium,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { startDemoPool, type DemoPool } from '../../src/demo/demo-pool.js';

/** The system Chromium (Debian package), driven by playwright-core: no browser download needed. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(
      `No Chromium at ${chromiumPath}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`,
    );
  }
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

/** The password every browser-test account uses. */
export const browserTestPassword = 'correct horse battery';

/**
 * A matchweek-1 morning of the bundled 2025-26 season: every period is imported as active, period 1
 * is the current one and none of its fixtures has kicked off, so every option can be picked.
 */
export const beforeSeasonStart = '2025-08-14T12:00:00Z';

export interface AccountDetails {
  firstName: string;
  lastName: string;
  email: string;
}

async function expectOk(response: APIResponse, what: string): Promise<unknown> {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/**
 * Registers through the API in `context`, which then holds the session cookie: its pages are
 * signed in. The first account of a pool becomes its admin; later ones need `inviteToken`.
 */
export async function registerInContext(
  context: BrowserContext,
  baseUrl: string,
  details: AccountDetails & { inviteToken?: string },
): Promise<User> {
  const response = await context.request.post(`${baseUrl}/api/auth/register`, {
    data: { ...details, password: browserTestPassword },
  });
  return (await expectOk(response, `Registering ${details.email}`)) as User;
}

/** An invitation link made by the admin signed in to `adminContext`. */
export async function createInvitation(
  adminContext: BrowserContext,
  baseUrl: string,
  maxUses = 1,
): Promise<CreatedInvitation> {
  const response = await adminContext.request.post(`${baseUrl}/api/invites`, { data: { maxUses } });
  const created = (await expectOk(response, 'Creating an invitation')) as CreatedInvitation;
  // Without PUBLIC_URL the link is a path, which the web app completes with its own address.
  return { ...created, url: new URL(created.url, baseUrl).href };
}

/** A new browser context signed in as a new player, invited by the admin of `adminContext`. */
export async function playerContext(
  browser: Browser,
  adminContext: BrowserContext,
  baseUrl: string,
  details: AccountDetails,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const { token } = await createInvitation(adminContext, baseUrl);
  const context = await browser.newContext(options);
  await registerInContext(context, baseUrl, { ...details, inviteToken: token });
  return context;
}

/** Pat Host, the pool's first account (its admin), signed in to a new context, with the season set up. */
export async function hostWithSeason(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const host = await browser.newContext();
  await registerInContext(host, baseUrl, { firstName: 'Pat', lastName: 'Host', email: 'pat@example.com' });
  await setUpSeason(host, baseUrl);
  return host;
}

/** The season's 38 periods (from the bundled schedule) and their 760 team options. */
export async function setUpSeason(adminContext: BrowserContext, baseUrl: string): Promise<void> {
  await expectOk(
    await adminContext.request.post(`${baseUrl}/api/admin/setup/periods`, { data: {} }),
    'Importing the schedule',
  );
  await expectOk(
    await adminContext.request.post(`${baseUrl}/api/admin/setup/options`, { data: {} }),
    'Creating the options',
  );
}

export async function periodOptions(
  context: BrowserContext,
  baseUrl: string,
  periodId: number,
): Promise<Option[]> {
  return (await expectOk(
    await context.request.get(`${baseUrl}/api/periods/${periodId}/options`),
    'Reading options',
  )) as Option[];
}

/** Picks through the API as the player of `context`. */
export async function pick(
  context: BrowserContext,
  baseUrl: string,
  periodId: number,
  optionId: string,
): Promise<void> {
  await expectOk(
    await context.request.post(`${baseUrl}/api/choices`, { data: { periodId, optionId } }),
    'Picking',
  );
}

/** Records a result through the API as the admin of `adminContext`. */
export async function recordResult(
  adminContext: BrowserContext,
  baseUrl: string,
  optionId: string,
  outcome: 'win' | 'draw' | 'loss',
): Promise<void> {
  const points = { win: 3, draw: 1, loss: 0 }[outcome];
  await expectOk(
    await adminContext.request.post(`${baseUrl}/api/results`, {
      data: { optionId, outcome, points, force: true },
    }),
    'Recording a result',
  );
}

/** A demo pool of the season replay at 60× with two players, and a browser: what the live journeys watch. */
export interface ReplayDemo {
  pool: DemoPool;
  browser: Browser;
  /** A signed-in page of `player` at `at`, in a context of its own with that viewport. */
  open(
    player: DemoPool['players'][number],
    at: string,
    viewport: { width: number; height: number },
  ): Promise<Page>;
  close(): Promise<void>;
}

export async function startReplayDemo(): Promise<ReplayDemo> {
  const quiet = { log() {}, error() {}, warn() {}, debug() {}, verbose() {}, fatal() {} };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'treble-replay-'));
  const pool = await startDemoPool({
    dataDir,
    speed: 60,
    players: 2,
    host: '127.0.0.1',
    logger: quiet,
    env: { PROJECTION_POLL_MS: '50' },
  });
  const browser = await launchBrowser();
  const contexts: BrowserContext[] = [];
  return {
    pool,
    browser,
    async open(player, at, viewport) {
      const context = await browser.newContext({ viewport });
      contexts.push(context);
      await context.addCookies(player.client.cookies.map((cookie) => ({ ...cookie, url: pool.baseUrl })));
      const page = await context.newPage();
      await page.goto(`${pool.baseUrl}${at}`);
      return page;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await pool.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
