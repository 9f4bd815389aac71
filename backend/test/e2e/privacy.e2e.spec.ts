import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LeaderboardEntry, Payout } from '@treble/contracts';
import { registerAdmin, registerPlayer, startTestApp, type SignedIn, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';

/**
 * A player sees other players' names, never their e-mail addresses: a player without a name shows
 * as `z…@example.com`. Admins, and each player for their own row, still see the address.
 */
describe.each(databaseTargets)('e-mail addresses stay private on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;
  let ann: SignedIn;
  let zed: SignedIn;
  const zedEmail = 'zed.private@example.com';
  const annEmail = 'ann.able@example.com';
  // (Last 10 only counts the season's last 10 matchweeks: its rows are checked for addresses below.)
  const boards = ['/api/leaderboards/overall', '/api/leaderboards/survivor'];

  beforeAll(async () => {
    app = await startTestApp(target, { POOL_NOW: '2025-08-10T12:00:00Z' });
    admin = await registerAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
    ann = await registerPlayer(app, admin, { email: annEmail, firstName: 'Ann', lastName: 'Able' });
    zed = await registerPlayer(app, admin, { email: zedEmail });
    expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
    expect((await admin.request('POST', '/api/admin/setup/options', {})).status).toBe(200);
    // Matchweek 1 picks, then the round is played and its results are in.
    expect((await ann.request('POST', '/api/choices', { periodId: 1, optionId: '1-ARS' })).status).toBe(201);
    expect((await zed.request('POST', '/api/choices', { periodId: 1, optionId: '1-LIV' })).status).toBe(201);
    app.clock!.set(new Date('2025-08-19T12:00:00Z'));
    for (const [optionId, outcome] of [
      ['1-ARS', 'win'],
      ['1-LIV', 'draw'],
    ] as const)
      expect((await admin.request('POST', '/api/results', { optionId, outcome })).status).toBe(201);
    expect((await admin.request('POST', '/api/periods/1/complete', { force: true })).status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows another player only a name, or a masked address, on every leaderboard', async () => {
    for (const path of boards) {
      const response = await ann.request('GET', path);
      expect(response.status).toBe(200);
      expect(response.text).not.toContain(zedEmail);
      expect(response.text).not.toContain(admin.user.email);
      const rows = response.body as LeaderboardEntry[];
      const zedRow = rows.find((row) => row.userId === zed.user.id);
      expect(zedRow).toMatchObject({
        email: null,
        firstName: null,
        lastName: null,
        displayName: 'z…@example.com',
      });
      // Her own row keeps her address.
      expect(rows.find((row) => row.userId === ann.user.id)).toMatchObject({
        email: annEmail,
        displayName: 'Ann Able',
      });
    }
  });

  it('still shows admins every address', async () => {
    for (const path of boards) {
      const rows = (await admin.request('GET', path)).body as LeaderboardEntry[];
      expect(rows.find((row) => row.userId === zed.user.id)).toMatchObject({
        email: zedEmail,
        displayName: 'z…@example.com',
      });
      expect(rows.find((row) => row.userId === ann.user.id)).toMatchObject({ email: annEmail });
    }
  });

  it('shows no address in the public payouts, the compare view or the period picks', async () => {
    const payouts = await app.request('GET', '/api/prizes/payouts');
    expect(payouts.status).toBe(200);
    expect((payouts.body as Payout[]).length).toBeGreaterThan(0);
    for (const payout of payouts.body as Payout[]) expect(payout.email).toBeNull();
    expect(payouts.text).not.toContain(zedEmail);
    expect(payouts.text).not.toContain(annEmail);
    for (const path of [
      `/api/performance/compare?periodIds=1&userId=${zed.user.id}`,
      '/api/periods/1/picks',
      '/api/leaderboards/summary',
      '/api/leaderboards/last10',
      '/api/community/stats',
    ]) {
      const response = await ann.request('GET', path);
      expect(response.status).toBe(200);
      expect(response.text).not.toContain(zedEmail);
    }
  });
});
