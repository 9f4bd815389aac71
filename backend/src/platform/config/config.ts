import path from 'node:path';
import { defaultRules, type PoolRules } from '@treble/contracts';

/**
 * Every setting the app reads, parsed and validated once at start-up. A bad value stops the start
 * with a message that names the variable, instead of failing later in some request.
 */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  databasePoolSize: number;
  /** `EVENTSTORE_URL`: events go to EventStoreDB there; null keeps them in the database's `events` table. */
  eventStoreUrl: string | null;
  poolNow: Date | null;
  /** `POOL_CLOCK_SPEED`: the clock runs from POOL_NOW at this many times real time; null keeps it pinned. */
  clockSpeed: number | null;
  logLevel: LogLevel;
  logFormat: 'json' | 'pretty';
  webDistDir: string | null;
  /** `PUBLIC_URL`: where players reach the pool; every link in an e-mail points here (required with SMTP_URL). */
  publicUrl: string | null;
  /** `POOL_NAME`: the name of the install's default pool (at most 80 characters). */
  poolName: string;
  projectionPollMs: number;
  /** `LEADER_LEASE_MS`: with several instances, the projector leader's lease; a dead leader is replaced within about this long. */
  leaderLeaseMs: number;
  rules: PoolRules;
  accounts: AccountsConfig;
  liveResults: LiveResultsConfig;
  notifications: NotificationsConfig;
}

/** Reminders, results digests and their channels (notifications context). */
export interface NotificationsConfig {
  /** `REMINDER_HOURS`: hours before a matchweek's first deadline that reminders go out (default 24 and 2). */
  reminderHours: number[];
  /** `NOTIFICATIONS_CHECK_SECONDS`: how often the app looks for reminders and digests that are due. */
  checkSeconds: number;
  /** `VAPID_PUBLIC_KEY` / `VAPID_PRIVATE_KEY`: Web Push keys; unset = generated on first start and kept in the database. */
  vapidPublicKey: string | null;
  vapidPrivateKey: string | null;
  /** `VAPID_SUBJECT`: contact for push services (mailto: or https:); default from MAIL_FROM. */
  vapidSubject: string;
  /**
   * `PUSH_TEST_SERVICE_URL`, for tests only: the origin of a stand-in push service (e.g.
   * http://127.0.0.1:4000) that subscriptions may also point to. Null (the default): only the
   * browsers' push services, over https.
   */
  pushTestServiceOrigin: string | null;
}

/** Where match results come from and how often they are fetched (live-results context). */
export interface LiveResultsConfig {
  /**
   * `football-data`: the football-data.org v4 API (needs `FOOTBALL_DATA_API_KEY`); `replay`: the
   * bundled season's real results, released as the pool's clock passes each match (demos, tests).
   */
  provider: 'football-data' | 'replay';
  /** `FOOTBALL_DATA_API_KEY`, sent as X-Auth-Token; null: the football-data provider is not configured. */
  footballDataApiKey: string | null;
  /** `FOOTBALL_DATA_URL`: base URL of the v4 API. */
  footballDataUrl: string;
  /** `FOOTBALL_DATA_REQUESTS_PER_MINUTE`: the plan's request budget (free 10; paid plans 20-60). */
  footballDataRequestsPerMinute: number;
  /** `RESULTS_POLL_MINUTES`: the scheduler's interval when no match is live (every minute while one is). */
  pollMinutes: number;
  /** `RESULTS_SCHEDULER_AUTOSTART`: on a pool's first start the scheduler starts itself (once stopped, it stays stopped). */
  autostart: boolean;
}

/** Sign-up, sessions and mail (accounts context). */
export interface AccountsConfig {
  /** Lower-cased e-mails that are admins from their first sign-up (`ADMIN_EMAILS`). */
  adminEmails: string[];
  /** `invite`: players need an invitation link; `open`: anyone may register. */
  registration: 'invite' | 'open';
  /** Who may create pools (`POOL_CREATION`): the install's owner, its first account, or anyone signed in. */
  poolCreation: 'owner' | 'anyone';
  /** Session cookie only over HTTPS (`COOKIE_SECURE=true`; set it behind TLS). */
  cookieSecure: boolean;
  /** A session unused this long ends. */
  sessionIdleMinutes: number;
  /** A session ends this long after sign-in, used or not. */
  sessionAbsoluteMinutes: number;
  /** smtp:// or smtps:// URL of the mail server; null: invitations are shared as links only. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Express `trust proxy`: how many reverse proxies to trust for the client address (0: none). */
  trustProxyHops: number;
  /**
   * `PROFILE_IMAGE_HOSTS`: the https hosts a player's picture may come from (the CSP's image list);
   * empty (`none`): initials only. Other addresses would let a player's server watch who looks.
   */
  profileImageHosts: string[];
}

export type LogLevel = 'error' | 'warn' | 'log' | 'debug' | 'verbose';

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
  }
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!/^-?\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max)
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

function instant(env: Env, name: string): Date | null {
  const raw = text(env, name);
  if (raw === null) return null;
  const value = new Date(raw);
  if (Number.isNaN(value.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(raw)) {
    throw new ConfigError(name, `must be an ISO 8601 date-time such as 2025-09-01T12:00:00Z, got "${raw}"`);
  }
  return value;
}

function url(env: Env, name: string, protocols: readonly string[]): string | null {
  const raw = text(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be a URL, got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(
      name,
      `must start with ${protocols.map((p) => `${p}//`).join(' or ')}, got "${parsed.protocol}//…"`,
    );
  }
  return raw;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

/** A comma-separated list, lower-cased, without blanks or repeats; null when unset. */
function list(env: Env, name: string, entry: RegExp, what: string): string[] | null {
  const raw = text(env, name);
  if (raw === null) return null;
  const entries = raw
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
  const bad = entries.find((part) => !entry.test(part));
  if (bad !== undefined)
    throw new ConfigError(name, `must be a comma-separated list of ${what}, got "${bad}"`);
  return [...new Set(entries)];
}

const plausibleEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const hostName = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function loadAccounts(env: Env, publicUrl: string | null): AccountsConfig {
  const idle = integer(env, 'SESSION_IDLE_MINUTES', 14 * 24 * 60, 5, 366 * 24 * 60);
  const absolute = integer(env, 'SESSION_ABSOLUTE_MINUTES', 30 * 24 * 60, 5, 366 * 24 * 60);
  if (absolute < idle)
    throw new ConfigError(
      'SESSION_ABSOLUTE_MINUTES',
      `must not be shorter than SESSION_IDLE_MINUTES (${idle})`,
    );
  const mailFrom = text(env, 'MAIL_FROM');
  if (mailFrom !== null && !/@/.test(mailFrom))
    throw new ConfigError('MAIL_FROM', `must contain an e-mail address, got "${mailFrom}"`);
  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  // Links in e-mails (invitations, password resets, reminders) point to PUBLIC_URL: never to the
  // address a request names in its Host header, which is the sender's to choose.
  if (smtpUrl !== null && publicUrl === null)
    throw new ConfigError(
      'PUBLIC_URL',
      'must be set when SMTP_URL is: links in e-mails point to it (e.g. https://pool.example.com)',
    );
  const host = publicUrl === null ? 'localhost' : new URL(publicUrl).hostname;
  return {
    adminEmails: list(env, 'ADMIN_EMAILS', plausibleEmail, 'e-mail addresses') ?? [],
    registration: oneOf(env, 'REGISTRATION', ['invite', 'open'] as const, 'invite'),
    poolCreation: oneOf(env, 'POOL_CREATION', ['owner', 'anyone'] as const, 'owner'),
    cookieSecure: flag(env, 'COOKIE_SECURE', false),
    sessionIdleMinutes: idle,
    sessionAbsoluteMinutes: absolute,
    smtpUrl,
    mailFrom: mailFrom ?? `Treble <no-reply@${host}>`,
    trustProxyHops: integer(env, 'TRUST_PROXY_HOPS', 0, 0, 10),
    profileImageHosts:
      text(env, 'PROFILE_IMAGE_HOSTS')?.toLowerCase() === 'none'
        ? []
        : (list(env, 'PROFILE_IMAGE_HOSTS', hostName, 'host names (or none)') ?? defaultProfileImageHosts),
  };
}

/** Picture hosts that serve only their users' own pictures (no player can put a tracker there). */
const defaultProfileImageHosts = [
  'gravatar.com',
  'www.gravatar.com',
  'secure.gravatar.com',
  'avatars.githubusercontent.com',
];

function loadLiveResults(env: Env): LiveResultsConfig {
  return {
    provider: oneOf(env, 'RESULTS_PROVIDER', ['football-data', 'replay'] as const, 'football-data'),
    footballDataApiKey: text(env, 'FOOTBALL_DATA_API_KEY'),
    footballDataUrl: (
      url(env, 'FOOTBALL_DATA_URL', ['http:', 'https:']) ?? 'https://api.football-data.org/v4'
    ).replace(/\/+$/, ''),
    footballDataRequestsPerMinute: integer(env, 'FOOTBALL_DATA_REQUESTS_PER_MINUTE', 10, 1, 600),
    pollMinutes: integer(env, 'RESULTS_POLL_MINUTES', 15, 1, 24 * 60),
    autostart: flag(env, 'RESULTS_SCHEDULER_AUTOSTART', true),
  };
}

function clockSpeed(env: Env, poolNow: Date | null): number | null {
  const speed =
    text(env, 'POOL_CLOCK_SPEED') === null ? null : integer(env, 'POOL_CLOCK_SPEED', 1, 1, 100_000);
  if (speed !== null && poolNow === null) {
    throw new ConfigError('POOL_CLOCK_SPEED', 'needs POOL_NOW, the instant the sped-up clock starts from');
  }
  return speed;
}

function loadRules(env: Env): PoolRules {
  const strikeBelow = integer(env, 'SURVIVOR_STRIKE_BELOW', defaultRules.survivor.strikeBelow, 1, 10);
  const strikes = integer(env, 'SURVIVOR_STRIKES', defaultRules.survivor.strikesToEliminate, 1, 38);
  const maxUses = integer(env, 'MAX_USES_PER_TEAM', defaultRules.maxUsesPerTeam, 1, 38);
  const minUses = integer(env, 'MIN_USES_PER_TEAM', defaultRules.minUsesPerTeam, 0, 38);
  if (minUses > maxUses)
    throw new ConfigError('MIN_USES_PER_TEAM', `must not exceed MAX_USES_PER_TEAM (${maxUses})`);
  return {
    ...defaultRules,
    picksPerPeriod: integer(env, 'PICKS_PER_PERIOD', defaultRules.picksPerPeriod, 1, 10),
    maxUsesPerTeam: maxUses,
    minUsesPerTeam: minUses,
    minUsesEnforcement: oneOf(
      env,
      'MIN_USES_ENFORCEMENT',
      ['off', 'warn', 'reject'] as const,
      defaultRules.minUsesEnforcement,
    ),
    survivor: {
      mode: oneOf(env, 'SURVIVOR_MODE', ['strikes', 'loss'] as const, defaultRules.survivor.mode),
      strikeBelow,
      strikesToEliminate: strikes,
    },
  };
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  // esdb://host:2113?tls=false (one node) or esdb+discover://… (a cluster found by gossip).
  const eventStoreUrl = url(env, 'EVENTSTORE_URL', ['esdb:', 'esdb+discover:']);
  const webDist = text(env, 'WEB_DIST_DIR');
  const publicUrl = url(env, 'PUBLIC_URL', ['http:', 'https:']);
  const poolNow = instant(env, 'POOL_NOW');
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir: path.resolve(cwd, text(env, 'DATA_DIR') ?? './data'),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 200),
    eventStoreUrl,
    poolNow,
    clockSpeed: clockSpeed(env, poolNow),
    logLevel: oneOf(env, 'LOG_LEVEL', ['error', 'warn', 'log', 'debug', 'verbose'] as const, 'log'),
    logFormat: oneOf(env, 'LOG_FORMAT', ['json', 'pretty'] as const, 'json'),
    webDistDir: webDist ? path.resolve(cwd, webDist) : null,
    publicUrl,
    poolName: poolName(env),
    projectionPollMs: integer(env, 'PROJECTION_POLL_MS', 500, 10, 60_000),
    leaderLeaseMs: integer(env, 'LEADER_LEASE_MS', 5_000, 200, 600_000),
    rules: loadRules(env),
    accounts: loadAccounts(env, publicUrl),
    liveResults: loadLiveResults(env),
    notifications: loadNotifications(env, publicUrl),
  };
}

function poolName(env: Env): string {
  const name = text(env, 'POOL_NAME') ?? 'Treble pool';
  if (name.length > 80) throw new ConfigError('POOL_NAME', 'must be at most 80 characters');
  return name;
}

function loadNotifications(env: Env, publicUrl: string | null): NotificationsConfig {
  const raw = text(env, 'REMINDER_HOURS') ?? '24,2';
  const hours = raw.split(',').map((part) => part.trim());
  if (hours.some((part) => !/^\d{1,3}$/.test(part) || Number(part) < 1 || Number(part) > 168)) {
    throw new ConfigError(
      'REMINDER_HOURS',
      `must be a comma-separated list of whole hours from 1 to 168, got "${raw}"`,
    );
  }
  const vapidPublicKey = text(env, 'VAPID_PUBLIC_KEY');
  const vapidPrivateKey = text(env, 'VAPID_PRIVATE_KEY');
  if ((vapidPublicKey === null) !== (vapidPrivateKey === null)) {
    throw new ConfigError(
      vapidPublicKey === null ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY',
      'must be set together with the other VAPID key',
    );
  }
  const subject = text(env, 'VAPID_SUBJECT');
  if (subject !== null && !/^(mailto:|https:)/.test(subject)) {
    throw new ConfigError('VAPID_SUBJECT', `must start with mailto: or https:, got "${subject}"`);
  }
  const pushTestService = url(env, 'PUSH_TEST_SERVICE_URL', ['http:', 'https:']);
  return {
    reminderHours: [...new Set(hours.map(Number))].sort((a, b) => b - a),
    checkSeconds: integer(env, 'NOTIFICATIONS_CHECK_SECONDS', 60, 1, 3600),
    vapidPublicKey,
    vapidPrivateKey,
    vapidSubject: subject ?? (publicUrl?.startsWith('https:') ? publicUrl : 'mailto:pool@treble.invalid'),
    pushTestServiceOrigin: pushTestService === null ? null : new URL(pushTestService).origin,
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
