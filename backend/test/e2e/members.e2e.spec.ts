import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CommandBus } from '@nestjs/cqrs';
import type { AdminUser, AuditEntry } from '@treble/contracts';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { MakeChoiceCommand } from '../../src/picks/commands/picks.handlers.js';
import { Database } from '../../src/platform/database/database.js';
import { ProjectionEngine } from '../../src/projections/projection-engine.js';
import { DomainError } from '../../src/shared/domain/domain-error.js';
import { registerAdmin, registerPlayer, startTestApp, type SignedIn, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';
import { personalDataIn } from '../support/personal-data-scan.js';

/** Admin › Users: deactivate and reactivate, remove one who never picked, entry fee; all audited. */
describe.each(databaseTargets)('managing members on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;

  const listed = async (userId: string) =>
    ((await admin.request('GET', '/api/admin/users')).body as AdminUser[]).find((user) => user.id === userId);

  beforeAll(async () => {
    // Before matchweek 1 kicks off: every period is open for picks.
    app = await startTestApp(target, { POOL_NOW: '2025-08-10T12:00:00Z' });
    admin = await registerAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
    expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
    expect((await admin.request('POST', '/api/admin/setup/options', {})).status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('deactivates a player (signed out, no sign-in, no picks; points kept) and reactivates them', async () => {
    const ann = await registerPlayer(app, admin, { firstName: 'Ann', lastName: 'Able' });
    expect((await ann.request('POST', '/api/choices', { periodId: 1, optionId: '1-ARS' })).status).toBe(201);
    await app.app
      .get(ProjectionEngine)
      .waitFor(await app.app.get<EventStore>(EVENT_STORE).headPosition(), undefined, ['users']);
    expect(await listed(ann.user.id)).toMatchObject({ active: true, feePaidOn: null, hasPicked: true });

    const off = await admin.request('PATCH', `/api/admin/users/${ann.user.id}/active`, { active: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: ann.user.id, active: false, hasPicked: true });
    expect((await ann.request('GET', '/api/auth/user')).status).toBe(401);
    const signIn = await app.request('POST', '/api/auth/login', {
      email: ann.user.email,
      password: ann.password,
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body).toMatchObject({ code: 'ACCOUNT_DEACTIVATED' });
    // Even a pick already on its way is refused.
    const refused = await app.app
      .get(CommandBus)
      .execute(
        new MakeChoiceCommand(ann.user.id, 1, '1-LIV', {
          actor: ann.user.id,
          source: 'player',
          now: new Date('2025-08-10T12:00:00Z'),
          correlationId: 'test',
        }),
      )
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('ACCOUNT_DEACTIVATED');
    // Still listed (as inactive) with the history kept.
    expect((await admin.request('GET', '/api/admin/choices/period/1')).text).toContain(ann.user.id);

    expect(
      (await admin.request('PATCH', `/api/admin/users/${ann.user.id}/active`, { active: true })).body,
    ).toMatchObject({
      active: true,
    });
    expect(
      (await app.request('POST', '/api/auth/login', { email: ann.user.email, password: ann.password }))
        .status,
    ).toBe(200);
  });

  it('refuses to deactivate or remove yourself or another admin, and refuses players', async () => {
    const bob = await registerPlayer(app, admin);
    expect(
      (await admin.request('PATCH', `/api/admin/users/${admin.user.id}/active`, { active: false })).body,
    ).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'You cannot deactivate your own account.',
    });
    expect(
      (await admin.request('PATCH', `/api/admin/users/${bob.user.id}/admin`, { isAdmin: true })).status,
    ).toBe(200);
    expect((await admin.request('DELETE', `/api/admin/users/${bob.user.id}`)).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Revoke admin rights before you remove this account.',
    });
    expect(
      (await admin.request('PATCH', `/api/admin/users/${bob.user.id}/admin`, { isAdmin: false })).status,
    ).toBe(200);
    expect(
      (await bob.request('PATCH', `/api/admin/users/${admin.user.id}/active`, { active: false })).status,
    ).toBe(403);
    expect(
      (await admin.request('PATCH', `/api/admin/users/${bob.user.id}/active`, { active: 'no' })).status,
    ).toBe(400);
    expect(
      (
        await admin.request('PATCH', '/api/admin/users/00000000-0000-4000-8000-000000000000/active', {
          active: false,
        })
      ).body,
    ).toMatchObject({
      statusCode: 404,
      code: 'USER_NOT_FOUND',
    });
  });

  it('removes a player who never picked (the address may join again), never one who picked', async () => {
    const cleo = await registerPlayer(app, admin);
    const dan = await registerPlayer(app, admin);
    expect((await dan.request('POST', '/api/choices', { periodId: 1, optionId: '1-CHE' })).status).toBe(201);
    // A pick withdrawn since still counts: the history is in the log.
    const choices = (await dan.request('GET', '/api/choices/period/1')).body as Array<{ id: string }>;
    expect((await dan.request('DELETE', `/api/choices/${choices[0]!.id}`)).status).toBe(200);

    // The list agrees with the server: Remove is offered for Cleo, not for Dan (who has no current pick).
    const store = app.app.get<EventStore>(EVENT_STORE);
    await app.app.get(ProjectionEngine).waitFor(await store.headPosition(), undefined, ['users']);
    expect((await dan.request('GET', '/api/choices/period/1')).body).toEqual([]);
    expect(await listed(dan.user.id)).toMatchObject({ hasPicked: true });
    expect(await listed(cleo.user.id)).toMatchObject({ hasPicked: false });

    const withPicks = await admin.request('DELETE', `/api/admin/users/${dan.user.id}`);
    expect(withPicks.status).toBe(409);
    expect(withPicks.body).toMatchObject({ code: 'USER_HAS_PICKS' });

    expect((await admin.request('DELETE', `/api/admin/users/${cleo.user.id}`)).status).toBe(204);
    expect(await listed(cleo.user.id)).toBeUndefined();
    expect((await cleo.request('GET', '/api/auth/user')).status).toBe(401);
    expect(
      (await app.request('POST', '/api/auth/login', { email: cleo.user.email, password: cleo.password }))
        .status,
    ).toBe(401);
    expect((await admin.request('DELETE', `/api/admin/users/${cleo.user.id}`)).body).toMatchObject({
      code: 'USER_NOT_FOUND',
    });
    // Nothing of her stays readable, the events she left included.
    expect(await personalDataIn(app.app.get(Database), [cleo.user.email])).toEqual([]);
    const again = await registerPlayer(app, admin, { email: cleo.user.email });
    expect(again.user.id).not.toBe(cleo.user.id);
  });

  it('marks the entry fee paid with the day (today by default) and unpaid, for admins only', async () => {
    const eve = await registerPlayer(app, admin);
    const paid = await admin.request('PATCH', `/api/admin/users/${eve.user.id}/fee`, { paid: true });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ feePaidOn: '2025-08-10' });
    expect(
      (
        await admin.request('PATCH', `/api/admin/users/${eve.user.id}/fee`, {
          paid: true,
          paidOn: '2025-08-01',
        })
      ).body,
    ).toMatchObject({
      feePaidOn: '2025-08-01',
    });
    expect(
      (
        await admin.request('PATCH', `/api/admin/users/${eve.user.id}/fee`, {
          paid: true,
          paidOn: '1st of May',
        })
      ).body,
    ).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
    });
    expect((await eve.request('PATCH', `/api/admin/users/${eve.user.id}/fee`, { paid: true })).status).toBe(
      403,
    );
    // The player's own view of themselves does not show it.
    expect(Object.keys((await eve.request('GET', '/api/auth/user')).body as object)).not.toContain(
      'feePaidOn',
    );
    expect(
      (await admin.request('PATCH', `/api/admin/users/${eve.user.id}/fee`, { paid: false })).body,
    ).toMatchObject({
      feePaidOn: null,
    });

    const store = app.app.get<EventStore>(EVENT_STORE);
    await app.app.get(ProjectionEngine).waitFor(await store.headPosition(), undefined, ['audit']);
    const audit = (await admin.request('GET', `/api/admin/audit?userId=${eve.user.id}`)).body as AuditEntry[];
    expect(
      audit.filter((entry) => entry.type === 'EntryFeeMarked').map((entry) => [entry.actorName, entry.data]),
    ).toEqual([
      ['Ada Admin', { userId: eve.user.id, paidOn: null }],
      ['Ada Admin', { userId: eve.user.id, paidOn: '2025-08-01' }],
      ['Ada Admin', { userId: eve.user.id, paidOn: '2025-08-10' }],
    ]);
  });
});
