import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { defaultRules } from '@treble/contracts';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('defaults to the embedded database under ./data on port 3000', () => {
    const config = loadConfig({}, '/srv/treble');
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve('/srv/treble/data'),
      databaseUrl: null,
      poolNow: null,
    });
    expect(config.rules).toEqual(defaultRules);
  });

  it('reads every setting it is given', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        DATA_DIR: '/var/lib/treble',
        DATABASE_URL: 'postgres://u@db:5432/pool',
        POOL_NOW: '2025-09-01T12:00:00Z',
        SURVIVOR_STRIKES: '1',
        SURVIVOR_MODE: 'loss',
        MIN_USES_ENFORCEMENT: 'reject',
      },
      '/srv',
    );
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://u@db:5432/pool');
    expect(config.poolNow?.toISOString()).toBe('2025-09-01T12:00:00.000Z');
    expect(config.rules.survivor).toEqual({ mode: 'loss', strikeBelow: 4, strikesToEliminate: 1 });
    expect(config.rules.minUsesEnforcement).toBe('reject');
  });

  it('takes EventStoreDB from EVENTSTORE_URL, one node or a cluster, and the database events table without it', () => {
    expect(loadConfig({}).eventStoreUrl).toBeNull();
    expect(loadConfig({ EVENTSTORE_URL: 'esdb://localhost:2113?tls=false' }).eventStoreUrl).toBe(
      'esdb://localhost:2113?tls=false',
    );
    expect(loadConfig({ EVENTSTORE_URL: 'esdb+discover://cluster.local:2113' }).eventStoreUrl).toBe(
      'esdb+discover://cluster.local:2113',
    );
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number, got "eighty"'],
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres:// or postgresql://'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL must be a URL'],
    [{ POOL_NOW: 'tomorrow' }, 'POOL_NOW must be an ISO 8601 date-time'],
    [{ SURVIVOR_MODE: 'sudden' }, 'SURVIVOR_MODE must be one of strikes, loss'],
    [{ MIN_USES_PER_TEAM: '9' }, 'MIN_USES_PER_TEAM must not exceed MAX_USES_PER_TEAM (7)'],
    [
      { EVENTSTORE_URL: 'http://localhost:2113' },
      'EVENTSTORE_URL must start with esdb:// or esdb+discover://',
    ],
  ])('stops on %j naming the variable', (env, message) => {
    expect(() => loadConfig(env as Record<string, string>)).toThrow(ConfigError);
    expect(() => loadConfig(env as Record<string, string>)).toThrow(message);
  });
});
