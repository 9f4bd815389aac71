import { describe, expect, it } from '@jest/globals';
import { currentPoolKey, inPool } from '../platform/pool-scope/pool-scope.js';
import { poolStreamId } from './pool-scope.js';

describe('pool scope', () => {
  it('names a pool’s streams with its key after the category, the default pool’s as they are', () => {
    expect(poolStreamId('period-12', '')).toBe('period-12');
    expect(poolStreamId('period-12', 'k7')).toBe('period-k7_12');
    expect(poolStreamId('picks-2027-28-u1', 'k7')).toBe('picks-k7_2027-28-u1');
    expect(poolStreamId('pool-admins', 'k7')).toBe('pool-k7_admins');
    expect(poolStreamId('prizes', 'k7')).toBe('prizes-k7');
    expect(poolStreamId('notifications-period-3', 'k7')).toBe('notifications-k7_period-3');
  });

  it('leaves install-wide streams alone in every pool', () => {
    for (const id of ['user-u1', 'user-email-ab12', 'invitation-tok', 'pools'])
      expect(poolStreamId(id, 'k7')).toBe(id);
  });

  it('runs work in a pool and is the default pool outside', async () => {
    expect(currentPoolKey()).toBe('');
    await inPool('abc', async () => {
      await Promise.resolve();
      expect(currentPoolKey()).toBe('abc');
    });
    expect(currentPoolKey()).toBe('');
    expect(() => inPool('Not-A-Key', () => 1)).toThrow('Not a pool key');
  });
});
