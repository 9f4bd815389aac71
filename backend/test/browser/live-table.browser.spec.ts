import path from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import type { DemoPool } from '../../src/demo/demo-pool.js';
import { startReplayDemo, type ReplayDemo } from '../support/browser.js';

const minute = 60_000;
const shots = process.env.BROWSER_SHOTS_DIR;

/*
 * Issue 25: the live table with the season replay. Ada backs Liverpool and Bilal Bournemouth for
 * the season's first match (Liverpool 1-0 Bournemouth at half time, 4-2 at full time). Ada watches
 * on a phone 320 px wide, Bilal on a laptop: at half time both open Leaderboards pages show, live
 * and without a reload, Ada's provisional lead; at full time the official table takes over with
 * the result.
 */
describe('the live table in the browser', () => {
  let demo: ReplayDemo;

  beforeAll(async () => {
    demo = await startReplayDemo();
  });
  afterAll(async () => {
    await demo?.close();
  });

  async function watch(player: DemoPool['players'][number], viewport: { width: number; height: number }) {
    const page = await demo.open(player, '/leaderboards', viewport);
    await page.getByRole('heading', { name: 'Leaderboards' }).waitFor();
    await page.evaluate(() => {
      (globalThis as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true;
    });
    return { page };
  }

  it('moves an open Leaderboards page with the half-time score, then hands over to the result', async () => {
    const { pool } = demo;
    const [ada, bilal] = pool.players;
    await ada!.client.call('POST', '/api/choices', { periodId: 1, optionId: '1-LIV' });
    await bilal!.client.call('POST', '/api/choices', { periodId: 1, optionId: '1-BOU' });
    // The narrowest phone the app supports.
    const phone = await watch(ada!, { width: 320, height: 640 });
    const laptop = await watch(bilal!, { width: 1366, height: 800 });

    const kickoff = pool.fixtures.find((f) => f.home === 'Liverpool FC' && f.matchweek === 1)!.kickoff;
    await pool.jumpTo(new Date(kickoff + 50 * minute));

    for (const [name, { page }] of [
      ['phone', phone],
      ['laptop', laptop],
    ] as const) {
      await page.getByRole('switch', { name: 'Live table' }).waitFor({ timeout: 30_000 });
      await page.getByTestId('live-note').getByText('Provisional:').waitFor();
      await page.getByTestId('live-match').getByText('1–0').waitFor();
      const adaRow = page.getByTestId('live-row').filter({ hasText: 'Ada Byrne' });
      await adaRow.getByText('3 pts').waitFor();
      await adaRow.getByText('+3').waitFor();
      await page.getByTestId('live-row').first().getByText('Ada Byrne').waitFor();
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      if (overflow > 0) throw new Error(`The ${name} page scrolls sideways by ${overflow}px`);
      if (shots)
        await page.screenshot({ path: path.join(shots, `live-table-half-time-${name}.png`), fullPage: true });
    }

    // Full time: the result is recorded and the official table takes over on both pages.
    await pool.jumpTo(new Date(kickoff + 115 * minute));
    for (const [name, { page }] of [
      ['phone', phone],
      ['laptop', laptop],
    ] as const) {
      await page.getByRole('switch', { name: 'Live table' }).waitFor({ state: 'detached', timeout: 30_000 });
      const adaRow = page.getByTestId('leader-row').filter({ hasText: 'Ada Byrne' });
      await adaRow.getByText('3 pts').waitFor({ timeout: 30_000 });
      await page.getByTestId('live-note').waitFor({ state: 'detached' });
      if (shots)
        await page.screenshot({ path: path.join(shots, `live-table-full-time-${name}.png`), fullPage: true });
      const same = await page.evaluate(
        () => (globalThis as unknown as { stillTheSamePage?: boolean }).stillTheSamePage,
      );
      if (same !== true) throw new Error(`The ${name} page reloaded`);
    }
  });
});
