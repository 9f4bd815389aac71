import { ErrorCodes } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';
import { assertNever, type DomainEvent } from '../../shared/domain/event.js';

/**
 * One stream per normalized e-mail (see `emailReservationStreamId`). Appending `EmailReserved` with
 * the version just read makes the address unique even when two sign-ups race: the second append
 * fails, is decided again on the new state, and is refused.
 */
export type EmailReservationEvent =
  DomainEvent<'EmailReserved', { userId: string }> | DomainEvent<'EmailReleased', { userId: string }>;

export interface EmailReservationState {
  reservedBy: string | null;
}

export function initialEmailReservationState(): EmailReservationState {
  return { reservedBy: null };
}

export function evolveEmailReservation(
  state: EmailReservationState,
  event: EmailReservationEvent,
): EmailReservationState {
  switch (event.type) {
    case 'EmailReserved':
      return { reservedBy: event.data.userId };
    case 'EmailReleased':
      return state.reservedBy === event.data.userId ? { reservedBy: null } : state;
    default:
      return assertNever(event);
  }
}

export const emailReservationModel = {
  initialState: initialEmailReservationState,
  evolve: evolveEmailReservation,
};

export function decideReserveEmail(
  state: EmailReservationState,
  command: { userId: string },
): EmailReservationEvent[] {
  if (state.reservedBy === command.userId) return [];
  if (state.reservedBy !== null) {
    throw new DomainError(
      ErrorCodes.EMAIL_TAKEN,
      'An account with this e-mail address already exists. Sign in instead.',
    );
  }
  return [{ type: 'EmailReserved', data: { userId: command.userId } }];
}

/** Gives the address back when the sign-up that reserved it was refused after all. */
export function decideReleaseEmail(
  state: EmailReservationState,
  command: { userId: string },
): EmailReservationEvent[] {
  return state.reservedBy === command.userId
    ? [{ type: 'EmailReleased', data: { userId: command.userId } }]
    : [];
}
