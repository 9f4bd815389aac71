import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatedInvitation, Invitation, RegistrationOptions } from '@treble/contracts';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { ProjectionEngine } from '../../src/projections/projection-engine.js';
import { metadataFor } from '../../src/shared/domain/event.js';
import {
  registerAdmin,
  registerPlayer,
  restartableTestApp,
  startTestApp,
  uniqueEmail,
  type RestartableTestApp,
  type SignedIn,
  type TestApp,
} from '../support/app.js';
import { databaseTargets, serverTarget } from '../support/databases.js';

const password = 'correct horse battery';

/** How many invitations a member created, and referral tokens were issued to them, by the log. */
async function referralEvents(app: TestApp, userId: string): Promise<Record<string, number>> {
  const events = await app.app.get<EventStore>(EVENT_STORE).readAll({
    after: 0n,
    maxCount: 1_000_000,
    types: ['InvitationCreated', 'ReferralInvitationIssued'],
  });
  const counts: Record<string, number> = { InvitationCreated: 0, ReferralInvitationIssued: 0 };
  for (const event of events) {
    const data = event.data as { createdBy?: string; userId?: string };
    if ((data.createdBy ?? data.userId) === userId) counts[event.type]! += 1;
  }
  return counts;
}

/** `count` referral requests at once, spread over the given app instances; the tokens answered. */
async function racingReferrals(player: SignedIn, instances: TestApp[], count: number): Promise<string[]> {
  const cookie = player.cookieHeader()!;
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      instances[i % instances.length]!.request('POST', '/api/invites/referral', {}, { cookie }),
    ),
  );
  expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
  return answers.map((answer) => (answer.body as CreatedInvitation).token);
}

/**
 * The Invite page's referral link is a real invitation: one per player however many requests race,
 * reusable, the same on every visit, revocable, and dead while its player is deactivated or removed.
 */
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

  it('gives 40 requests at once one link: the same token in every answer, one invitation in the log', async () => {
    const bea = await registerPlayer(app, admin, { firstName: 'Bea' });
    const tokens = await racingReferrals(bea, [app], 40);
    expect(new Set(tokens).size).toBe(1);
    expect(await referralEvents(app, bea.user.id)).toEqual({
      InvitationCreated: 1,
      ReferralInvitationIssued: 1,
    });
    const listed = ((await admin.request('GET', '/api/invites')).body as Invitation[]).filter(
      (row) => row.createdBy === bea.user.id,
    );
    expect(listed.map((row) => row.token)).toEqual([tokens[0]]);
  });

  it('keeps as the referral link one the player made before referral links had a stream of their own', async () => {
    const fay = await registerPlayer(app, admin, { firstName: 'Fay' });
    const token = 'earlierReferralLinkOfFay00000000';
    const { position } = await app.app.get<EventStore>(EVENT_STORE).append(
      `invitation-${token}`,
      [
        {
          type: 'InvitationCreated',
          data: { token, maxUses: null, expiresAt: null, createdBy: fay.user.id },
          metadata: metadataFor({
            actor: fay.user.id,
            source: 'player',
            now: new Date(),
            correlationId: 'earlier',
          }),
        },
      ],
      'no_stream',
    );
    await app.app.get(ProjectionEngine).waitFor(position, 10_000, ['invitations']);
    const tokens = await racingReferrals(fay, [app], 5);
    expect(tokens).toEqual(tokens.map(() => token));
    expect(await referralEvents(app, fay.user.id)).toEqual({
      InvitationCreated: 1,
      ReferralInvitationIssued: 1,
    });
  });

  it("admits nobody through a player's links while they are deactivated or removed, and again once reactivated", async () => {
    const cal = await registerPlayer(app, admin, { firstName: 'Cal' });
    const { token } = (await cal.request('POST', '/api/invites/referral', {})).body as CreatedInvitation;
    const head = () => app.app.get<EventStore>(EVENT_STORE).headPosition();
    const signUp = (prefix: string) =>
      app.request('POST', '/api/auth/register', { email: uniqueEmail(prefix), password, inviteToken: token });

    expect(
      (await admin.request('PATCH', `/api/admin/users/${cal.user.id}/active`, { active: false })).status,
    ).toBe(200);
    const before = await head();
    const refused = await signUp('stranger');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'INVITATION_SUSPENDED',
      message: expect.stringContaining('no longer active'),
    });
    expect(await head()).toBe(before);
    // The registration page says so before anyone fills in the form.
    const linkStatus = async () =>
      ((await app.request('GET', `/api/auth/registration?invite=${token}`)).body as RegistrationOptions)
        .invitation;
    expect(await linkStatus()).toEqual({ status: 'suspended' });

    expect(
      (await admin.request('PATCH', `/api/admin/users/${cal.user.id}/active`, { active: true })).status,
    ).toBe(200);
    expect(await linkStatus()).toEqual({ status: 'valid' });
    expect((await signUp('welcome')).status).toBe(201);

    // A player who never picked can be removed: their link is dead from then on.
    const dee = await registerPlayer(app, admin, { firstName: 'Dee' });
    const deeLink = ((await dee.request('POST', '/api/invites/referral', {})).body as CreatedInvitation)
      .token;
    expect((await admin.request('DELETE', `/api/admin/users/${dee.user.id}`)).status).toBe(204);
    const afterRemoval = await app.request('POST', '/api/auth/register', {
      email: uniqueEmail('late'),
      password,
      inviteToken: deeLink,
    });
    expect(afterRemoval.body).toMatchObject({ statusCode: 403, code: 'INVITATION_SUSPENDED' });
  });
});

// Several app instances need a shared server (the embedded database belongs to one process).
if (serverTarget) {
  describe('referral invitations on two app instances sharing a Postgres server', () => {
    let database: RestartableTestApp;
    const instances: TestApp[] = [];

    beforeAll(async () => {
      database = await restartableTestApp(serverTarget!, { POOL_NOW: '2025-09-01T12:00:00Z' });
      instances.push(await database.start(), await database.start());
    });
    afterAll(async () => {
      for (const instance of instances) await instance.close();
      await database?.dispose();
    });

    it('issues one link to 40 requests racing over both instances (the version check, not a lock in one process)', async () => {
      const admin = await registerAdmin(instances[0]!);
      const eve = await registerPlayer(instances[0]!, admin, { firstName: 'Eve' });
      const tokens = await racingReferrals(eve, instances, 40);
      expect(new Set(tokens).size).toBe(1);
      expect(await referralEvents(instances[0]!, eve.user.id)).toEqual({
        InvitationCreated: 1,
        ReferralInvitationIssued: 1,
      });
    });
  });
}
