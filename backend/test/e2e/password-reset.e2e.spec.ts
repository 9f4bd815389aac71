import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuditEntry, AuthResponse, PasswordResetLink, User } from '@treble/contracts';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { ProjectionEngine } from '../../src/projections/projection-engine.js';
import {
  registerAdmin,
  registerPlayer,
  startTestApp,
  uniqueEmail,
  type SignedIn,
  type TestApp,
} from '../support/app.js';
import { databaseTargets } from '../support/databases.js';
import { startMailbox, type Mailbox, type ReceivedMail } from '../support/mailbox.js';

const start = new Date('2025-09-01T12:00:00Z');
const minutes = (count: number) => count * 60_000;

const tokenOf = (mail: ReceivedMail): string => {
  const match = /https:\/\/pool\.treble\.example\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.body);
  if (!match) throw new Error(`No reset link in the mail:\n${mail.body}`);
  return match[1]!;
};

async function auditOf(app: TestApp, admin: SignedIn, userId: string): Promise<AuditEntry[]> {
  const store = app.app.get<EventStore>(EVENT_STORE);
  await app.app.get(ProjectionEngine).waitFor(await store.headPosition(), undefined, ['audit']);
  return (await admin.request('GET', `/api/admin/audit?userId=${userId}`)).body as AuditEntry[];
}

describe.each(databaseTargets)('forgot password by e-mail on $name', (target) => {
  let app: TestApp;
  let mailbox: Mailbox;
  let admin: SignedIn;

  beforeAll(async () => {
    mailbox = await startMailbox();
    app = await startTestApp(target, {
      POOL_NOW: start.toISOString(),
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      MAIL_FROM: 'Treble <pool@treble.example>',
      PUBLIC_URL: 'https://pool.treble.example',
    });
    admin = await registerAdmin(app);
  });
  afterAll(async () => {
    await app?.close();
    await mailbox?.close();
  });
  afterEach(() => app.clock!.set(start));

  it('mails a link that sets a new password once, ends every other session and signs the browser in', async () => {
    const player = await registerPlayer(app, admin, { email: uniqueEmail('forgetful') });
    const phone = app.client();
    expect(
      (
        await phone.request('POST', '/api/auth/login', {
          email: player.user.email,
          password: player.password,
        })
      ).status,
    ).toBe(200);

    // The same answer for an address without an account, and no mail to it.
    const unknownAddress = uniqueEmail('nobody');
    const unknown = await app.request('POST', '/api/auth/password-reset/request', { email: unknownAddress });
    const arriving = mailbox.next(player.user.email);
    const known = await app.request('POST', '/api/auth/password-reset/request', {
      email: player.user.email.toUpperCase(),
    });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({
      message:
        'If an account uses this address, a link to set a new password is on its way. It works once, within an hour.',
    });

    const mail = await arriving;
    expect(mail.body).toContain('From: Treble <pool@treble.example>');
    expect(mail.body).toContain('Subject: Set a new password for your Treble pool');
    expect(mail.body).toMatch(/Content-Type: text\/plain/);
    expect(mail.body).toMatch(/Content-Type: text\/html/);
    expect(mailbox.mails.some((received) => received.to.includes(unknownAddress))).toBe(false);
    const token = tokenOf(mail);

    // A password the policy refuses does not spend the link.
    const weak = await app.request('POST', '/api/auth/password-reset', { token, newPassword: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ code: 'PASSWORD_POLICY' });

    const browser = app.client();
    const reset = await browser.request('POST', '/api/auth/password-reset', {
      token,
      newPassword: 'a brand new secret',
    });
    expect(reset.status).toBe(200);
    expect((reset.body as AuthResponse).user.id).toBe(player.user.id);
    expect(((await browser.request('GET', '/api/auth/user')).body as User).id).toBe(player.user.id);

    // Every session that existed before is over; the old password no longer works, the new one does.
    expect((await player.request('GET', '/api/auth/user')).status).toBe(401);
    expect((await phone.request('GET', '/api/auth/user')).status).toBe(401);
    expect(
      (await app.request('POST', '/api/auth/login', { email: player.user.email, password: player.password }))
        .status,
    ).toBe(401);
    expect(
      (
        await app.request('POST', '/api/auth/login', {
          email: player.user.email,
          password: 'a brand new secret',
        })
      ).status,
    ).toBe(200);

    // The link works once.
    const again = await app.request('POST', '/api/auth/password-reset', {
      token,
      newPassword: 'yet another secret',
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      statusCode: 400,
      code: 'RESET_TOKEN_INVALID',
      message: 'This reset link is not valid any more (it works once and expires). Ask for a new one.',
    });

    // The audit shows the link issued at the player's request and used, never the token.
    const audit = await auditOf(app, admin, player.user.id);
    const resets = audit.filter((entry) => entry.type.startsWith('PasswordReset'));
    expect(resets.map((entry) => [entry.type, entry.actor, entry.data])).toEqual([
      ['PasswordResetCompleted', player.user.id, { userId: player.user.id }],
      ['PasswordResetIssued', player.user.id, { userId: player.user.id, via: 'email' }],
    ]);
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it('lets a link expire after an hour, and only the newest link works', async () => {
    const player = await registerPlayer(app, admin, { email: uniqueEmail('late') });
    const first = mailbox.next(player.user.email);
    await app.request('POST', '/api/auth/password-reset/request', { email: player.user.email });
    const firstToken = tokenOf(await first);
    const second = mailbox.next(player.user.email);
    await app.request('POST', '/api/auth/password-reset/request', { email: player.user.email });
    const secondToken = tokenOf(await second);
    expect(
      (
        await app.request('POST', '/api/auth/password-reset', {
          token: firstToken,
          newPassword: 'superseded link',
        })
      ).body,
    ).toMatchObject({
      code: 'RESET_TOKEN_INVALID',
    });

    app.clock!.set(new Date(start.getTime() + minutes(60)));
    const expired = await app.request('POST', '/api/auth/password-reset', {
      token: secondToken,
      newPassword: 'too late now',
    });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
    for (const token of ['nonsense', 'x'.repeat(43)]) {
      expect(
        (await app.request('POST', '/api/auth/password-reset', { token, newPassword: 'whatever it is' }))
          .body,
      ).toMatchObject({
        code: 'RESET_TOKEN_INVALID',
      });
    }
  });

  it('limits requests per address, whether or not it has an account, and refuses bad input', async () => {
    for (const email of [uniqueEmail('limit'), (await registerPlayer(app, admin)).user.email]) {
      for (let i = 0; i < 3; i++) {
        expect((await app.request('POST', '/api/auth/password-reset/request', { email })).status).toBe(202);
      }
      const limited = await app.request('POST', '/api/auth/password-reset/request', { email });
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });
    }
    // An hour later the address may ask again.
    app.clock!.set(new Date(start.getTime() + minutes(61)));
    expect(
      (await app.request('POST', '/api/auth/password-reset/request', { email: uniqueEmail('later') })).status,
    ).toBe(202);

    expect(
      (await app.request('POST', '/api/auth/password-reset/request', { email: 'not an address' })).body,
    ).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
    });
    expect((await app.request('POST', '/api/auth/password-reset/request', {})).status).toBe(400);
    expect((await app.request('POST', '/api/auth/password-reset', { token: 5 })).status).toBe(400);
  });
});

describe.each(databaseTargets)('reset links that admins hand over (no SMTP) on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    app = await startTestApp(target, {
      POOL_NOW: start.toISOString(),
      PUBLIC_URL: 'https://pool.treble.example',
    });
    admin = await registerAdmin(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('tells a player without mail to ask the host, and the host creates a one-day link', async () => {
    const player = await registerPlayer(app, admin);
    const asked = await app.request('POST', '/api/auth/password-reset/request', { email: player.user.email });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({
      message:
        'This pool cannot send e-mail. Ask your pool host for a reset link: they can create one for you.',
    });

    expect((await player.request('POST', `/api/admin/users/${admin.user.id}/password-reset`)).status).toBe(
      403,
    );
    const created = await admin.request('POST', `/api/admin/users/${player.user.id}/password-reset`);
    expect(created.status).toBe(201);
    const link = created.body as PasswordResetLink;
    expect(link.url).toMatch(/^https:\/\/pool\.treble\.example\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(link.expiresAt).toBe(new Date(start.getTime() + 24 * minutes(60)).toISOString());

    const token = new URL(link.url).searchParams.get('token')!;
    const reset = await app
      .client()
      .request('POST', '/api/auth/password-reset', { token, newPassword: 'handed over secret' });
    expect(reset.status).toBe(200);
    expect((await player.request('GET', '/api/auth/user')).status).toBe(401);

    const audit = await auditOf(app, admin, player.user.id);
    expect(audit.find((entry) => entry.type === 'PasswordResetIssued')).toMatchObject({
      actor: admin.user.id,
      data: { userId: player.user.id, via: 'admin' },
    });
    expect((await admin.request('POST', '/api/admin/users/not-a-user/password-reset')).body).toMatchObject({
      statusCode: 404,
      code: 'USER_NOT_FOUND',
    });
  });
});
