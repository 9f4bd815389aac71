import { describe, expect, it } from '@jest/globals';
import { passwordProblem } from './password-policy.js';

const common =
  'This password is one of the most common passwords, which are tried first by anyone guessing. Please choose another.';
const isEmail = 'The password must not be your e-mail address.';

describe('password policy: what surrounds the password', () => {
  it('refuses a common password with spaces around it', () => {
    expect(passwordProblem('  password  ', null)).toBe(common);
    expect(passwordProblem('\tfootball ', 'ann@example.com')).toBe(common);
  });

  it('refuses the e-mail address in any case, with spaces around it or around the stored address', () => {
    expect(passwordProblem(' ANN.ABLE@example.com ', 'ann.able@example.com')).toBe(isEmail);
    expect(passwordProblem('ann.able@example.com', '  Ann.Able@Example.com ')).toBe(isEmail);
    expect(passwordProblem('Ann.Able', ' ann.able@example.com')).toBe(isEmail);
  });

  it('does not take a password of blanks for the empty local part of an address without one', () => {
    expect(passwordProblem(' \t \t \t \t', '@example.com')).toBeNull();
    expect(passwordProblem(' \t \t \t \t', 'postmaster')).toBeNull();
  });

  it('accepts an uncommon password', () => {
    expect(passwordProblem('correct horse battery staple', 'ann@example.com')).toBeNull();
  });
});
