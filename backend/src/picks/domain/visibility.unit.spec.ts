import { describe, expect, it } from '@jest/globals';
import { isPickVisibleTo } from './visibility.js';

describe('isPickVisibleTo', () => {
  const kickoff = new Date('2025-08-16T14:00:00Z');
  const before = new Date('2025-08-16T13:59:59Z');

  it("hides another player's pick until the option locks, then shows it", () => {
    expect(
      isPickVisibleTo('viewer', { userId: 'other' }, { lockAt: kickoff, hasResult: false }, before),
    ).toBe(false);
    expect(
      isPickVisibleTo('viewer', { userId: 'other' }, { lockAt: kickoff, hasResult: false }, kickoff),
    ).toBe(true);
    expect(isPickVisibleTo('viewer', { userId: 'other' }, { lockAt: null, hasResult: false }, kickoff)).toBe(
      false,
    );
  });

  it('shows it before kickoff once its option has a result', () => {
    const withResult = { lockAt: kickoff, hasResult: true };
    expect(isPickVisibleTo('viewer', { userId: 'other' }, withResult, before)).toBe(true);
    expect(isPickVisibleTo('viewer', { userId: 'other' }, { lockAt: null, hasResult: true }, before)).toBe(
      true,
    );
  });

  it('always shows players their own picks', () => {
    expect(
      isPickVisibleTo('viewer', { userId: 'viewer' }, { lockAt: kickoff, hasResult: false }, before),
    ).toBe(true);
  });
});
