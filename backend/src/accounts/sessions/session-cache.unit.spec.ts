import { describe, expect, it } from '@jest/globals';
import { SessionCache } from './session-cache.js';

const entry = (sessionId: string, userId: string, checkedAt: number) => ({
  value: { sessionId },
  sessionId,
  userId,
  checkedAt,
});

describe('SessionCache', () => {
  it('answers a kept session while it is fresh, and not after', () => {
    const cache = new SessionCache<{ sessionId: string }>(null, 60_000);
    cache.keep('a', entry('s1', 'u1', 1_000), cache.mark());
    expect(cache.get('a', 60_999)).toEqual({ sessionId: 's1' });
    expect(cache.get('a', 61_000)).toBeUndefined();
    // A clock moved back does not make an answer fresher.
    cache.keep('b', entry('s2', 'u1', 5_000), cache.mark());
    expect(cache.get('b', 4_000)).toBeUndefined();
  });

  it('forgets a session, a person, or everything; and keeps no answer read while it forgot', () => {
    const cache = new SessionCache<{ sessionId: string }>(null, 60_000);
    cache.keep('a', entry('s1', 'u1', 0), cache.mark());
    cache.keep('b', entry('s2', 'u1', 0), cache.mark());
    cache.keep('c', entry('s3', 'u2', 0), cache.mark());
    cache.forgetSession('s1');
    expect([cache.get('a', 1), cache.get('b', 1), cache.get('c', 1)].map(Boolean)).toEqual([
      false,
      true,
      true,
    ]);
    cache.forgetUser('u1');
    expect([cache.get('b', 1), cache.get('c', 1)].map(Boolean)).toEqual([false, true]);
    // Read from the database before a change, kept after it: not kept.
    const mark = cache.mark();
    cache.forgetAll();
    cache.keep('d', entry('s4', 'u3', 0), mark);
    expect(cache.get('c', 1)).toBeUndefined();
    expect(cache.get('d', 1)).toBeUndefined();
  });

  it('keeps nothing on a Postgres server until it listens to the other instances', () => {
    const cache = new SessionCache<{ sessionId: string }>('postgres://127.0.0.1:1/none', 60_000);
    cache.keep('a', entry('s1', 'u1', 0), cache.mark());
    expect(cache.get('a', 1)).toBeUndefined();
  });
});
