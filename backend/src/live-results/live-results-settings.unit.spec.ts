import { describe, expect, it } from '@jest/globals';
import { ScaledClock } from '../platform/clock/clock.js';
import { ConfigError, loadConfig } from '../platform/config/config.js';

const at = (iso: string) => new Date(iso);

describe('clock and settings', () => {
  it('runs a sped-up clock from its start', () => {
    let real = 1_000;
    const clock = new ScaledClock(at('2025-08-15T18:00:00Z'), 60, () => real);
    real += 1_000;
    expect(clock.now().toISOString()).toBe('2025-08-15T18:01:00.000Z');
    clock.set(at('2025-08-20T00:00:00Z'));
    real += 500;
    expect(clock.now().toISOString()).toBe('2025-08-20T00:00:30.000Z');
  });

  it('reads the live-results settings with their defaults', () => {
    const defaults = loadConfig({}, '/srv');
    expect(defaults.liveResults).toEqual({
      provider: 'football-data',
      footballDataApiKey: null,
      footballDataUrl: 'https://api.football-data.org/v4',
      footballDataRequestsPerMinute: 10,
      pollMinutes: 15,
      autostart: true,
    });
    expect(defaults.clockSpeed).toBeNull();
    const set = loadConfig(
      {
        RESULTS_PROVIDER: 'replay',
        FOOTBALL_DATA_URL: 'http://127.0.0.1:9999/v4/',
        RESULTS_POLL_MINUTES: '5',
        POOL_NOW: '2025-08-15T18:00:00Z',
        POOL_CLOCK_SPEED: '60',
      },
      '/srv',
    );
    expect(set.liveResults).toMatchObject({
      provider: 'replay',
      footballDataUrl: 'http://127.0.0.1:9999/v4',
      pollMinutes: 5,
    });
    expect(set.clockSpeed).toBe(60);
    expect(() => loadConfig({ POOL_CLOCK_SPEED: '60' }, '/srv')).toThrow(ConfigError);
    expect(() => loadConfig({ RESULTS_PROVIDER: 'sky' }, '/srv')).toThrow(/RESULTS_PROVIDER/);
  });
});
