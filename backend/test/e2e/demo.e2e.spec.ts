import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Choice, Period } from '@treble/contracts';
import { startDemoPool, type DemoPool } from '../../src/demo/demo-pool.js';
import { eventually } from '../support/waiting.js';

const quiet = { log() {}, error() {}, warn() {}, debug() {}, verbose() {}, fatal() {} };
const minute = 60_000;

/** `npm run demo`'s pool and director: what a newcomer sees in the first minute. */
describe('the demo pool (npm run demo)', () => {
  let pool: DemoPool;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'treble-demo-'));
    // Real-time clock speed: the test moves it itself.
    pool = await startDemoPool({
      dataDir,
      speed: 1,
      players: 4,
      host: '127.0.0.1',
      logger: quiet,
      env: { PROJECTION_POLL_MS: '50' },
    });
  });
  afterAll(async () => {
    await pool?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts three hours before the first kickoff with the season imported and the scheduler running', async () => {
    const periods = await pool.admin.call<Period[]>('GET', '/api/periods');
    expect(periods).toHaveLength(38);
    const kickoff = pool.fixtures[0]!.kickoff;
    expect(kickoff).toBe(Date.parse('2025-08-15T19:00:00Z'));
    expect(kickoff - pool.clock.now().getTime()).toBeGreaterThan(2.5 * 60 * minute);
    await expect(pool.admin.call('GET', '/api/epl-results/scheduler/status')).resolves.toMatchObject({
      isRunning: true,
    });
  });

  it('runs three pools with overlapping members, each with its season and its results switch on', async () => {
    expect(pool.pools.map((p) => [p.address, p.players.map(({ player }) => player.email)])).toEqual([
      ['default', pool.players.map(({ player }) => player.email)],
      ['office', pool.players.slice(0, 3).map(({ player }) => player.email)],
      ['family', pool.players.slice(1).map(({ player }) => player.email)],
    ]);
    const second = pool.players[1]!.client;
    const mine = await second.call<{ address: string }[]>('GET', '/api/pools');
    expect(mine.map((p) => p.address)).toEqual(['default', 'office', 'family']);
    for (const address of ['office', 'family']) {
      await expect(pool.admin.call<Period[]>('GET', `/api/pools/${address}/periods`)).resolves.toHaveLength(
        38,
      );
      await expect(
        pool.admin.call('GET', `/api/pools/${address}/epl-results/scheduler/status`),
      ).resolves.toMatchObject({ isRunning: true });
    }
  });

  it('has every computer player pick three teams for the coming matchweek, and only for it', async () => {
    const progress = await pool.step();
    expect(progress.notes).toContain('Matchweek 1: 4 computer players made 12 picks');
    expect(progress.notes).toContain('The office · Matchweek 1: 3 computer players made 9 picks');
    expect(progress.notes).toContain('The family · Matchweek 1: 3 computer players made 9 picks');
    for (const { client } of pool.players) {
      await expect(client.call<Choice[]>('GET', '/api/choices/period/1')).resolves.toHaveLength(3);
      await expect(client.call<Choice[]>('GET', '/api/choices/period/2')).resolves.toHaveLength(0);
    }
    expect(progress).toMatchObject({ matchweek: 1, matchesFinished: 0, ended: false });
  });

  it('skips a quiet night to shortly before the next kickoff, and the finished match is on the board', async () => {
    const liverpool = pool.fixtures[0]!;
    await pool.jumpTo(new Date(liverpool.kickoff + 3 * 60 * minute));
    const progress = await pool.step();
    // Next kickoff: Aston Villa v Newcastle, 16 Aug 12:30 London = 11:30 UTC; the demo lands 90 minutes before.
    expect(progress.poolNow.toISOString()).toMatch(/^2025-08-16T10:0/);
    expect(progress.notes.some((note) => note.startsWith('Skipped ahead to 2025-08-16 10:00'))).toBe(true);
    expect(progress.matchesFinished).toBe(1);
    // The projection catches up within moments of the recorded result.
    type Offered = { id: string; result: { outcome: string } | null };
    const options = await eventually('the Liverpool result on the board', async () => {
      const offered = await pool.players[0]!.client.call<Offered[]>('GET', '/api/periods/1/options');
      return offered.find((o) => o.id === '1-LIV')?.result ? offered : null;
    });
    expect(options.find((o) => o.id === '1-LIV')?.result?.outcome).toBe('win');
    expect(options.find((o) => o.id === '1-BOU')?.result?.outcome).toBe('loss');
    // The same poll recorded it in the other pools.
    const family = await eventually('the Liverpool result in the family pool', async () => {
      const offered = await pool.players[3]!.client.call<Offered[]>(
        'GET',
        '/api/pools/family/periods/1/options',
      );
      return offered.find((o) => o.id === '1-LIV')?.result ? offered : null;
    });
    expect(family.find((o) => o.id === '1-LIV')?.result?.outcome).toBe('win');
  });

  it('survives a three-week jump of the pool clock: the players sign in again and pick for the next matchweek', async () => {
    // Sessions expire after 14 idle days of pool time: a jump across an international break outlasts them.
    // Two days before matchweek 4, after the first international break: more than three weeks on.
    const before = pool.clock.now().getTime();
    const target = new Date(
      Math.min(...pool.fixtures.filter((f) => f.matchweek === 4).map((f) => f.kickoff)) -
        2 * 24 * 60 * minute,
    );
    expect(target.getTime() - before).toBeGreaterThan(21 * 24 * 60 * minute);
    await pool.jumpTo(target);
    const progress = await pool.step();
    expect(progress.poolNow.getTime()).toBeGreaterThanOrEqual(target.getTime());
    const periods = await pool.players[0]!.client.call<Period[]>('GET', '/api/periods');
    expect(periods).toHaveLength(38);
    const coming = 4;
    expect(progress.matchweek).toBe(coming);
    expect(progress.notes).toContain(`Matchweek ${coming}: 4 computer players made 12 picks`);
    for (const { client } of pool.players) {
      await expect(client.call<Choice[]>('GET', `/api/choices/period/${coming}`)).resolves.toHaveLength(3);
    }
  });
});
