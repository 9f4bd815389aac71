import { describe, expect, it } from '@jest/globals';
import { currentPoolKey, inPool } from '../platform/pool-scope/pool-scope.js';
import type { EventStore, ReadStreamsOptions } from './event-store.port.js';
import { poolLens, poolStreamId } from './pool-scope.js';

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

  it('reads the streams asked and those named to prefetch in the pool the work runs in', async () => {
    const reads: [readonly string[], ReadStreamsOptions | undefined][] = [];
    const store = {
      readStreams: async (ids: readonly string[], options?: ReadStreamsOptions) => {
        reads.push([ids, options]);
        return ids.map(() => []);
      },
    } as unknown as EventStore;
    await inPool('k7', () =>
      poolLens(store).readStreams(['user-u1'], { cached: true, prefetch: ['picks-u1'] }),
    );
    expect(reads).toEqual([[['user-u1'], { cached: true, prefetch: ['picks-k7_u1'] }]]);
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
