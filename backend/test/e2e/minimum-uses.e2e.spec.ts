import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Period } from '@treble/contracts';
import { registerAdmin, startTestApp, type SignedIn, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';

const [embedded] = databaseTargets;

/**
 * `MIN_USES_ENFORCEMENT=reject`: a pick that would leave a team short of its minimum is refused.
 * The periods still open are read from the period streams (those not completed whose end is still
 * ahead), so near the season's end a pick spent on a team already used is refused while an unused
 * team is still allowed.
 */
describe('the minimum uses per team, enforced by rejecting picks', () => {
  let app: TestApp;
  let player: SignedIn;

  beforeAll(async () => {
    app = await startTestApp(embedded!, {
      POOL_NOW: '2025-08-10T12:00:00Z',
      MIN_USES_PER_TEAM: '1',
      MIN_USES_ENFORCEMENT: 'reject',
    });
    player = await registerAdmin(app);
    expect((await player.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
    expect((await player.request('POST', '/api/admin/setup/options', {})).status).toBe(200);
  }, 300_000);
  afterAll(async () => {
    await app?.close();
  });

  it('refuses, in the last open matchweek, a team already used, and allows one never used', async () => {
    expect((await player.request('POST', '/api/choices', { periodId: 1, optionId: '1-ARS' })).status).toBe(
      201,
    );
    const periods = (await player.request('GET', '/api/periods')).body as Period[];
    // After matchweek 37 has ended, only matchweek 38 is open: 3 picks left for 19 unused teams.
    app.clock!.set(new Date(Date.parse(periods.find((period) => period.id === 37)!.endDate) + 60_000));
    // Nine months on, the session has expired: sign in again.
    const login = { email: player.user.email, password: player.password };
    expect((await player.request('POST', '/api/auth/login', login)).status).toBe(200);

    const again = await player.request('POST', '/api/choices', { periodId: 38, optionId: '38-ARS' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'MIN_USES_UNREACHABLE' });
    expect((await player.request('POST', '/api/choices', { periodId: 38, optionId: '38-CHE' })).status).toBe(
      201,
    );
  });
});
