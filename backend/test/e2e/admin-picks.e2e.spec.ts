import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChoiceView, TeamUsage } from '@treble/contracts';
import { registerAdmin, registerPlayer, startTestApp, type SignedIn, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';

/** The admin reads behind the Historical tab: everyone's picks of a period and a player's usage. */
describe.each(databaseTargets)('admin pick reads over HTTP on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;
  let ann: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    // Mid-season: matchweek 1 has ended, matchweek 20 is ahead (its options are not locked yet).
    app = await startTestApp(target, { POOL_NOW: '2025-12-20T10:00:00Z' });
    admin = await registerAdmin(app);
    ann = await registerPlayer(app, admin, { firstName: 'Ann' });
    bob = await registerPlayer(app, admin, { firstName: 'Bob' });
    await admin.request('POST', '/api/admin/setup/periods', {});
    await admin.request('POST', '/api/admin/setup/options', {});
  });
  afterAll(async () => {
    await app?.close();
  });

  it("lists every player's picks of a period, locked or not, and each player's usage", async () => {
    const retro = await admin.request('POST', '/api/retroactive-choices', {
      userId: ann.user.id,
      periodId: 1,
      optionIds: ['1-ARS', '1-CHE', '1-LIV'],
    });
    expect(retro.status).toBe(201);
    expect((await ann.request('POST', '/api/choices', { periodId: 20, optionId: '20-ARS' })).status).toBe(
      201,
    );
    expect((await bob.request('POST', '/api/choices', { periodId: 20, optionId: '20-EVE' })).status).toBe(
      201,
    );

    const period1 = (await admin.request('GET', '/api/admin/choices/period/1')).body as ChoiceView[];
    expect(
      period1.map((choice) => [choice.userId, choice.optionId, choice.retroactive, choice.status]).sort(),
    ).toEqual([
      [ann.user.id, '1-ARS', true, 'active'],
      [ann.user.id, '1-CHE', true, 'active'],
      [ann.user.id, '1-LIV', true, 'active'],
    ]);
    expect(period1[0]).toMatchObject({
      periodId: 1,
      teamKey: expect.any(String),
      teamName: expect.any(String),
    });

    // Period 20 has not locked: players cannot see each other's picks, the admin can.
    expect((await bob.request('GET', '/api/periods/20/picks')).body).toEqual([]);
    const period20 = (await admin.request('GET', '/api/admin/choices/period/20')).body as ChoiceView[];
    expect(period20.map((choice) => choice.optionId).sort()).toEqual(['20-ARS', '20-EVE']);

    const usage = (await admin.request('GET', `/api/admin/users/${ann.user.id}/usage`)).body as TeamUsage[];
    expect(usage.map((row) => [row.teamKey, row.uses])).toEqual([
      ['ARS', 2],
      ['CHE', 1],
      ['LIV', 1],
    ]);
    expect((await admin.request('GET', `/api/admin/users/${bob.user.id}/usage`)).body).toEqual([
      { teamKey: 'EVE', teamName: expect.any(String), uses: 1 },
    ]);
  });

  it('refuses players and bad period numbers', async () => {
    expect((await ann.request('GET', '/api/admin/choices/period/1')).status).toBe(403);
    expect((await ann.request('GET', `/api/admin/users/${ann.user.id}/usage`)).status).toBe(403);
    const bad = await admin.request('GET', '/api/admin/choices/period/abc');
    expect(bad.status).toBe(400);
  });
});
