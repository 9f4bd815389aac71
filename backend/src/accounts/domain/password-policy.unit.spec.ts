import { describe, expect, it } from '@jest/globals';
import { dictionary } from '@zxcvbn-ts/language-common';
import { ErrorCodes } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';
import { checkPasswordPolicy } from './password-policy.js';

const email = 'Ann.Able@example.com';

function refusal(
  password: string,
  forEmail: string | null = email,
): { code: string; message: string } | null {
  try {
    checkPasswordPolicy(password, forEmail);
    return null;
  } catch (error) {
    return error instanceof DomainError
      ? { code: error.code, message: error.message }
      : { code: 'unexpected', message: '' };
  }
}
const codeOf = (password: string) => refusal(password)?.code ?? null;

describe('password policy', () => {
  it('accepts 8 to 256 characters', () => {
    expect(codeOf('treble-demo')).toBeNull();
    expect(codeOf('correct horse battery')).toBeNull();
    expect(codeOf('xy'.repeat(128))).toBeNull();
  });

  it('refuses shorter and longer passwords with PASSWORD_POLICY, saying why', () => {
    expect(refusal('1234567')).toEqual({
      code: ErrorCodes.PASSWORD_POLICY,
      message: 'The password must have at least 8 characters.',
    });
    expect(codeOf('')).toBe(ErrorCodes.PASSWORD_POLICY);
    expect(refusal('xy'.repeat(128) + 'z')).toEqual({
      code: ErrorCodes.PASSWORD_POLICY,
      message: 'The password must have at most 256 characters.',
    });
  });

  it('counts characters, not UTF-16 units', () => {
    // Seven emoji are 14 UTF-16 units but only 7 characters.
    expect('🏆'.repeat(7).length).toBe(14);
    expect(codeOf('🏆⚽'.repeat(3) + '🏆')).toBe(ErrorCodes.PASSWORD_POLICY);
    expect(codeOf('🏆⚽'.repeat(4))).toBeNull();
    expect(codeOf('🏆⚽'.repeat(128))).toBeNull();
  });

  it('refuses one character repeated', () => {
    for (const password of ['aaaaaaaa', '11111111111', '🏆'.repeat(8), ' '.repeat(10)])
      expect(refusal(password)).toEqual({
        code: ErrorCodes.PASSWORD_POLICY,
        message: 'The password must not be one character repeated.',
      });
  });

  it('refuses the e-mail address and its local part, whatever the case', () => {
    for (const password of ['ann.able@example.com', 'ANN.ABLE@EXAMPLE.COM', 'Ann.Able'])
      expect(refusal(password)).toEqual({
        code: ErrorCodes.PASSWORD_POLICY,
        message: 'The password must not be your e-mail address.',
      });
    expect(codeOf('ann.able.2025')).toBeNull();
    expect(refusal('Ann.Able', null)).toBeNull();
  });

  it('refuses the most common passwords, whatever the case, from a list of more than 10,000', () => {
    const list = dictionary['passwords-common'];
    expect(list.length).toBeGreaterThan(10_000);
    for (const password of [
      'password',
      'Password1',
      'iloveyou',
      'FOOTBALL',
      'trustno1',
      'qwertyuiop',
      '12345678',
    ])
      expect(refusal(password)).toEqual({
        code: ErrorCodes.PASSWORD_POLICY,
        message:
          'This password is one of the most common passwords, which are tried first by anyone guessing. Please choose another.',
      });
    // Deep in the list, not only the top few.
    const deep = list.filter((password) => [...password].length >= 8 && new Set(password).size > 1).slice(-3);
    expect(deep).toHaveLength(3);
    for (const password of deep) expect(codeOf(password)).toBe(ErrorCodes.PASSWORD_POLICY);
  });
});
