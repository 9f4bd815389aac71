import { ErrorCodes, type RegistrationMode } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';

/** How a new account gets in. */
export type Admission = { kind: 'admin' } | { kind: 'invitation'; token: string } | { kind: 'open' };

export interface AdmissionRequest {
  /** The sign-up was made admin (first account, or ADMIN_EMAILS). */
  isAdmin: boolean;
  registration: RegistrationMode;
  inviteToken: string | null;
}

/**
 * Admins need nothing more. Anyone else brings an invitation (which is then checked and used, also
 * in an open pool: a link that was handed out is honoured or refused, never silently ignored),
 * unless the pool is open.
 */
export function decideAdmission(request: AdmissionRequest): Admission {
  if (request.isAdmin) return { kind: 'admin' };
  if (request.inviteToken !== null) return { kind: 'invitation', token: request.inviteToken };
  if (request.registration === 'open') return { kind: 'open' };
  throw new DomainError(
    ErrorCodes.INVITATION_REQUIRED,
    'This pool is by invitation only: ask the pool host for an invitation link.',
  );
}
