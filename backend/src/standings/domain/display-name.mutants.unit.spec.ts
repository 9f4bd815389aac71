import { describe, expect, it } from '@jest/globals';
import { maskEmail } from '@treble/contracts';
import { displayName } from './display-name.js';

describe('displayName from an e-mail address', () => {
  it('masks the address without the spaces around it', () => {
    expect(displayName({ firstName: ' ', email: '  ann@example.com ' })).toBe(maskEmail('ann@example.com'));
    expect(displayName({ email: '   ' })).toBe('Unknown User');
  });
});
