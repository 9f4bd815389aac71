import type { ErrorCode } from '@treble/contracts';

/**
 * A refusal by the domain: carries a stable code from contracts and a message for humans.
 * The HTTP layer turns it into `{ statusCode, code, message }`.
 */
export class DomainError extends Error {
  /** `details`: fields the answer carries besides the three (e.g. the options still without a result). */
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/**
 * Someone else changed the same thing at the same moment: the write was not made. The event store's
 * version conflict is one; the HTTP layer answers 409 CONCURRENCY_CONFLICT for any of them.
 */
export class ConcurrentChangeError extends Error {}
