import { describe, expect, it } from '@jest/globals';
import { picksStreamId } from './picks.events.js';

describe('picks streams', () => {
  it("keeps the pool's first season in picks-{user} and scopes later seasons by name", () => {
    expect(picksStreamId('u1', '')).toBe('picks-u1');
    expect(picksStreamId('u1', '2027-28')).toBe('picks-2027-28-u1');
  });
});
