import { ErrorCodes, passwordPolicy } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';

/**
 * 8 to 256 characters (code points, so an emoji counts once), nothing else: length is what makes
 * a password strong, and composition rules only make people write them down.
 */
export function checkPasswordPolicy(password: string): void {
  const length = [...password].length;
  if (length < passwordPolicy.minLength) {
    throw new DomainError(
      ErrorCodes.PASSWORD_POLICY,
      `The password must have at least ${passwordPolicy.minLength} characters.`,
    );
  }
  if (length > passwordPolicy.maxLength) {
    throw new DomainError(
      ErrorCodes.PASSWORD_POLICY,
      `The password must have at most ${passwordPolicy.maxLength} characters.`,
    );
  }
}
