import { describe, expect, it } from '@jest/globals';
import { ErrorCodes } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';
import { checkPasswordPolicy } from './password-policy.js';

function codeOf(password: string): string | null {
  try {
    checkPasswordPolicy(password);
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'unexpected';
  }
}

describe('password policy', () => {
  it('accepts 8 to 256 characters', () => {
    expect(codeOf('12345678')).toBeNull();
    expect(codeOf('x'.repeat(256))).toBeNull();
    expect(codeOf('correct horse battery staple')).toBeNull();
  });

  it('refuses shorter and longer passwords with PASSWORD_POLICY', () => {
    expect(codeOf('1234567')).toBe(ErrorCodes.PASSWORD_POLICY);
    expect(codeOf('')).toBe(ErrorCodes.PASSWORD_POLICY);
    expect(codeOf('x'.repeat(257))).toBe(ErrorCodes.PASSWORD_POLICY);
  });

  it('counts characters, not UTF-16 units', () => {
    // Seven emoji are 14 UTF-16 units but only 7 characters.
    expect('🏆'.repeat(7).length).toBe(14);
    expect(codeOf('🏆'.repeat(7))).toBe(ErrorCodes.PASSWORD_POLICY);
    expect(codeOf('🏆'.repeat(8))).toBeNull();
    expect(codeOf('🏆'.repeat(256))).toBeNull();
  });
});
