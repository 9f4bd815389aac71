import { afterEach, describe, expect, test } from '@jest/globals';
import { DEFAULT_POOL_ADDRESS } from '@treble/contracts';
import { apiPath, poolHref, poolOfPath, poolRewrite, setCurrentPool } from './current-pool';

const url = (path: string) => new URL(path, 'http://treble.test');

describe('the pool of a page', () => {
  afterEach(() => setCurrentPool(DEFAULT_POOL_ADDRESS));

  test('a page without a prefix is the default pool', () => {
    expect(poolOfPath('/leaderboards')).toEqual({ address: DEFAULT_POOL_ADDRESS, rest: '/leaderboards' });
    expect(poolOfPath('/')).toEqual({ address: DEFAULT_POOL_ADDRESS, rest: '/' });
  });

  test('`/p/{address}` names the pool, and the router sees the page without it', () => {
    expect(poolOfPath('/p/office-2026/leaderboards')).toEqual({
      address: 'office-2026',
      rest: '/leaderboards',
    });
    expect(poolOfPath('/p/office-2026')).toEqual({ address: 'office-2026', rest: '/' });
    expect(poolRewrite.input({ url: url('/p/office-2026/predictions?x=1') }).pathname).toBe('/predictions');
  });

  test('a malformed address is no pool: the page is not found rather than another pool shown', () => {
    expect(poolOfPath('/p/Bad Pool/leaderboards')).toEqual({
      address: DEFAULT_POOL_ADDRESS,
      rest: '/p/Bad Pool/leaderboards',
    });
  });

  test("links and calls in another pool keep its prefix; the default pool's have none", () => {
    expect(poolRewrite.output({ url: url('/leaderboards') }).pathname).toBe('/leaderboards');
    expect(apiPath('/api/leaderboards/overall')).toBe('/api/leaderboards/overall');
    setCurrentPool('office-2026');
    expect(poolRewrite.output({ url: url('/leaderboards') }).pathname).toBe('/p/office-2026/leaderboards');
    expect(poolRewrite.output({ url: url('/') }).pathname).toBe('/p/office-2026/');
    expect(apiPath('/api/leaderboards/overall')).toBe('/api/pools/office-2026/leaderboards/overall');
    expect(apiPath('/api/auth/user')).toBe('/api/auth/user');
  });

  test("a pool's home", () => {
    expect(poolHref(DEFAULT_POOL_ADDRESS)).toBe('/');
    expect(poolHref('family')).toBe('/p/family/');
    expect(poolHref('family', '/predictions')).toBe('/p/family/predictions');
  });
});
