import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Choice, CreatedInvitation, LeaderboardEntry } from '@treble/contracts';
import { ProjectionEngine } from '../../src/projections/projection-engine.js';
import {
  registerAdmin,
  uniqueEmail,
  startTestApp,
  type SignedIn,
  type TestApp,
  type TestClient,
} from '../support/app.js';
import { databaseTargets } from '../support/databases.js';

/**
 * Every accepted command reaches the read side, under the whole mix at once (docs/adr/010): players
 * registering, picking and withdrawing in open matchweeks while the admin records and corrects the
 * results of a played one and completes and reopens it. Afterwards each player's picks and points
 * read back exactly, and every projection equals a rebuild from the log (`projections verify`).
 */
describe.each(databaseTargets)('the read side under concurrent commands on $name', (target) => {
  const onServer = target.name === 'Postgres server';
  const players = onServer ? 60 : 12;
  let app: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    app = await startTestApp(target, { POOL_NOW: '2025-08-10T12:00:00Z' });
    admin = await registerAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
    expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
    expect((await admin.request('POST', '/api/admin/setup/options', {})).status).toBe(200);
  }, 300_000);
  afterAll(async () => {
    await app?.close();
  });

  it('shows every accepted command on the read side, and a rebuild finds no difference', async () => {
    const teams = ['ARS', 'LIV', 'MCI', 'CHE', 'TOT', 'NEW', 'AVL', 'BHA', 'FUL', 'EVE'];
    const invitations: string[] = [];
    for (let i = 0; i < players; i++) {
      const response = await admin.request('POST', '/api/invites', { maxUses: 1 });
      invitations.push((response.body as CreatedInvitation).token);
    }

    // Round 1, all at once: sign-ups, each followed by three matchweek-1 picks.
    const joined: { client: TestClient; id: string; email: string; week1: string[] }[] = [];
    await Promise.all(
      invitations.map(async (token, i) => {
        const client = app.client();
        const email = uniqueEmail('racer');
        const response = await client.request('POST', '/api/auth/register', {
          email,
          password: 'correct horse battery',
          firstName: `P${i}`,
          inviteToken: token,
        });
        expect(response.status).toBe(201);
        const id = (response.body as { user: { id: string } }).user.id;
        const week1 = [teams[i % 10]!, teams[(i + 3) % 10]!, teams[(i + 6) % 10]!];
        for (const code of week1)
          expect(
            (await client.request('POST', '/api/choices', { periodId: 1, optionId: `1-${code}` })).status,
          ).toBe(201);
        joined.push({ client, id, email, week1 });
      }),
    );

    // Matchweek 1 has been played; matchweeks 2 and 3 are open.
    app.clock!.set(new Date('2025-08-20T12:00:00Z'));
    const outcomes = ['win', 'draw', 'loss'] as const;
    const outcomeOf = new Map(teams.map((code, i) => [code, outcomes[i % 3]!]));
    const expected = new Map<string, string[]>();
    const adminChain = (async () => {
      for (const code of teams)
        expect(
          (await admin.request('POST', '/api/results', { optionId: `1-${code}`, outcome: 'loss' })).status,
        ).toBe(201);
      expect((await admin.request('POST', '/api/periods/1/complete', { force: true })).status).toBeLessThan(
        300,
      );
      expect((await admin.request('POST', '/api/periods/1/reopen', {})).status).toBeLessThan(300);
      // The corrections: the real outcomes replace the first guesses.
      for (const code of teams)
        expect(
          (
            await admin.request('POST', '/api/results', {
              optionId: `1-${code}`,
              outcome: outcomeOf.get(code),
            })
          ).status,
        ).toBe(201);
      expect((await admin.request('POST', '/api/periods/1/complete', { force: true })).status).toBeLessThan(
        300,
      );
    })();
    const playerChains = joined.map(async (player, i) => {
      for (const period of [2, 3]) {
        const made: Choice[] = [];
        for (let k = 0; k < 3; k++) {
          const response = await player.client.request('POST', '/api/choices', {
            periodId: period,
            optionId: `${period}-${teams[(i + k * 2) % 10]}`,
          });
          expect(response.status).toBe(201);
          made.push(response.body as Choice);
        }
        // Change of mind: withdraw the second pick and take another team.
        expect((await player.client.request('DELETE', `/api/choices/${made[1]!.id}`)).status).toBe(200);
        const replacement = `${period}-${teams[(i + 7) % 10]}`;
        expect(
          (await player.client.request('POST', '/api/choices', { periodId: period, optionId: replacement }))
            .status,
        ).toBe(201);
        expected.set(`${player.id}:${period}`, [made[0]!.optionId, made[2]!.optionId, replacement].sort());
      }
    });
    await Promise.all([adminChain, ...playerChains]);

    // Every player can sign in, and reads back exactly what was accepted.
    for (const player of joined) {
      const fresh = app.client();
      expect(
        (
          await fresh.request('POST', '/api/auth/login', {
            email: player.email,
            password: 'correct horse battery',
          })
        ).status,
      ).toBe(200);
      for (const period of [2, 3]) {
        const mine = (await player.client.request('GET', `/api/choices/period/${period}`)).body as Choice[];
        expect(mine.map((c) => c.optionId).sort()).toEqual(expected.get(`${player.id}:${period}`));
      }
    }
    const points = { win: 3, draw: 1, loss: 0 };
    const overall = new Map<string, number>();
    for (let page = 1; overall.size < players; page++) {
      const rows = (
        await admin.request('GET', `/api/leaderboards/overall?limit=50&offset=${(page - 1) * 50}`)
      ).body as LeaderboardEntry[];
      if (rows.length === 0) break;
      for (const row of rows) overall.set(row.userId, row.totalPoints);
    }
    for (const player of joined) {
      expect(overall.get(player.id)).toBe(
        player.week1.reduce((sum, code) => sum + points[outcomeOf.get(code)!], 0),
      );
    }

    const engine = app.app.get(ProjectionEngine);
    for (const projection of engine.projections) {
      const report = await engine.verify(projection.name);
      expect({ projection: projection.name, differences: report.differences }).toEqual({
        projection: projection.name,
        differences: [],
      });
    }
  }, 900_000);
});
