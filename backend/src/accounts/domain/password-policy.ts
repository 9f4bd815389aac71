import { dictionary } from '@zxcvbn-ts/language-common';
import { ErrorCodes, passwordPolicy } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';

/** The ~49,000 most common passwords (zxcvbn-ts's list, lower case), built on first use. */
let commonPasswords: ReadonlySet<string> | null = null;

function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords.has(password.toLowerCase());
}

/**
 * Why a password may not be set, or null when it may: 8 to 256 characters (code points, so an
 * emoji counts once); not one of the most common passwords (any case); not the account's e-mail
 * address nor its local part; not one character repeated. Nothing else: length is what makes a
 * password strong, and composition rules only make people write them down.
 */
export function passwordProblem(password: string, email: string | null): string | null {
  const characters = [...password];
  if (characters.length < passwordPolicy.minLength)
    return `The password must have at least ${passwordPolicy.minLength} characters.`;
  if (characters.length > passwordPolicy.maxLength)
    return `The password must have at most ${passwordPolicy.maxLength} characters.`;
  if (characters.every((character) => character === characters[0]))
    return 'The password must not be one character repeated.';
  const lowered = password.trim().toLowerCase();
  if (email !== null) {
    const address = email.trim().toLowerCase();
    const local = address.slice(0, Math.max(0, address.lastIndexOf('@')));
    if (lowered === address || (local !== '' && lowered === local))
      return 'The password must not be your e-mail address.';
  }
  if (isCommonPassword(password) || isCommonPassword(password.trim()))
    return 'This password is one of the most common passwords, which are tried first by anyone guessing. Please choose another.';
  return null;
}

/**
 * Throws 400 PASSWORD_POLICY, saying why, when `password` may not be set for the account with this
 * e-mail address. Every place that sets a password (sign-up, change, reset) calls it.
 */
export function checkPasswordPolicy(password: string, email: string | null): void {
  const problem = passwordProblem(password, email);
  if (problem !== null) throw new DomainError(ErrorCodes.PASSWORD_POLICY, problem);
}
