import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatedInvitation, Invitation, PasswordResetLink, SendInviteFailure } from '@treble/contracts';
import { CredentialStore } from '../../src/accounts/sessions/credential-store.js';
import { signInLimits } from '../../src/accounts/sessions/sign-in-rate-limiter.js';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import {
  registerAdmin,
  registerPlayer,
  startTestApp,
  uniqueEmail,
  type SignedIn,
  type TestApp,
} from '../support/app.js';
import { databaseTargets, type TestDatabaseTarget } from '../support/databases.js';
import { startMailbox, type Mailbox, type ReceivedMail } from '../support/mailbox.js';
import { eventually } from '../support/waiting.js';

const start = new Date('2025-09-01T12:00:00Z');
const publicUrl = 'https://pool.treble.example';
const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };

/** A request with headers fetch will not send (Host); answers the status and the parsed body. */
function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}${path}`,
      {
        method,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** A pool that mails (SMTP_URL, PUBLIC_URL) behind one proxy hop, so tests can name the caller's address. */
async function startMailingPool(
  target: TestDatabaseTarget,
): Promise<{ app: TestApp; mailbox: Mailbox; admin: SignedIn }> {
  const mailbox = await startMailbox();
  const app = await startTestApp(target, {
    POOL_NOW: start.toISOString(),
    SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
    PUBLIC_URL: publicUrl,
    TRUST_PROXY_HOPS: '1',
  });
  return { app, mailbox, admin: await registerAdmin(app) };
}

const mailsTo = (mailbox: Mailbox, email: string, subject: RegExp): ReceivedMail[] =>
  mailbox.mails.filter((mail) => mail.to.includes(email) && subject.test(mail.body));
const resetSubject = /Subject: Set a new password for your Treble pool/;
const warningSubject = /Subject: Many failed sign-ins to your Treble account/;

describe.each(databaseTargets)(
  'links in e-mails and pages never follow the Host header on $name',
  (target) => {
    describe('with SMTP_URL and PUBLIC_URL', () => {
      let app: TestApp;
      let mailbox: Mailbox;
      let admin: SignedIn;

      beforeAll(async () => {
        ({ app, mailbox, admin } = await startMailingPool(target));
      });
      afterAll(async () => {
        await app?.close();
        await mailbox?.close();
      });

      it('mails a reset link under PUBLIC_URL to whoever asks with Host and X-Forwarded-Host: evil.example', async () => {
        const player = await registerPlayer(app, admin);
        const arriving = mailbox.next(player.user.email);
        const asked = await rawRequest(
          app.baseUrl,
          'POST',
          '/api/auth/password-reset/request',
          { email: player.user.email },
          forged,
        );
        expect(asked.status).toBe(202);
        const mail = await arriving;
        expect(mail.body).toMatch(/https:\/\/pool\.treble\.example\/reset-password\?token=[A-Za-z0-9_-]{43}/);
        expect(mail.body).not.toContain('evil.example');
      });
    });

    describe('without PUBLIC_URL (and so without mail)', () => {
      let app: TestApp;
      let admin: SignedIn;

      beforeAll(async () => {
        app = await startTestApp(target, { POOL_NOW: start.toISOString(), TRUST_PROXY_HOPS: '1' });
        admin = await registerAdmin(app);
      });
      afterAll(async () => {
        await app?.close();
      });

      it('answers links the browser shows as paths that the web app completes, whatever Host the request names', async () => {
        const cookie = admin.cookieHeader()!;
        const created = await rawRequest(app.baseUrl, 'POST', '/api/invites', {}, { ...forged, cookie });
        expect(created.status).toBe(201);
        const { token, url } = created.body as CreatedInvitation;
        expect(url).toBe(`/register?invite=${token}`);

        const listed = await rawRequest(app.baseUrl, 'GET', '/api/invites', undefined, { ...forged, cookie });
        expect((listed.body as Invitation[]).map((invitation) => invitation.url)).toContain(url);

        const sent = await rawRequest(
          app.baseUrl,
          'POST',
          '/api/send-invite',
          { email: uniqueEmail('friend') },
          { ...forged, cookie },
        );
        expect(sent.status).toBe(503);
        expect((sent.body as SendInviteFailure).fallbackLink).toMatch(
          /^\/register\?invite=[A-Za-z0-9_-]{32}$/,
        );

        const player = await registerPlayer(app, admin);
        const reset = await rawRequest(
          app.baseUrl,
          'POST',
          `/api/admin/users/${player.user.id}/password-reset`,
          undefined,
          { ...forged, cookie },
        );
        expect(reset.status).toBe(201);
        expect((reset.body as PasswordResetLink).url).toMatch(/^\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
      });
    });
  },
);

describe.each(databaseTargets)('forgot password: limits and answers on $name', (target) => {
  let app: TestApp;
  let mailbox: Mailbox;
  let admin: SignedIn;

  const issuedLinks = async (userId: string) =>
    (await app.app.get<EventStore>(EVENT_STORE).readStream(`user-${userId}`)).filter(
      (event) => event.type === 'PasswordResetIssued',
    ).length;

  beforeAll(async () => {
    ({ app, mailbox, admin } = await startMailingPool(target));
  });
  afterAll(async () => {
    await app?.close();
    await mailbox?.close();
  });

  it.each([
    ['one client', (_i: number): Record<string, string> => ({})],
    ['32 clients', (i: number): Record<string, string> => ({ 'x-forwarded-for': `198.51.100.${i}` })],
  ])(
    'of 32 parallel requests for one address from %s, 3 are taken: 3 links issued and mailed',
    async (_clients, headers) => {
      const player = await registerPlayer(app, admin);
      const answers = await Promise.all(
        Array.from({ length: 32 }, (_, i) =>
          app.request('POST', '/api/auth/password-reset/request', { email: player.user.email }, headers(i)),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 202)).toHaveLength(3);
      expect(statuses.filter((status) => status === 429)).toHaveLength(29);
      await eventually(
        'the three reset mails',
        () => mailsTo(mailbox, player.user.email, resetSubject).length >= 3,
      );
      expect(mailsTo(mailbox, player.user.email, resetSubject)).toHaveLength(3);
      expect(await issuedLinks(player.user.id)).toBe(3);
    },
  );

  /*
   * The answer must not wait for work only a member's address causes (looking the account up,
   * issuing, mailing): a stranger's answer would come sooner. 0.4 ms cannot be measured reliably
   * here, so this checks the order instead: the address is looked up only after the answer has
   * been written, for a member and a stranger alike. Looking it up before answering (even without
   * awaiting it, as before) puts the lookup first and fails this.
   */
  it('looks nothing up about the address until the answer has gone out, member or not', async () => {
    const member = await registerPlayer(app, admin);
    const stranger = uniqueEmail('stranger');
    const order: string[] = [];
    const server = app.app.getHttpServer();
    const onRequest = (request: IncomingMessage, response: ServerResponse) => {
      if (request.url === '/api/auth/password-reset/request')
        response.once('finish', () => order.push('answered'));
    };
    const credentials = app.app.get(CredentialStore);
    const findByEmail = credentials.findByEmail.bind(credentials);
    credentials.findByEmail = (email: string) => {
      if (email === stranger || email === member.user.email) order.push(`looked up ${email}`);
      return findByEmail(email);
    };
    server.prependListener('request', onRequest);
    try {
      for (const email of [stranger, member.user.email]) {
        order.length = 0;
        const answer = await app.request('POST', '/api/auth/password-reset/request', { email });
        expect(answer.status).toBe(202);
        await eventually(`the lookup of ${email}`, () => order.length === 2);
        expect(order).toEqual(['answered', `looked up ${email}`]);
      }
      await eventually(
        'the member’s mail',
        () => mailsTo(mailbox, member.user.email, resetSubject).length === 1,
      );
      expect(mailsTo(mailbox, stranger, resetSubject)).toHaveLength(0);
    } finally {
      server.removeListener('request', onRequest);
      credentials.findByEmail = findByEmail;
    }
  });
});

describe.each(databaseTargets)('sign-in budget of an account under attack on $name', (target) => {
  let app: TestApp;
  let mailbox: Mailbox;
  let admin: SignedIn;

  beforeAll(async () => {
    ({ app, mailbox, admin } = await startMailingPool(target));
  });
  afterAll(async () => {
    await app?.close();
    await mailbox?.close();
  });

  it('evaluates few of 150 guesses from 150 addresses, lets the owner in on a known device or by reset link, and warns them once', async () => {
    // The owner's browser signed in (at sign-up): a known device of the account.
    const owner = await registerPlayer(app, admin);
    const email = owner.user.email;
    const login = (password: string, address: string) =>
      app.request('POST', '/api/auth/login', { email, password }, { 'x-forwarded-for': address });

    const guesses = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        login(`guess number ${i}`, `203.0.${Math.floor(i / 100)}.${i % 100}`),
      ),
    );
    const statuses = guesses.map((guess) => guess.status);
    const evaluated = statuses.filter((status) => status === 401).length;
    expect(evaluated).toBe(signInLimits.accountUnderAttack + 1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(150 - evaluated);
    const refused = guesses.find((guess) => guess.status === 429)!;
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // The right password from an address the account has never seen waits like everyone else...
    const stranger = await login(owner.password, '192.0.2.44');
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get('retry-after'))).toBe(signInLimits.firstDelayMs / 1000);

    // ...but the owner's own browser keeps its own attempts: a typo, then the right password.
    expect((await owner.request('POST', '/api/auth/login', { email, password: 'fat fingers' })).status).toBe(
      401,
    );
    expect((await owner.request('POST', '/api/auth/login', { email, password: owner.password })).status).toBe(
      200,
    );

    // The owner is told once, however many failures there were.
    await eventually('the warning mail', () => mailsTo(mailbox, email, warningSubject).length >= 1);
    const [warning] = mailsTo(mailbox, email, warningSubject);
    expect(warning!.body).toContain(`${publicUrl}/login`);

    // A reset link still works during the attack, and makes that browser a known device.
    const arriving = mailbox.next(email);
    expect((await app.request('POST', '/api/auth/password-reset/request', { email })).status).toBe(202);
    const token = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec((await arriving).body)![1]!;
    const laptop = app.client();
    const reset = await laptop.request('POST', '/api/auth/password-reset', {
      token,
      newPassword: 'a fresh long secret',
    });
    expect(reset.status).toBe(200);
    expect(
      (await laptop.request('POST', '/api/auth/login', { email, password: 'a fresh long secret' })).status,
    ).toBe(200);
    expect((await login('a fresh long secret', '192.0.2.45')).status).toBe(429);
    expect(mailsTo(mailbox, email, warningSubject)).toHaveLength(1);
  });

  it('sets the known-device cookie HttpOnly, SameSite=Strict, for /api/auth only, and ignores a forged one', async () => {
    const client = app.client();
    const email = uniqueEmail('device');
    const invitation = (await admin.request('POST', '/api/invites', { maxUses: 1 }))
      .body as CreatedInvitation;
    const registered = await client.request('POST', '/api/auth/register', {
      email,
      password: 'correct horse battery',
      inviteToken: invitation.token,
    });
    const line = registered.headers.getSetCookie().find((cookie) => cookie.startsWith('treble_device='))!;
    expect(line.toLowerCase().split(/;\s*/)).toEqual(
      expect.arrayContaining(['httponly', 'samesite=strict', 'path=/api/auth']),
    );
    const [userId, device] = client.cookies.get('treble_device')!.split('.');
    for (let i = 0; i < signInLimits.accountUnderAttack + 1; i++)
      await app.request(
        'POST',
        '/api/auth/login',
        { email, password: 'wrong' },
        { 'x-forwarded-for': `203.0.113.${i}` },
      );
    const forgedCookie = `treble_device=${userId}.${device}.${'A'.repeat(43)}`;
    const withForgery = await app.request(
      'POST',
      '/api/auth/login',
      { email, password: 'correct horse battery' },
      { cookie: forgedCookie, 'x-forwarded-for': '192.0.2.99' },
    );
    expect(withForgery.status).toBe(429);
    const genuine = await app.request(
      'POST',
      '/api/auth/login',
      { email, password: 'correct horse battery' },
      { cookie: `treble_device=${client.cookies.get('treble_device')!}`, 'x-forwarded-for': '192.0.2.99' },
    );
    expect(genuine.status).toBe(200);
  });
});
