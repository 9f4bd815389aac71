import { describe, expect, it } from '@jest/globals';
import { DEFAULT_POOL_ADDRESS, isAccountRoute, poolAddressPattern, poolApiPath } from './pools.js';

describe('the pool of an API call', () => {
  it('leaves every call of the default pool as it is', () => {
    expect(poolApiPath(DEFAULT_POOL_ADDRESS, '/api/leaderboards/overall?season=2025-26')).toBe(
      '/api/leaderboards/overall?season=2025-26',
    );
  });

  it("sends another pool's calls under its prefix", () => {
    expect(poolApiPath('office-2026', '/api/leaderboards/overall?season=2025-26')).toBe(
      '/api/pools/office-2026/leaderboards/overall?season=2025-26',
    );
    expect(poolApiPath('office-2026', '/api/choices/period/3')).toBe(
      '/api/pools/office-2026/choices/period/3',
    );
    expect(poolApiPath('office-2026', '/api/notifications/settings')).toBe(
      '/api/pools/office-2026/notifications/settings',
    );
  });

  it("keeps the account's own calls the same in every pool", () => {
    for (const path of [
      '/api/auth/user',
      '/api/auth/login',
      '/api/login',
      '/api/temp-logout',
      '/api/notifications/push/key',
      '/api/notifications/time-zone',
      '/api/pools',
      '/api/pools?x=1',
      '/api/pools/office-2026/rules',
      '/api/health',
    ]) {
      expect(isAccountRoute(path)).toBe(true);
      expect(poolApiPath('office-2026', path)).toBe(path);
    }
    // A route that merely starts with the same letters is a pool's.
    expect(isAccountRoute('/api/authors')).toBe(false);
    expect(poolApiPath('office-2026', '/socket.io/')).toBe('/socket.io/');
  });

  it('knows a well-formed address', () => {
    for (const good of ['default', 'office-2026', 'abc', '3rd-floor'])
      expect(poolAddressPattern.test(good)).toBe(true);
    for (const bad of ['ab', '-office', 'office-', 'Office', 'off ice', 'a'.repeat(41), 'pool/1'])
      expect(poolAddressPattern.test(bad)).toBe(false);
  });
});
