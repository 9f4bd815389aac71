import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { defaultRules, type PoolRules } from '@treble/contracts';
import { startTestApp, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';

// The rules are configuration, not data: one database target is enough to show they are published.
const [embedded] = databaseTargets;

describe('GET /api/rules: the rules the server enforces, for the web app to state', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(embedded!, {
      MAX_USES_PER_TEAM: '6',
      SURVIVOR_STRIKES: '2',
      MIN_USES_ENFORCEMENT: 'off',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers anyone, signed in or not, with the configured values over the defaults', async () => {
    const response = await app.request('GET', '/api/rules');
    expect(response.status).toBe(200);
    const rules = response.body as PoolRules;
    expect(rules).toEqual({
      ...defaultRules,
      maxUsesPerTeam: 6,
      minUsesEnforcement: 'off',
      survivor: { ...defaultRules.survivor, strikesToEliminate: 2 },
    });
  });
});
