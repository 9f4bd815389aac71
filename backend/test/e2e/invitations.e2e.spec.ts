import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { SMTPServer } from 'smtp-server';
import type {
  AuthResponse,
  CreatedInvitation,
  Invitation,
  RegistrationOptions,
  SendInviteFailure,
  SendInviteResponse,
} from '@treble/contracts';
import { registerAdmin, startTestApp, uniqueEmail, type SignedIn, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';

const start = new Date('2025-09-01T12:00:00Z');
const password = 'correct horse battery';
const hours = (count: number) => count * 60 * 60_000;

function signUp(app: TestApp, inviteToken: string, email = uniqueEmail('invited')) {
  return app.request('POST', '/api/auth/register', { email, password, inviteToken });
}

describe.each(databaseTargets)('invitation links on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    app = await startTestApp(target, { POOL_NOW: start.toISOString() });
    admin = await registerAdmin(app);
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(() => {
    app.clock!.set(start);
  });

  it('creates a link that opens registration with the token, lists it, and admits players with it', async () => {
    const created = await admin.request('POST', '/api/invites', {});
    expect(created.status).toBe(201);
    const { token, url } = created.body as CreatedInvitation;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Without PUBLIC_URL, a path the web app completes with its own address (never the request's Host).
    expect(url).toBe(`/register?invite=${token}`);
    expect((await app.request('GET', `/api/auth/registration?invite=${token}`)).body).toEqual({
      mode: 'invite',
      firstAccount: false,
      sendsEmail: false,
      invitation: { status: 'valid' },
    } satisfies RegistrationOptions);

    for (const email of [uniqueEmail('a'), uniqueEmail('b')]) {
      const answer = await signUp(app, token, email);
      expect(answer.status).toBe(201);
      expect((answer.body as AuthResponse).user).toMatchObject({ email, isAdmin: false });
    }
    const listed = ((await admin.request('GET', '/api/invites')).body as Invitation[]).find(
      (invitation) => invitation.token === token,
    );
    expect(listed).toEqual({
      token,
      url,
      maxUses: null,
      uses: 2,
      expiresAt: null,
      revokedAt: null,
      createdAt: start.toISOString(),
      createdBy: admin.user.id,
      status: 'valid',
    });
  });

  it('stops admitting once the maximum of uses is reached, even when sign-ups race', async () => {
    const { token } = (await admin.request('POST', '/api/invites', { maxUses: 2 })).body as CreatedInvitation;
    const answers = await Promise.all([1, 2, 3, 4].map(() => signUp(app, token)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 410, 410]);
    const refused = answers.find((answer) => answer.status === 410)!;
    expect(refused.body).toEqual({
      statusCode: 410,
      code: 'INVITATION_EXPIRED',
      message: 'This invitation link has been used up. Ask the pool host for a new one.',
    });
    const listed = ((await admin.request('GET', '/api/invites')).body as Invitation[]).find(
      (invitation) => invitation.token === token,
    );
    expect(listed).toMatchObject({ maxUses: 2, uses: 2, status: 'used-up' });
    expect((await app.request('GET', `/api/auth/registration?invite=${token}`)).body).toMatchObject({
      invitation: { status: 'used-up' },
    });
  });

  it('stops admitting when the link expires', async () => {
    const expiresAt = new Date(start.getTime() + hours(1)).toISOString();
    const { token } = (await admin.request('POST', '/api/invites', { expiresAt })).body as CreatedInvitation;
    app.clock!.set(new Date(start.getTime() + hours(1) - 1000));
    expect((await signUp(app, token)).status).toBe(201);
    app.clock!.set(new Date(start.getTime() + hours(1)));
    const late = await signUp(app, token);
    expect(late.status).toBe(410);
    expect(late.body).toMatchObject({
      code: 'INVITATION_EXPIRED',
      message: 'This invitation link has expired. Ask the pool host for a new one.',
    });
    expect((await app.request('GET', `/api/auth/registration?invite=${token}`)).body).toMatchObject({
      invitation: { status: 'expired' },
    });
  });

  it('revokes a link; unknown and malformed links are refused', async () => {
    const { token } = (await admin.request('POST', '/api/invites', {})).body as CreatedInvitation;
    expect((await admin.request('DELETE', `/api/invites/${token}`)).status).toBe(204);
    const revoked = await signUp(app, token);
    expect(revoked.status).toBe(410);
    expect(revoked.body).toMatchObject({
      code: 'INVITATION_EXPIRED',
      message: 'This invitation link has been withdrawn. Ask the pool host for a new one.',
    });
    const listed = ((await admin.request('GET', '/api/invites')).body as Invitation[]).find(
      (invitation) => invitation.token === token,
    );
    expect(listed).toMatchObject({ status: 'revoked', revokedAt: start.toISOString() });

    const unknown = await signUp(app, 'x'.repeat(32));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'INVITATION_INVALID' });
    expect((await signUp(app, 'bad token!')).body).toMatchObject({ code: 'INVITATION_INVALID' });
    expect((await app.request('GET', '/api/auth/registration?invite=nonsense')).body).toMatchObject({
      invitation: { status: 'unknown' },
    });
    expect((await admin.request('DELETE', `/api/invites/${'y'.repeat(32)}`)).body).toMatchObject({
      statusCode: 404,
      code: 'INVITATION_NOT_FOUND',
    });
  });

  it('refuses limits that make no sense', async () => {
    expect((await admin.request('POST', '/api/invites', { maxUses: 0 })).body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
    });
    expect((await admin.request('POST', '/api/invites', { maxUses: 1.5 })).status).toBe(400);
    expect(
      (await admin.request('POST', '/api/invites', { expiresAt: '2025-08-01T00:00:00Z' })).body,
    ).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await admin.request('POST', '/api/invites', { expiresAt: 'tomorrow' })).status).toBe(400);
  });

  it('without SMTP, answers send-invite with the "Email Unavailable" shape: a message and a working fallback link', async () => {
    const response = await admin.request('POST', '/api/send-invite', { email: 'friend@example.com' });
    expect(response.status).toBe(503);
    const failure = response.body as SendInviteFailure;
    expect(failure).toEqual({
      statusCode: 503,
      code: 'EMAIL_UNAVAILABLE',
      message: 'E-mail is not set up on this server',
      fallbackLink: expect.stringMatching(/^\/register\?invite=[A-Za-z0-9_-]{32}$/),
    });
    const token = new URL(failure.fallbackLink!, app.baseUrl).searchParams.get('invite')!;
    expect((await signUp(app, token, 'friend@example.com')).status).toBe(201);
    // A mailed link is for one person.
    expect((await signUp(app, token)).status).toBe(410);
  });
});

interface ReceivedMail {
  to: string[];
  body: string;
}

describe.each(databaseTargets)('invitations sent by e-mail through SMTP on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;
  let smtp: SMTPServer;
  const mails: ReceivedMail[] = [];

  beforeAll(async () => {
    // A real SMTP server in the test: it receives the mail, and refuses any recipient at refuse.example.
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.endsWith('@refuse.example')) callback(new Error('Mailbox unavailable'));
        else callback();
      },
      onData(stream, session, callback) {
        let body = '';
        stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), body });
          callback();
        });
      },
    });
    const port = await new Promise<number>((resolve) => {
      smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as { port: number }).port));
    });
    app = await startTestApp(target, {
      POOL_NOW: start.toISOString(),
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Treble <pool@treble.example>',
      PUBLIC_URL: 'https://pool.treble.example',
    });
    admin = await registerAdmin(app, { firstName: 'Pat', lastName: 'Host' });
  });
  afterAll(async () => {
    await app?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it('mails a single-use link under PUBLIC_URL that registers the invitee', async () => {
    const response = await admin.request('POST', '/api/send-invite', { email: 'Newcomer@Example.com' });
    expect(response.status).toBe(200);
    const answer = response.body as SendInviteResponse;
    expect(answer.message).toBe('Invitation sent to newcomer@example.com.');
    expect(answer.fallbackLink).toMatch(
      /^https:\/\/pool\.treble\.example\/register\?invite=[A-Za-z0-9_-]{32}$/,
    );

    const mail = mails.find((received) => received.to.includes('newcomer@example.com'));
    expect(mail).toBeDefined();
    // The text is quoted-printable: unfold its soft line breaks and decode "=3D" before reading it.
    const body = mail!.body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(body).toContain('From: Treble <pool@treble.example>');
    expect(body).toMatch(/Subject: Pat Host invites you to a Premier League prediction pool/);
    expect(body).toContain(answer.fallbackLink);

    const token = new URL(answer.fallbackLink!).searchParams.get('invite')!;
    const registered = await app.request('POST', '/api/auth/register', {
      email: 'newcomer@example.com',
      password,
      inviteToken: token,
    });
    expect(registered.status).toBe(201);
    // The new account is welcomed in the pool's wording (template `welcome`).
    const welcome = mails.filter((received) => received.to.includes('newcomer@example.com'))[1];
    expect(welcome?.body).toMatch(/Subject: Welcome to the pool/);
  });

  it('answers with the fallback link when the mail server refuses the message', async () => {
    const response = await admin.request('POST', '/api/send-invite', { email: 'someone@refuse.example' });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      statusCode: 503,
      code: 'EMAIL_UNAVAILABLE',
      message: 'The invitation e-mail could not be sent',
      fallbackLink: expect.stringMatching(/^https:\/\/pool\.treble\.example\/register\?invite=/),
    });
    expect(mails.some((received) => received.to.includes('someone@refuse.example'))).toBe(false);
  });

  it('refuses a malformed address and players', async () => {
    expect((await admin.request('POST', '/api/send-invite', { email: 'nope' })).body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
    });
    expect((await app.request('POST', '/api/send-invite', { email: 'a@example.com' })).status).toBe(401);
  });
});
