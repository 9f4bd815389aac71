import http from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AuthResponse, CreatedInvitation, User } from '@treble/contracts';
import { expect } from '@jest/globals';
import { createApp } from '../../src/app.js';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { CLOCK, FixedClock, type Clock } from '../../src/platform/clock/clock.js';
import { loadConfig, type AppConfig } from '../../src/platform/config/config.js';
import { Database } from '../../src/platform/database/database.js';
import type { TestDatabaseTarget } from './databases.js';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  baseUrl: string;
  /** fetch against the app, JSON in and out, signed out (no cookies). */
  request(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<TestResponse>;
  /** A client that keeps the cookies the app sets, like a browser. */
  client(): TestClient;
  /** The app's clock when POOL_NOW pins it (tests move it with `set`); null on the system clock. */
  clock: FixedClock | null;
  close(): Promise<void>;
}

export interface TestClient {
  request(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<TestResponse>;
  /** Current cookies as a `Cookie` header value (for Socket.IO handshakes), or null. */
  cookieHeader(): string | null;
  cookies: Map<string, string>;
}

/** A client signed in as `user`. */
export interface SignedIn extends TestClient {
  user: User;
  password: string;
}

export interface TestResponse {
  status: number;
  body: unknown;
  headers: Headers;
  text: string;
}

// TEST_APP_ERRORS=1 prints the app's errors (they are otherwise silent, like every other log line).
const quietLogger = {
  log() {},
  error: (...parts: unknown[]) => (process.env.TEST_APP_ERRORS ? console.error(...parts) : undefined),
  warn() {},
  debug() {},
  verbose() {},
  fatal() {},
};

/** An app whose database outlives it, for restart tests. */
export interface RestartableTestApp {
  /** Starts the app on the same database each time; the TestApp's `close` leaves the database in place. */
  start(env?: Record<string, string>): Promise<TestApp>;
  /** Drops the database (close the running app first). */
  dispose(): Promise<void>;
  /** Where the database is, to open it without the app (a restore, say) while the app is stopped. */
  location: { url: string | null; dataDir: string };
}

/** Starts the whole app on a fresh database of the target, listening on a free port. */
export async function startTestApp(
  target: TestDatabaseTarget,
  env: Record<string, string> = {},
): Promise<TestApp> {
  const restartable = await restartableTestApp(target, env);
  const app = await restartable.start().catch(async (error: unknown) => {
    await restartable.dispose();
    throw error;
  });
  return {
    ...app,
    async close() {
      await app.close();
      await restartable.dispose();
    },
  };
}

/** Provisions one database of the target; `start` launches the whole app on it, as often as a test restarts it. */
export async function restartableTestApp(
  target: TestDatabaseTarget,
  baseEnv: Record<string, string> = {},
): Promise<RestartableTestApp> {
  const provisioned = await target.provision();
  return {
    async start(env = {}) {
      const merged = { ...baseEnv, ...env };
      const config = loadConfig({
        DATA_DIR: provisioned.dataDir,
        ...(provisioned.url ? { DATABASE_URL: provisioned.url } : {}),
        PROJECTION_POLL_MS: '50',
        WEB_DIST_DIR: merged.WEB_DIST_DIR ?? `${provisioned.dataDir}/no-web-app`,
        ...merged,
      });
      const app = await createApp(config, quietLogger);
      await app.listen(0, '127.0.0.1');
      const address = app.getHttpServer().address() as { port: number };
      const baseUrl = `http://127.0.0.1:${address.port}`;
      return {
        app,
        config,
        baseUrl,
        request: (method, path, body, headers = {}) => send(baseUrl, method, path, body, headers),
        client: () => cookieClient(baseUrl),
        clock: pinnedClock(app.get<Clock>(CLOCK)),
        close: () => app.close(),
      };
    },
    dispose: () => provisioned.cleanup(),
    location: { url: provisioned.url, dataDir: provisioned.dataDir },
  };
}

function pinnedClock(clock: Clock): FixedClock | null {
  return clock instanceof FixedClock ? clock : null;
}

async function send(
  baseUrl: string,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<TestResponse & { setCookies: string[] }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return {
    status: response.status,
    body: parsed,
    headers: response.headers,
    text,
    setCookies: response.headers.getSetCookie(),
  };
}

/** Keeps cookies by name, as a browser on one site would (attributes are the tests' business). */
export function cookieClient(baseUrl: string): TestClient {
  const cookies = new Map<string, string>();
  const cookieHeader = () =>
    cookies.size === 0 ? null : [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return {
    cookies,
    cookieHeader,
    async request(method, path, body, headers = {}) {
      const cookie = cookieHeader();
      const response = await send(baseUrl, method, path, body, { ...(cookie ? { cookie } : {}), ...headers });
      for (const line of response.setCookies) {
        const [pair = '', ...attributes] = line.split(';');
        const index = pair.indexOf('=');
        const name = pair.slice(0, index).trim();
        const value = pair.slice(index + 1).trim();
        const expired =
          value === '' ||
          attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0\s*$/i.test(a));
        if (expired) cookies.delete(name);
        else cookies.set(name, value);
      }
      return response;
    },
  };
}

const testPassword = 'correct horse battery';
let accounts = 0;

/** A fresh, unique e-mail address for a test account. */
export function uniqueEmail(prefix = 'user'): string {
  accounts += 1;
  return `${prefix}-${accounts}-${Date.now().toString(36)}@example.com`;
}

async function register(app: TestApp, body: Record<string, unknown>): Promise<SignedIn> {
  const client = app.client();
  const response = await client.request('POST', '/api/auth/register', body);
  if (response.status !== 201) throw new Error(`Registration failed: ${response.status} ${response.text}`);
  return Object.assign(client, {
    user: (response.body as AuthResponse).user,
    password: String(body.password),
  });
}

/** Registers the first account of a fresh pool, which becomes its admin. */
export async function registerAdmin(
  app: TestApp,
  details: { email?: string; firstName?: string; lastName?: string } = {},
): Promise<SignedIn> {
  const admin = await register(app, {
    email: details.email ?? uniqueEmail('admin'),
    password: testPassword,
    ...details,
  });
  if (!admin.user.isAdmin)
    throw new Error('registerAdmin: the pool already had an admin, so this account is a player');
  return admin;
}

/** Registers a player through an invitation link that `admin` creates for them (in `pool`, by its address). */
export async function registerPlayer(
  app: TestApp,
  admin: TestClient,
  { pool, ...details }: { email?: string; firstName?: string; lastName?: string; pool?: string } = {},
): Promise<SignedIn> {
  const invites = pool === undefined ? '/api/invites' : `/api/pools/${pool}/invites`;
  const invitation = await admin.request('POST', invites, { maxUses: 1 });
  if (invitation.status !== 201)
    throw new Error(`Creating an invitation failed: ${invitation.status} ${invitation.text}`);
  const { token } = invitation.body as CreatedInvitation;
  return register(app, {
    email: details.email ?? uniqueEmail('player'),
    password: testPassword,
    inviteToken: token,
    ...details,
  });
}

/** Asserts that `client`'s request is refused with `status` and `code` (and a message), and that the log did not move. */
export async function expectRefused(
  app: TestApp,
  client: Pick<TestClient, 'request'>,
  [method, path, body]: [method: string, path: string, body?: unknown],
  status: number,
  code: string,
): Promise<void> {
  const store = app.app.get<EventStore>(EVENT_STORE);
  const head = await store.headPosition();
  const answer = await client.request(method, path, body);
  expect([path, answer.status, answer.body]).toEqual([
    path,
    status,
    expect.objectContaining({ code, message: expect.any(String) }),
  ]);
  expect(await store.headPosition()).toBe(head);
}

/** The statements the app sends through its database from now until `restore`. */
export function recordStatements(app: TestApp): { statements: string[]; restore: () => void } {
  const db = app.app.get(Database);
  const statements: string[] = [];
  const query = db.query.bind(db);
  db.query = (text: string, params?: readonly unknown[]) => {
    statements.push(text);
    return query(text, params);
  };
  return { statements, restore: () => (db.query = query) };
}

/**
 * A request's status, headers and body bytes as they came on the wire (Node's fetch would decode
 * the body and hide the content-coding's effect).
 */
export function onTheWire(
  url: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const received = new Headers();
          for (const [name, value] of Object.entries(response.headers))
            if (typeof value === 'string') received.set(name, value);
          resolve({ status: response.statusCode ?? 0, headers: received, bytes: Buffer.concat(chunks) });
        });
      })
      .on('error', reject)
      .end();
  });
}
