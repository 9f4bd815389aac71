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
  eventStoreUrl: string | null;
  poolNow: Date | null;
  logLevel: LogLevel;
  logFormat: 'json' | 'pretty';
  webDistDir: string | null;
  publicUrl: string | null;
  projectionPollMs: number;
  rules: PoolRules;
}

export type LogLevel = 'error' | 'warn' | 'log' | 'debug' | 'verbose';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
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
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
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
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')}, got "${parsed.protocol}//…"`);
  }
  return raw;
}

function loadRules(env: Env): PoolRules {
  const strikeBelow = integer(env, 'SURVIVOR_STRIKE_BELOW', defaultRules.survivor.strikeBelow, 1, 10);
  const strikes = integer(env, 'SURVIVOR_STRIKES', defaultRules.survivor.strikesToEliminate, 1, 38);
  const maxUses = integer(env, 'MAX_USES_PER_TEAM', defaultRules.maxUsesPerTeam, 1, 38);
  const minUses = integer(env, 'MIN_USES_PER_TEAM', defaultRules.minUsesPerTeam, 0, 38);
  if (minUses > maxUses) throw new ConfigError('MIN_USES_PER_TEAM', `must not exceed MAX_USES_PER_TEAM (${maxUses})`);
  return {
    ...defaultRules,
    picksPerPeriod: integer(env, 'PICKS_PER_PERIOD', defaultRules.picksPerPeriod, 1, 10),
    maxUsesPerTeam: maxUses,
    minUsesPerTeam: minUses,
    minUsesEnforcement: oneOf(env, 'MIN_USES_ENFORCEMENT', ['off', 'warn', 'reject'] as const, defaultRules.minUsesEnforcement),
    survivor: {
      mode: oneOf(env, 'SURVIVOR_MODE', ['strikes', 'loss'] as const, defaultRules.survivor.mode),
      strikeBelow,
      strikesToEliminate: strikes,
    },
  };
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const eventStoreUrl = url(env, 'EVENTSTORE_URL', ['esdb:', 'esdb+discover:']);
  if (eventStoreUrl !== null) {
    // The EventStoreDB adapter arrives with its own contract tests; until then refuse clearly
    // rather than silently writing events somewhere the operator did not ask for.
    throw new ConfigError('EVENTSTORE_URL', 'names EventStoreDB, whose adapter is not part of this build yet; unset it to use the Postgres event store');
  }
  const webDist = text(env, 'WEB_DIST_DIR');
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir: path.resolve(cwd, text(env, 'DATA_DIR') ?? './data'),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 200),
    eventStoreUrl,
    poolNow: instant(env, 'POOL_NOW'),
    logLevel: oneOf(env, 'LOG_LEVEL', ['error', 'warn', 'log', 'debug', 'verbose'] as const, 'log'),
    logFormat: oneOf(env, 'LOG_FORMAT', ['json', 'pretty'] as const, 'json'),
    webDistDir: webDist ? path.resolve(cwd, webDist) : null,
    publicUrl: url(env, 'PUBLIC_URL', ['http:', 'https:']),
    projectionPollMs: integer(env, 'PROJECTION_POLL_MS', 500, 10, 60_000),
    rules: loadRules(env),
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
