import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { io } from 'socket.io-client';
import type { AuthResponse, ReadModelChangedNotice, RegistrationOptions, User } from '@treble/contracts';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { Database } from '../../src/platform/database/database.js';
import { RealtimeGateway, userRoom } from '../../src/realtime/realtime.gateway.js';
import {
  registerPlayer,
  startTestApp,
  uniqueEmail,
  type SignedIn,
  type TestApp,
  type TestResponse,
} from '../support/app.js';
import { databaseTargets } from '../support/databases.js';
import { eventually } from '../support/waiting.js';

const start = new Date('2025-09-01T12:00:00Z');
const minutes = (count: number) => count * 60_000;
const days = (count: number) => count * 24 * 60 * 60_000;
const password = 'correct horse battery';

function sessionCookie(response: TestResponse): string {
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith('treble_session='));
  if (line === undefined)
    throw new Error(`No session cookie in ${JSON.stringify(response.headers.getSetCookie())}`);
  return line;
}

function attributes(cookie: string): string[] {
  return cookie
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase());
}

describe.each(databaseTargets)('accounts and sessions on $name (invitation-only pool)', (target) => {
  let app: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    app = await startTestApp(target, { POOL_NOW: start.toISOString() });
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(() => {
    app.clock!.set(start);
  });

  it('makes exactly one of several simultaneous first sign-ups the admin and refuses the others without an invitation', async () => {
    expect((await app.request('GET', '/api/auth/registration')).body).toEqual({
      mode: 'invite',
      firstAccount: true,
      sendsEmail: false,
      invitation: null,
    });
    const emails = [1, 2, 3, 4].map(() => uniqueEmail('founder'));
    const answers = await Promise.all(
      emails.map((email) => app.request('POST', '/api/auth/register', { email, password })),
    );

    const created = answers.filter((answer) => answer.status === 201);
    expect(created).toHaveLength(1);
    const founder = (created[0]!.body as AuthResponse).user;
    expect(founder.isAdmin).toBe(true);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'INVITATION_REQUIRED' });
    }
    expect((await app.request('GET', '/api/auth/registration')).body).toMatchObject({ firstAccount: false });

    // Sign the founder in for the rest of the suite.
    admin = Object.assign(app.client(), { user: founder, password });
    expect((await admin.request('POST', '/api/auth/login', { email: founder.email, password })).status).toBe(
      200,
    );

    // The refused sign-ups left their e-mail free: with an invitation they get in, as players.
    const refusedEmail = emails.find((email) => email !== founder.email)!;
    const player = await registerPlayer(app, admin, { email: refusedEmail });
    expect(player.user).toMatchObject({ email: refusedEmail, isAdmin: false });
  });

  it('answers a sign-up with the user and a session, in an HttpOnly SameSite=Lax cookie that is not Secure by default', async () => {
    const invite = (await admin.request('POST', '/api/invites', {})).body as { token: string };
    const response = await app.request('POST', '/api/auth/register', {
      email: '  Ann.Smith@Example.COM ',
      password,
      firstName: ' Ann ',
      lastName: 'Smith',
      inviteToken: invite.token,
    });
    expect(response.status).toBe(201);
    const { user, session } = response.body as AuthResponse;
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: 'ann.smith@example.com',
      firstName: 'Ann',
      lastName: 'Smith',
      profileImageUrl: null,
      isAdmin: false,
      createdAt: start.toISOString(),
    });
    expect(session).toEqual({
      expiresAt: new Date(start.getTime() + days(30)).toISOString(),
      idleExpiresAt: new Date(start.getTime() + days(14)).toISOString(),
    });
    const cookie = sessionCookie(response);
    expect(attributes(cookie)).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(attributes(cookie)).not.toContain('secure');
    // Max-Age (30 days), so the browser's own clock runs it down even when the pool's clock is pinned.
    expect(attributes(cookie)).toContain(`max-age=${30 * 24 * 60 * 60}`);
    // The token never appears in a body.
    expect(response.text).not.toContain(cookie.split(';')[0]!.split('=')[1]);

    const me = await app.request('GET', '/api/auth/user', undefined, { cookie: cookie.split(';')[0]! });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(user);
  });

  it('refuses a second account for the same e-mail, whatever its case (409 EMAIL_TAKEN)', async () => {
    const email = uniqueEmail('twice');
    await registerPlayer(app, admin, { email });
    const invite = (await admin.request('POST', '/api/invites', {})).body as { token: string };
    const again = await app.request('POST', '/api/auth/register', {
      email: email.toUpperCase(),
      password,
      inviteToken: invite.token,
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      statusCode: 409,
      code: 'EMAIL_TAKEN',
      message: 'An account with this e-mail address already exists. Sign in instead.',
    });
    // Without an invitation nobody learns whether an address has an account.
    const uninvited = await app.request('POST', '/api/auth/register', { email, password });
    expect(uninvited.status).toBe(403);
    expect(uninvited.body).toMatchObject({ code: 'INVITATION_REQUIRED' });
    const deadLink = await app.request('POST', '/api/auth/register', {
      email,
      password,
      inviteToken: 'z'.repeat(32),
    });
    expect(deadLink.body).toMatchObject({ code: 'INVITATION_INVALID' });
  });

  it('lets exactly one of several simultaneous sign-ups with one e-mail through', async () => {
    const invite = (await admin.request('POST', '/api/invites', {})).body as { token: string };
    const email = uniqueEmail('race');
    const answers = await Promise.all(
      [email, email.toUpperCase(), email, ` ${email} `].map((variant) =>
        app.request('POST', '/api/auth/register', { email: variant, password, inviteToken: invite.token }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
    const users = (await admin.request('GET', '/api/admin/users')).body as User[];
    expect(users.filter((user) => user.email === email)).toHaveLength(1);
  });

  it('refuses passwords outside 8 to 256 characters, common ones, the e-mail address, one character repeated, and malformed e-mails', async () => {
    const invite = (await admin.request('POST', '/api/invites', {})).body as { token: string };
    const short = await app.request('POST', '/api/auth/register', {
      email: uniqueEmail(),
      password: 'seven77',
      inviteToken: invite.token,
    });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      code: 'PASSWORD_POLICY',
      message: 'The password must have at least 8 characters.',
    });
    const long = await app.request('POST', '/api/auth/register', {
      email: uniqueEmail(),
      password: 'x'.repeat(257),
      inviteToken: invite.token,
    });
    expect(long.body).toMatchObject({ code: 'PASSWORD_POLICY' });
    const friend = uniqueEmail('friend');
    for (const [weak, message] of [
      [
        'iloveyou',
        'This password is one of the most common passwords, which are tried first by anyone guessing. Please choose another.',
      ],
      [
        'Football1',
        'This password is one of the most common passwords, which are tried first by anyone guessing. Please choose another.',
      ],
      [friend, 'The password must not be your e-mail address.'],
      [friend.split('@')[0]!, 'The password must not be your e-mail address.'],
      ['........', 'The password must not be one character repeated.'],
    ]) {
      const refused = await app.request('POST', '/api/auth/register', {
        email: friend,
        password: weak,
        inviteToken: invite.token,
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ statusCode: 400, code: 'PASSWORD_POLICY', message });
    }
    const email = await app.request('POST', '/api/auth/register', {
      email: 'not-an-address',
      password,
      inviteToken: invite.token,
    });
    expect(email.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
  });

  it('signs in and out; a failed sign-in never tells whether the e-mail exists', async () => {
    const player = await registerPlayer(app, admin);
    const wrongPassword = await app.request('POST', '/api/auth/login', {
      email: player.user.email,
      password: 'wrong password',
    });
    const unknownEmail = await app.request('POST', '/api/auth/login', {
      email: uniqueEmail('nobody'),
      password: 'wrong password',
    });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toEqual({
      statusCode: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'The e-mail address or password is not right.',
    });
    expect(unknownEmail.status).toBe(wrongPassword.status);
    expect(unknownEmail.body).toEqual(wrongPassword.body);

    const browser = app.client();
    const login = await browser.request('POST', '/api/auth/login', {
      email: player.user.email.toUpperCase(),
      password,
    });
    expect(login.status).toBe(200);
    expect((login.body as AuthResponse).user).toEqual(player.user);
    expect((await browser.request('GET', '/api/auth/user')).body).toEqual(player.user);

    const signedOutCookie = browser.cookieHeader()!;
    const logout = await browser.request('POST', '/api/auth/logout');
    expect(logout.status).toBe(204);
    expect(attributes(sessionCookie(logout))).toEqual(
      expect.arrayContaining(['expires=thu, 01 jan 1970 00:00:00 gmt']),
    );
    // Only the known-device cookie stays (it signs nobody in; see account-security.e2e.spec.ts).
    expect([...browser.cookies.keys()]).toEqual(['treble_device']);
    // The session is gone on the server too, not only from the browser.
    const replay = await app.request('GET', '/api/auth/user', undefined, { cookie: signedOutCookie });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: 'UNAUTHENTICATED' });
    // Signing out without a session is harmless.
    expect((await app.request('POST', '/api/auth/logout')).status).toBe(204);
  });

  it('serves the browser navigations /api/login and /api/temp-logout, and has no temporary users', async () => {
    const login = await app.request('GET', '/api/login');
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe('/login');

    const player = await registerPlayer(app, admin);
    const cookie = player.cookieHeader()!;
    const signedIn = async () =>
      (await app.request('GET', '/api/auth/user', undefined, { cookie })).status === 200;
    // Another site's link or image, or a request that shows no origin at all, only lands on /.
    const foreignRequests: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' },
      { referer: 'https://evil.example/page' },
      { origin: 'https://evil.example' },
      {},
    ];
    for (const headers of foreignRequests) {
      const foreign = await player.request('GET', '/api/temp-logout', undefined, headers);
      expect(foreign.status).toBe(302);
      expect(foreign.headers.get('location')).toBe('/');
      expect(foreign.headers.getSetCookie()).toEqual([]);
      expect(await signedIn()).toBe(true);
    }
    // From the app's own page (a browser of today, then one that only sends a Referer).
    const leave = await player.request('GET', '/api/temp-logout', undefined, {
      'sec-fetch-site': 'same-origin',
      'sec-fetch-mode': 'navigate',
    });
    expect(leave.status).toBe(302);
    expect(leave.headers.get('location')).toBe('/');
    expect(await signedIn()).toBe(false);
    const again = await registerPlayer(app, admin);
    const againCookie = again.cookieHeader()!;
    await again.request('GET', '/api/temp-logout', undefined, { referer: `${app.baseUrl}/dashboard` });
    expect((await app.request('GET', '/api/auth/user', undefined, { cookie: againCookie })).status).toBe(401);
    // Typed into the address bar.
    const typed = await registerPlayer(app, admin);
    const typedCookie = typed.cookieHeader()!;
    await typed.request('GET', '/api/temp-logout', undefined, { 'sec-fetch-site': 'none' });
    expect((await app.request('GET', '/api/auth/user', undefined, { cookie: typedCookie })).status).toBe(401);

    const temporary = await app.request('GET', '/api/auth/temp-user');
    expect(temporary.status).toBe(401);
    expect(temporary.body).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('gives a new session id at every sign-in and ends the one the browser held', async () => {
    const player = await registerPlayer(app, admin);
    const before = player.cookieHeader()!;
    expect(
      (await player.request('POST', '/api/auth/login', { email: player.user.email, password })).status,
    ).toBe(200);
    const after = player.cookieHeader()!;
    expect(after).not.toBe(before);
    expect((await app.request('GET', '/api/auth/user', undefined, { cookie: before })).status).toBe(401);
    expect((await app.request('GET', '/api/auth/user', undefined, { cookie: after })).status).toBe(200);

    // A session id planted before sign-in is never adopted.
    const planted = 'treble_session=' + 'A'.repeat(43);
    const fixated = await app.request(
      'POST',
      '/api/auth/login',
      { email: player.user.email, password },
      { cookie: planted },
    );
    expect(sessionCookie(fixated).split(';')[0]).not.toBe(planted);
  });

  it('ends a session after 14 idle days, and 30 days after sign-in however much it is used', async () => {
    const player = await registerPlayer(app, admin);
    const clock = app.clock!;
    const at = (offset: number) => clock.set(new Date(start.getTime() + offset));
    const signedIn = async () => (await player.request('GET', '/api/auth/user')).status;

    at(days(14) - minutes(1));
    expect(await signedIn()).toBe(200);
    // That use pushed the idle expiry back: 13 more days is fine.
    at(days(27));
    expect(await signedIn()).toBe(200);
    at(days(30) - minutes(1));
    expect(await signedIn()).toBe(200);
    at(days(30));
    expect(await signedIn()).toBe(401);

    clock.set(start);
    const idle = await registerPlayer(app, admin);
    at(days(14));
    expect((await idle.request('GET', '/api/auth/user')).status).toBe(401);
  });

  it('records a use of a session at most once a minute, and deletes the session once it has expired', async () => {
    const player = await registerPlayer(app, admin);
    const clock = app.clock!;
    const database = app.app.get(Database);
    const lastSeen = async () =>
      (
        await database.query<{ last_seen_at: Date }>(
          'SELECT last_seen_at FROM user_sessions WHERE user_id = $1',
          [player.user.id],
        )
      ).rows.map((row) => row.last_seen_at.toISOString());
    const at = (offset: number) => clock.set(new Date(start.getTime() + offset));

    at(minutes(1) - 1000);
    expect((await player.request('GET', '/api/auth/user')).status).toBe(200);
    expect(await lastSeen()).toEqual([start.toISOString()]);
    at(minutes(1));
    expect((await player.request('GET', '/api/auth/user')).status).toBe(200);
    expect(await lastSeen()).toEqual([new Date(start.getTime() + minutes(1)).toISOString()]);
    // Idle for 14 days after that use: the session has ended, and its row is gone.
    at(minutes(1) + days(14));
    expect((await player.request('GET', '/api/auth/user')).status).toBe(401);
    expect(await lastSeen()).toEqual([]);
  });

  it('edits the profile and changes the password, signing out the other sessions', async () => {
    const player = await registerPlayer(app, admin);
    const updated = await player.request('PATCH', '/api/auth/user', {
      firstName: 'Bea',
      lastName: ' Jones ',
      profileImageUrl: 'https://secure.gravatar.com/avatar/bea.png',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({
      ...player.user,
      firstName: 'Bea',
      lastName: 'Jones',
      profileImageUrl: 'https://secure.gravatar.com/avatar/bea.png',
    });
    expect(
      (await player.request('PATCH', '/api/auth/user', { profileImageUrl: 'javascript:alert(1)' })).body,
    ).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
    });
    // A picture on the player's own server would tell them who looked at the tables, and when.
    expect(
      (await player.request('PATCH', '/api/auth/user', { profileImageUrl: 'https://tracker.example/p.gif' }))
        .body,
    ).toMatchObject({ statusCode: 400, code: 'PROFILE_IMAGE_HOST_NOT_ALLOWED' });
    expect((await player.request('PATCH', '/api/auth/user', { isAdmin: true })).status).toBe(400);
    expect(((await player.request('GET', '/api/auth/user')).body as User).isAdmin).toBe(false);

    const otherDevice = app.client();
    await otherDevice.request('POST', '/api/auth/login', { email: player.user.email, password });
    const wrong = await player.request('POST', '/api/auth/password', {
      currentPassword: 'not it at all',
      newPassword: 'a brand new secret',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'PASSWORD_INCORRECT' });
    expect(
      (
        await player.request('POST', '/api/auth/password', {
          currentPassword: password,
          newPassword: 'short',
        })
      ).body,
    ).toMatchObject({
      code: 'PASSWORD_POLICY',
    });
    for (const [newPassword, message] of [
      [
        'Password123',
        'This password is one of the most common passwords, which are tried first by anyone guessing. Please choose another.',
      ],
      [player.user.email.toUpperCase(), 'The password must not be your e-mail address.'],
      ['zzzzzzzzzz', 'The password must not be one character repeated.'],
    ]) {
      const refused = await player.request('POST', '/api/auth/password', {
        currentPassword: password,
        newPassword,
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ statusCode: 400, code: 'PASSWORD_POLICY', message });
    }
    const changed = await player.request('POST', '/api/auth/password', {
      currentPassword: password,
      newPassword: 'a brand new secret',
    });
    expect(changed.status).toBe(204);
    expect((await player.request('GET', '/api/auth/user')).status).toBe(200);
    expect((await otherDevice.request('GET', '/api/auth/user')).status).toBe(401);
    expect(
      (await app.request('POST', '/api/auth/login', { email: player.user.email, password })).status,
    ).toBe(401);
    expect(
      (
        await app.request('POST', '/api/auth/login', {
          email: player.user.email,
          password: 'a brand new secret',
        })
      ).status,
    ).toBe(200);
  });

  it('lets admins grant and revoke admin, records the acting admin, and keeps the last admin', async () => {
    const player = await registerPlayer(app, admin);
    expect((await player.request('GET', '/api/admin/users')).status).toBe(403);
    const list = (await admin.request('GET', '/api/admin/users')).body as User[];
    expect(list.find((user) => user.id === admin.user.id)).toMatchObject({ isAdmin: true });
    expect(list.map((user) => user.id)).toContain(player.user.id);

    const granted = await admin.request('PATCH', `/api/admin/users/${player.user.id}/admin`, {
      isAdmin: true,
    });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ id: player.user.id, isAdmin: true });
    // The new admin's own session sees the role at once.
    expect(((await player.request('GET', '/api/auth/user')).body as User).isAdmin).toBe(true);
    expect((await player.request('GET', '/api/admin/users')).status).toBe(200);

    // Admins can take each other's rights; the founder steps down, the new admin stays.
    const revoked = await player.request('PATCH', `/api/admin/users/${admin.user.id}/admin`, {
      isAdmin: false,
    });
    expect(revoked.body).toMatchObject({ id: admin.user.id, isAdmin: false });
    const last = await player.request('PATCH', `/api/admin/users/${player.user.id}/admin`, {
      isAdmin: false,
    });
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ code: 'LAST_ADMIN' });
    expect((await admin.request('GET', '/api/admin/users')).status).toBe(403);

    const events = await app.app.get<EventStore>(EVENT_STORE).readStream('pool-admins');
    const grant = events.find(
      (event) =>
        event.type === 'AdminGranted' && (event.data as { userId: string }).userId === player.user.id,
    );
    expect(grant?.metadata).toMatchObject({
      actor: admin.user.id,
      source: 'admin',
      occurredAt: start.toISOString(),
    });
    expect(grant?.data).toEqual({ userId: player.user.id, reason: 'granted' });
    const revocation = events.find(
      (event) => event.type === 'AdminRevoked' && (event.data as { userId: string }).userId === admin.user.id,
    );
    expect(revocation?.metadata).toMatchObject({ actor: player.user.id, source: 'admin' });

    // Give the founder back the rights for the other tests.
    expect(
      (await player.request('PATCH', `/api/admin/users/${admin.user.id}/admin`, { isAdmin: true })).status,
    ).toBe(200);
    expect(
      (
        await admin.request('PATCH', '/api/admin/users/00000000-0000-4000-8000-000000000000/admin', {
          isAdmin: true,
        })
      ).body,
    ).toMatchObject({
      statusCode: 404,
      code: 'USER_NOT_FOUND',
    });
  });

  it('refuses non-JSON bodies (415) and cross-origin writes (403), and sends no CORS headers', async () => {
    const form = await app.request('POST', '/api/auth/login', 'email=a%40b.c&password=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    expect(form.body).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const text = await app.request('POST', '/api/invites', '{}', {
      'content-type': 'text/plain',
      cookie: admin.cookieHeader()!,
    });
    expect(text.status).toBe(415);
    // No body and no Content-Type (sign-out, deletions) is fine; an empty form post is not.
    expect((await app.request('POST', '/api/auth/logout')).status).toBe(204);
    expect(
      (
        await app.request('POST', '/api/auth/logout', '', {
          'content-type': 'application/x-www-form-urlencoded',
        })
      ).status,
    ).toBe(415);

    const foreign = await app.request(
      'POST',
      '/api/auth/login',
      { email: admin.user.email, password },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({
      statusCode: 403,
      code: 'CROSS_ORIGIN_REFUSED',
      message: 'Cross-origin requests are refused.',
    });
    const crossSite = await admin.request('POST', '/api/invites', {}, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.body).toMatchObject({ code: 'CROSS_ORIGIN_REFUSED' });
    const sameOrigin = await app.request(
      'POST',
      '/api/auth/login',
      { email: admin.user.email, password },
      { origin: app.baseUrl },
    );
    expect(sameOrigin.status).toBe(200);

    const read = await app.request('GET', '/api/health', undefined, { origin: 'https://evil.example' });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await app.request('OPTIONS', '/api/auth/login', undefined, {
      origin: 'https://evil.example',
      'access-control-request-method': 'POST',
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('authenticates Socket.IO with the session cookie and puts each user in their own room', async () => {
    const refused = io(app.baseUrl, { transports: ['websocket'], reconnection: false });
    const reason = await new Promise<string>((resolve) =>
      refused.on('connect_error', (error) => resolve(error.message)),
    );
    expect(reason).toBe('UNAUTHENTICATED');
    refused.close();

    const player = await registerPlayer(app, admin);
    const connect = (client: SignedIn) => {
      const socket = io(app.baseUrl, {
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: { cookie: client.cookieHeader()! },
      });
      return new Promise<typeof socket>((resolve, reject) => {
        socket.on('connect', () => resolve(socket));
        socket.on('connect_error', reject);
      });
    };
    const playerSocket = await connect(player);
    const adminSocket = await connect(admin);
    try {
      const received: string[] = [];
      // Only the test's own notices (the projections may still announce the player's sign-up).
      const ours = (who: string) => (notice: ReadModelChangedNotice) => {
        if (notice.readModels[0] === 'room-test') received.push(`${who}: ${notice.queryKeys[0]![0]}`);
      };
      playerSocket.on('read-model-changed', ours('player'));
      adminSocket.on('read-model-changed', ours('admin'));
      const notice = { readModels: ['room-test'], queryKeys: [['ARS']], position: '0' };
      const gateway = app.app.get(RealtimeGateway);
      gateway.server.to(userRoom(player.user.id)).emit('read-model-changed', notice);
      // Then one for the admin: their socket delivers in order, so had the player's notice reached
      // the admin too, it would have come before this one.
      gateway.server
        .to(userRoom(admin.user.id))
        .emit('read-model-changed', { ...notice, queryKeys: [['EVE']] });
      await eventually(
        'both notices',
        () => received.includes('player: ARS') && received.includes('admin: EVE'),
      );
      expect([...received].sort()).toEqual(['admin: EVE', 'player: ARS']);

      // Signing out closes that session's live connection.
      const closed = new Promise<string>((resolve) => playerSocket.on('disconnect', (why) => resolve(why)));
      await player.request('POST', '/api/auth/logout');
      expect(await closed).toBe('io server disconnect');
    } finally {
      playerSocket.close();
      adminSocket.close();
    }
  });

  it('limits failed sign-ins per address and account with a clear 429, never locking the owner out from elsewhere', async () => {
    const player = await registerPlayer(app, admin);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(
        (
          await app.request('POST', '/api/auth/login', {
            email: player.user.email,
            password: `wrong ${attempt}`,
          })
        ).status,
      ).toBe(401);
    }
    const blocked = await app.request('POST', '/api/auth/login', { email: player.user.email, password });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    });
    // Other accounts from the same address still sign in.
    expect((await app.request('POST', '/api/auth/login', { email: admin.user.email, password })).status).toBe(
      200,
    );

    app.clock!.set(new Date(start.getTime() + minutes(15)));
    expect(
      (await app.request('POST', '/api/auth/login', { email: player.user.email, password })).status,
    ).toBe(200);
  });

  it('counts 40 parallel wrong passwords for one account: 5 are checked, 35 refused', async () => {
    const player = await registerPlayer(app, admin);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, attempt) =>
        app.request('POST', '/api/auth/login', { email: player.user.email, password: `wrong ${attempt}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
  });
});

describe.each(databaseTargets)(
  'accounts on $name in an open pool over HTTPS, with ADMIN_EMAILS',
  (target) => {
    let app: TestApp;

    beforeAll(async () => {
      app = await startTestApp(target, {
        POOL_NOW: start.toISOString(),
        REGISTRATION: 'open',
        ADMIN_EMAILS: 'Boss@Example.com, deputy@example.com',
        COOKIE_SECURE: 'true',
        TRUST_PROXY_HOPS: '1',
      });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('admits everyone without an invitation, makes exactly one of the simultaneous first sign-ups admin, and sets Secure cookies', async () => {
      expect((await app.request('GET', '/api/auth/registration')).body).toEqual({
        mode: 'open',
        firstAccount: true,
        sendsEmail: false,
        invitation: null,
      } satisfies RegistrationOptions);
      const answers = await Promise.all(
        [1, 2, 3, 4, 5].map(() =>
          app.request('POST', '/api/auth/register', { email: uniqueEmail('open'), password }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
      expect(answers.filter((answer) => (answer.body as AuthResponse).user.isAdmin)).toHaveLength(1);
      for (const answer of answers)
        expect(attributes(sessionCookie(answer))).toEqual(
          expect.arrayContaining(['secure', 'httponly', 'samesite=lax']),
        );
    });

    it('makes accounts named in ADMIN_EMAILS admins, whatever the case', async () => {
      const boss = await app.request('POST', '/api/auth/register', { email: 'BOSS@example.COM', password });
      expect((boss.body as AuthResponse).user).toMatchObject({ email: 'boss@example.com', isAdmin: true });
      const player = await app.request('POST', '/api/auth/register', {
        email: uniqueEmail('plain'),
        password,
      });
      expect((player.body as AuthResponse).user.isAdmin).toBe(false);
    });

    it('never locks everyone behind one address out, nor an account out for its owner on a known device', async () => {
      const from = (address: string) => ({ 'x-forwarded-for': address });
      const login = (email: string, secret: string, address: string) =>
        app.request('POST', '/api/auth/login', { email, password: secret }, from(address));
      // One address guesses at many accounts...
      for (let attempt = 1; attempt <= 40; attempt++)
        expect((await login(uniqueEmail('guess'), password, '203.0.113.7')).status).toBe(401);
      // ...yet a player behind the same address signs in to their own account.
      expect((await login('boss@example.com', password, '203.0.113.7')).status).toBe(200);

      // Five wrong guesses at the boss's account from one address lock that address out of it...
      for (let attempt = 1; attempt <= 5; attempt++)
        expect((await login('boss@example.com', `wrong ${attempt}`, '192.0.2.66')).status).toBe(401);
      const blocked = await login('boss@example.com', password, '192.0.2.66');
      expect(blocked.status).toBe(429);
      expect(blocked.body).toMatchObject({ code: 'RATE_LIMITED' });
      // ...but not the boss, signing in from home.
      expect((await login('boss@example.com', password, '198.51.100.1')).status).toBe(200);

      // Many addresses guessing at one account: past 10 failures the account takes one attempt per
      // growing delay, whatever the address; the owner still signs in on the browser they signed up with.
      const deputy = app.client();
      expect(
        (await deputy.request('POST', '/api/auth/register', { email: 'deputy@example.com', password }))
          .status,
      ).toBe(201);
      for (let address = 1; address <= 11; address++)
        expect((await login('deputy@example.com', 'wrong guess', `198.18.0.${address}`)).status).toBe(401);
      expect((await login('deputy@example.com', 'wrong again', '198.18.0.12')).status).toBe(429);
      expect((await login('deputy@example.com', password, '198.51.100.2')).status).toBe(429);
      expect(
        (
          await deputy.request(
            'POST',
            '/api/auth/login',
            { email: 'deputy@example.com', password },
            { 'x-forwarded-for': '198.51.100.2' },
          )
        ).status,
      ).toBe(200);
    });
  },
);
