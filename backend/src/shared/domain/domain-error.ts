import type { ErrorCode } from '@treble/contracts';

/**
 * A refusal by the domain: carries a stable code from contracts and a message for humans.
 * The HTTP layer turns it into `{ statusCode, code, message }`.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
