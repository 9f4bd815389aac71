import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startReplayDemo, type ReplayDemo } from '../support/browser.js';

const minute = 60_000;

/*
 * Issue 6: with the replay provider, a match that finishes reaches an open leaderboard without a
 * reload. The pool is the demo's (RESULTS_PROVIDER=replay, a clock at 60x), so the result comes
 * through the scheduler, the provider parser, the results process manager, the standings
 * projection and the socket: nothing is recorded by the test itself.
 */
describe('season replay in the browser', () => {
  let demo: ReplayDemo;

  beforeAll(async () => {
    demo = await startReplayDemo();
  });
  afterAll(async () => {
    await demo?.close();
  });

  it('shows Liverpool 4-2 Bournemouth (15 Aug 2025) on an open leaderboard the moment the replay finishes it', async () => {
    const { pool } = demo;
    const [ada] = pool.players;
    // Ada backs Liverpool before the season's first kickoff (19:00 UTC).
    await ada!.client.call('POST', '/api/choices', { periodId: 1, optionId: '1-LIV' });

    const page = await demo.open(ada!, '/leaderboards', { width: 1280, height: 900 });
    const adaRow = page.getByRole('listitem').filter({ hasText: 'Ada Byrne' });
    await adaRow.getByText('0 pts').waitFor();
    await page.getByText('Live', { exact: true }).waitFor();
    await page.evaluate(() => {
      (globalThis as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true;
    });

    // Late in the second half: the replay reports the match live, the scheduler polls every pool
    // minute (a second here) and records the result at the final whistle.
    const kickoff = pool.fixtures.find((f) => f.home === 'Liverpool FC' && f.matchweek === 1)!.kickoff;
    await pool.jumpTo(new Date(kickoff + 110 * minute));

    await page.getByText('Match finished').waitFor({ timeout: 30_000 });
    await adaRow.getByText('3 pts').waitFor({ timeout: 30_000 });
    await expect(
      page.evaluate(() => (globalThis as unknown as { stillTheSamePage?: boolean }).stillTheSamePage),
    ).resolves.toBe(true);
  });
});
