import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AdminUser, CreatedInvitation, PersonalDataExport } from '@treble/contracts';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { Database } from '../../src/platform/database/database.js';
import { backupPool } from '../../src/operations/backup/pool-backup.js';
import { PostgresEventStore } from '../../src/event-store/postgres-event-store.js';
import { ProjectionEngine } from '../../src/projections/projection-engine.js';
import { AccountRetention } from '../../src/accounts/sessions/retention.js';
import { DeliveryLogRetention } from '../../src/notifications/personal-data.handlers.js';
import {
  expectRefused,
  registerAdmin,
  registerPlayer,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../support/app.js';
import { databaseTargets } from '../support/databases.js';
import { personalDataIn, personalDataInBackup } from '../support/personal-data-scan.js';

/*
 * A person's data is theirs (docs/adr/017): Yara downloads it, then deletes her account. Afterwards
 * her e-mail address and names are nowhere in the raw database (event payloads included) nor in a
 * backup made after; every other player's standings and history are what they were; her picks and
 * points stay as "Former player 1"'s; a rebuild equals the live read side.
 */
const yaraEmail = 'yara.quintavalle@example.com';
const needles = [yaraEmail, 'Yarathiel', 'Quintavalle', 'Brisk-Omondi', 'yara-avatar-7'];

describe.each(databaseTargets)("erasing a person's data on $name", (target) => {
  let app: TestApp;
  let ada: SignedIn;
  let yara: SignedIn;
  let bob: SignedIn;
  let cat: SignedIn;
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'treble-erasure-'));
  const backup = async (name: string) => {
    const file = path.join(files, name);
    await backupPool({
      database: app.app.get(Database),
      store: new PostgresEventStore(app.app.get(Database)),
      file,
      appVersion: 'test',
    });
    return file;
  };
  const settle = async () =>
    app.app.get(ProjectionEngine).waitFor(await app.app.get<EventStore>(EVENT_STORE).headPosition());
  /** What every player reads of the pool's standings and history. */
  const history = async () => {
    const read = async (route: string) => (await bob.request('GET', route)).body;
    return {
      overall: await read('/api/leaderboards/overall'),
      survivor: await read('/api/leaderboards/survivor'),
      grid: await read('/api/periods/1/pick-grid'),
      asOf: (await ada.request('GET', '/api/admin/standings-as-of?period=1')).body,
      payouts: await read('/api/prizes/payouts'),
    };
  };

  beforeAll(async () => {
    app = await startTestApp(target, {
      POOL_NOW: '2025-08-10T12:00:00Z',
      PROFILE_IMAGE_HOSTS: 'gravatar.com',
    });
    ada = await registerAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
    yara = await registerPlayer(app, ada, {
      email: yaraEmail,
      firstName: 'Yarathiel',
      lastName: 'Quintavalle',
    });
    bob = await registerPlayer(app, ada, { firstName: 'Bob', lastName: 'Baker' });
    cat = await registerPlayer(app, ada, { firstName: 'Cat', lastName: 'Cole' });
    expect((await ada.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
    expect((await ada.request('POST', '/api/admin/setup/options', {})).status).toBe(200);
    for (const [player, team] of [
      [yara, 'ARS'],
      [yara, 'LIV'],
      [bob, 'LIV'],
      [cat, 'CHE'],
    ] as const)
      expect(
        (await player.request('POST', '/api/choices', { periodId: 1, optionId: `1-${team}` })).status,
      ).toBe(201);
    app.clock!.set(new Date('2025-08-19T12:00:00Z'));
    for (const [optionId, outcome] of [
      ['1-ARS', 'win'],
      ['1-LIV', 'draw'],
      ['1-CHE', 'loss'],
    ] as const)
      expect((await ada.request('POST', '/api/results', { optionId, outcome })).status).toBe(201);
    expect((await ada.request('POST', '/api/periods/1/complete', { force: true })).status).toBe(200);
    // A name changed since (the old one is in the log too), a picture, notification choices.
    const profile = {
      lastName: 'Brisk-Omondi',
      profileImageUrl: 'https://gravatar.com/avatar/yara-avatar-7',
    };
    expect((await yara.request('PATCH', '/api/auth/user', profile)).status).toBe(200);
    const off = { email: false, push: false };
    const settings = { timeZone: 'Europe/Oslo', reminder: off, results: off, announcement: off };
    expect((await yara.request('PUT', '/api/notifications/settings', settings)).status).toBe(200);
    await settle();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    fs.rmSync(files, { recursive: true, force: true });
  });

  it('keeps her data sealed in the log before anything is erased, and the scans find it elsewhere', async () => {
    const hits = await personalDataIn(app.app.get(Database), needles);
    // Readable where the app needs it (the read side, the sign-in name) but never in an event.
    // (Read tables are stored under a generation's name: persons__g1.)
    expect(hits.map((hit) => hit.replace(/__g\d+:/, ':'))).toEqual(
      expect.arrayContaining(['persons: Yarathiel', `user_credentials: ${yaraEmail}`]),
    );
    expect(hits.filter((hit) => hit.startsWith('events'))).toEqual([]);
    // In a backup only as the sign-in name (the e-mail holds her surname too): the events are sealed.
    const inBackup = await personalDataInBackup(await backup('before.ndjson.gz'), needles);
    expect(inBackup).toContain(`credential: ${yaraEmail}`);
    expect(inBackup.filter((hit) => !hit.startsWith('credential'))).toEqual([]);
    const users = (await ada.request('GET', '/api/admin/users')).body as AdminUser[];
    expect(users.find((user) => user.id === yara.user.id)).toMatchObject({
      email: yaraEmail,
      firstName: 'Yarathiel',
      lastName: 'Brisk-Omondi',
      erased: false,
    });
  });

  it('hands her everything it keeps about her', async () => {
    const response = await yara.request('GET', '/api/auth/user/data');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /attachment; filename="treble-my-data-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const data = response.body as PersonalDataExport;
    expect(data.account).toMatchObject({
      email: yaraEmail,
      firstName: 'Yarathiel',
      lastName: 'Brisk-Omondi',
    });
    expect(data.pools).toHaveLength(1);
    const [pool] = data.pools;
    expect(pool!.membership).toMatchObject({ isAdmin: false, active: true });
    const picks = pool!.picks.map((pick) => [pick.periodId, pick.optionId, pick.points]);
    expect(picks.sort((a, b) => String(a[1]).localeCompare(String(b[1])))).toEqual([
      [1, '1-ARS', 3],
      [1, '1-LIV', 1],
    ]);
    expect(pool!.standings).toEqual([
      expect.objectContaining({ overall: { rank: 1, points: 4 }, last10: null }),
    ]);
    expect(pool!.notifications.settings).toEqual({
      timeZone: 'Europe/Oslo',
      reminder: 'off',
      results: 'off',
      announcement: 'off',
    });
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect((await app.request('GET', '/api/auth/user/data')).status).toBe(401);
  });

  it('refuses what it must, changing nothing', async () => {
    await expectRefused(
      app,
      yara,
      ['POST', '/api/auth/user/erasure', { password: 'not-it' }],
      400,
      'PASSWORD_INCORRECT',
    );
    await expectRefused(app, yara, ['POST', '/api/auth/user/erasure', {}], 400, 'VALIDATION_FAILED');
    // The last admin stays until someone else is one.
    await expectRefused(
      app,
      ada,
      ['POST', '/api/auth/user/erasure', { password: ada.password }],
      409,
      'LAST_ADMIN',
    );
    const erase = (id: string, confirmUserId: string): [string, string, unknown] => [
      'POST',
      `/api/admin/users/${id}/erasure`,
      { confirmUserId },
    ];
    await expectRefused(app, ada, erase(yara.user.id, bob.user.id), 400, 'VALIDATION_FAILED');
    await expectRefused(app, ada, erase(ada.user.id, ada.user.id), 400, 'VALIDATION_FAILED');
    await expectRefused(app, bob, erase(yara.user.id, yara.user.id), 403, 'FORBIDDEN_ADMIN_ONLY');
    const nobody = '00000000-0000-4000-8000-000000000000';
    await expectRefused(app, ada, erase(nobody, nobody), 404, 'USER_NOT_FOUND');
    // Bob also plays in the family pool: only he can delete his account.
    expect(
      (await ada.request('POST', '/api/pools', { address: 'family-erasure', name: 'Family' })).status,
    ).toBe(201);
    const link = await ada.request('POST', '/api/pools/family-erasure/invites', { maxUses: 1 });
    const { token } = link.body as CreatedInvitation;
    expect((await bob.request('POST', `/api/invitations/${token}/join`)).status).toBe(200);
    await expectRefused(app, ada, erase(bob.user.id, bob.user.id), 409, 'MEMBER_OF_OTHER_POOLS');
    // An admin of the family pool cannot reach a person who is no member of it.
    const family = '/api/pools/family-erasure/admin/users';
    const fromFamily = [`POST`, `${family}/${cat.user.id}/erasure`, { confirmUserId: cat.user.id }] as [
      string,
      string,
      unknown,
    ];
    await expectRefused(app, ada, fromFamily, 404, 'USER_NOT_FOUND');
  });

  it("lists every pool a person is in in their export, each with that pool's part", async () => {
    const data = (await bob.request('GET', '/api/auth/user/data')).body as PersonalDataExport;
    expect(
      data.pools.map(({ pool, membership, picks }) => [pool.address, membership.isAdmin, picks.length]),
    ).toEqual([
      ['default', false, 1],
      ['family-erasure', false, 0],
    ]);
  });

  it('erases her: nobody else’s standings change, a stand-in keeps her points, no trace stays', async () => {
    const before = await history();
    const erased = await yara.request('POST', '/api/auth/user/erasure', { password: yara.password });
    expect(erased.status).toBe(204);
    expect(erased.headers.get('set-cookie')).toMatch(/treble_session=;/);
    await settle();
    // She is signed out everywhere and cannot sign in.
    expect((await yara.request('GET', '/api/auth/user')).status).toBe(401);
    const signIn = await app.request('POST', '/api/auth/login', {
      email: yaraEmail,
      password: yara.password,
    });
    expect(signIn.status).toBe(401);
    // Everything reads as before, her name replaced by the stand-in's.
    const standIn = JSON.parse(
      JSON.stringify(before)
        .replaceAll('Yarathiel Brisk-Omondi', 'Former player 1')
        .replaceAll('"Yarathiel"', '"Former player"')
        .replaceAll('"Brisk-Omondi"', '"1"')
        .replaceAll('"https://gravatar.com/avatar/yara-avatar-7"', 'null'),
    ) as unknown;
    expect(await history()).toEqual(standIn);
    expect(JSON.stringify(await history())).toContain('Former player 1');
    // No trace in the raw database nor in a backup made now.
    expect(await personalDataIn(app.app.get(Database), needles)).toEqual([]);
    expect(await personalDataInBackup(await backup('after.ndjson.gz'), needles)).toEqual([]);
    // A rebuild of every read table equals the live one.
    const engine = app.app.get(ProjectionEngine);
    for (const projection of engine.projections)
      expect([projection.name, (await engine.verify(projection.name)).differences]).toEqual([
        projection.name,
        [],
      ]);
    // The history says who asked, not whose data it was.
    const audit = (await ada.request('GET', `/api/admin/audit?userId=${yara.user.id}`)).body as {
      type: string;
      actor: string;
      data: unknown;
    }[];
    expect(audit[0]).toMatchObject({ type: 'PersonErased', actor: yara.user.id, data: { standIn: 1 } });
  });

  it('answers a second erasure clearly and lets the address sign up as a new person', async () => {
    await expectRefused(
      app,
      ada,
      ['POST', `/api/admin/users/${yara.user.id}/erasure`, { confirmUserId: yara.user.id }],
      409,
      'ALREADY_ERASED',
    );
    const again = await registerPlayer(app, ada, { email: yaraEmail, firstName: 'Yara', lastName: 'New' });
    expect(again.user.id).not.toBe(yara.user.id);
    const users = (await ada.request('GET', '/api/admin/users')).body as AdminUser[];
    expect(users.find((user) => user.id === yara.user.id)).toMatchObject({
      email: '',
      firstName: 'Former player',
      lastName: '1',
      erased: true,
    });
  });

  it('lets an admin erase a member on request, recorded as the admin’s act', async () => {
    const response = await ada.request('POST', `/api/admin/users/${cat.user.id}/erasure`, {
      confirmUserId: cat.user.id,
    });
    expect(response.status).toBe(204);
    await settle();
    expect((await cat.request('GET', '/api/auth/user')).status).toBe(401);
    const overall = JSON.stringify((await bob.request('GET', '/api/leaderboards/overall')).body);
    expect(overall).toContain('Former player 2');
    expect(overall).not.toContain('Cat Cole');
    const audit = (await ada.request('GET', `/api/admin/audit?userId=${cat.user.id}`)).body as {
      type: string;
      actor: string;
    }[];
    expect(audit[0]).toMatchObject({ type: 'PersonErased', actor: ada.user.id });
  });
});

describe.each(databaseTargets)('what Treble keeps, for how long, on $name', (target) => {
  let app: TestApp;
  afterAll(async () => {
    await app?.close();
  });

  it('deletes ended sessions, spent reset links and old deliveries; keeps the rest', async () => {
    app = await startTestApp(target, { POOL_NOW: '2025-08-10T12:00:00Z' });
    const ada = await registerAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
    const db = app.app.get(Database);
    const day = 86_400_000;
    const now = app.clock!.now().getTime();
    const at = (offset: number) => new Date(now + offset);
    await db.query(
      `INSERT INTO user_sessions (id, token_hash, user_id, created_at, last_seen_at, expires_at)
       VALUES (gen_random_uuid(), 'ended', $1, $2, $2, $3), (gen_random_uuid(), 'idle', $1, $4, $4, $5)`,
      [ada.user.id, at(-40 * day), at(-1000), at(-20 * day), at(10 * day)],
    );
    await db.query(
      `INSERT INTO password_reset_tokens (token_hash, user_id, created_at, expires_at, used_at)
       VALUES ('spent', $1, $2, $2, $2), ('fresh', $1, $3, $4, NULL)`,
      [ada.user.id, at(-3 * day), at(-1000), at(day)],
    );
    await db.query(
      `INSERT INTO notification_log (user_id, recipient, kind, channel, subject, sent_at, status)
       VALUES ($1, 'old', 'reminder', 'email', 's', $2, 'delivered'), ($1, 'new', 'reminder', 'email', 's', $3, 'delivered')`,
      [ada.user.id, at(-200 * day), at(-day)],
    );
    expect(await app.app.get(AccountRetention).sweep()).toEqual({ sessions: 2, resetTokens: 1 });
    expect(await app.app.get(DeliveryLogRetention).sweep()).toBe(1);
    const left = async (sql: string) => (await db.query<{ key: string }>(sql)).rows.map((row) => row.key);
    expect(await left('SELECT token_hash AS key FROM password_reset_tokens')).toEqual(['fresh']);
    expect(await left('SELECT recipient AS key FROM notification_log')).toEqual(['new']);
    // Ada's own session (the one she registered with) stays, and still works.
    expect((await ada.request('GET', '/api/auth/user')).status).toBe(200);
  });
});
