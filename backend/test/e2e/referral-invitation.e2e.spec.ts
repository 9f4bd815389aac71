import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatedInvitation, Invitation } from '@treble/contracts';
import {
  registerAdmin,
  registerPlayer,
  startTestApp,
  uniqueEmail,
  type SignedIn,
  type TestApp,
} from '../support/app.js';
import { databaseTargets } from '../support/databases.js';

const password = 'correct horse battery';

/** The Invite page's referral link is a real invitation: reusable, the same on every visit, revocable. */
describe.each(databaseTargets)('referral invitations on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;
  let ann: SignedIn;

  beforeAll(async () => {
    app = await startTestApp(target, { POOL_NOW: '2025-09-01T12:00:00Z' });
    admin = await registerAdmin(app);
    ann = await registerPlayer(app, admin, { firstName: 'Ann' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('creates the link on demand, gives the same one again, and lets several friends sign up', async () => {
    const first = await ann.request('POST', '/api/invites/referral', {});
    expect(first.status).toBe(200);
    const { token, url } = first.body as CreatedInvitation;
    // Without PUBLIC_URL, a path the web app completes with its own address (never the request's Host).
    expect(url).toBe(`/register?invite=${token}`);
    expect(((await ann.request('POST', '/api/invites/referral', {})).body as CreatedInvitation).token).toBe(
      token,
    );
    for (const prefix of ['friend-a', 'friend-b']) {
      const joined = await app.request('POST', '/api/auth/register', {
        email: uniqueEmail(prefix),
        password,
        inviteToken: token,
      });
      expect(joined.status).toBe(201);
    }
    const listed = ((await admin.request('GET', '/api/invites')).body as Invitation[]).find(
      (row) => row.token === token,
    );
    expect(listed).toMatchObject({ token, maxUses: null, uses: 2 });
  });

  it('is revoked by an admin, after which it admits nobody and a new one is made', async () => {
    const { token } = (await ann.request('POST', '/api/invites/referral', {})).body as CreatedInvitation;
    expect((await ann.request('DELETE', `/api/invites/${token}`)).status).toBe(403);
    expect((await admin.request('DELETE', `/api/invites/${token}`)).status).toBeLessThan(300);
    const refused = await app.request('POST', '/api/auth/register', {
      email: uniqueEmail('late'),
      password,
      inviteToken: token,
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const next = (await ann.request('POST', '/api/invites/referral', {})).body as CreatedInvitation;
    expect(next.token).not.toBe(token);
  });

  it('needs a signed-in player', async () => {
    expect((await app.request('POST', '/api/invites/referral', {})).status).toBe(401);
  });
});
