import { ErrorCodes } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';
import { assertNever, type DomainEvent } from '../../shared/domain/event.js';

/**
 * The pool's admins live in ONE stream, so the rules that span accounts hold under concurrency:
 * only one sign-up can be the first account (the first append expects `no_stream`), and two admins
 * revoking each other at once cannot leave the pool without an admin (both append at the version
 * they read; the second is decided again and refused).
 */
export const poolAdminsStreamId = 'pool-admins';

export type AdminGrantReason = 'first-account' | 'admin-emails' | 'granted';

export type PoolAdminsEvent =
  | DomainEvent<'AdminGranted', { userId: string; reason: AdminGrantReason }>
  | DomainEvent<'AdminRevoked', { userId: string }>;

export interface PoolAdminsState {
  admins: string[];
}

export function initialPoolAdminsState(): PoolAdminsState {
  return { admins: [] };
}

export function evolvePoolAdmins(state: PoolAdminsState, event: PoolAdminsEvent): PoolAdminsState {
  switch (event.type) {
    case 'AdminGranted':
      return state.admins.includes(event.data.userId)
        ? state
        : { admins: [...state.admins, event.data.userId] };
    case 'AdminRevoked':
      return { admins: state.admins.filter((id) => id !== event.data.userId) };
    default:
      return assertNever(event);
  }
}

export const poolAdminsModel = { initialState: initialPoolAdminsState, evolve: evolvePoolAdmins };

export interface AdminOnRegistration {
  userId: string;
  /** Normalized. */
  email: string;
  /** Normalized (`ADMIN_EMAILS`). */
  adminEmails: readonly string[];
}

/**
 * The first account of a new pool is an admin, and so is every account named in ADMIN_EMAILS.
 * "First" means the pool has no admin: the last admin can never be revoked, so that holds only
 * until the first sign-up succeeds.
 */
export function decideAdminOnRegistration(
  state: PoolAdminsState,
  command: AdminOnRegistration,
): PoolAdminsEvent[] {
  if (state.admins.length === 0)
    return [{ type: 'AdminGranted', data: { userId: command.userId, reason: 'first-account' } }];
  if (command.adminEmails.includes(command.email)) {
    return [{ type: 'AdminGranted', data: { userId: command.userId, reason: 'admin-emails' } }];
  }
  return [];
}

export interface SetAdmin {
  userId: string;
  isAdmin: boolean;
}

/** Admins grant and revoke admin; setting what already holds changes nothing; the last admin stays. */
export function decideSetAdmin(state: PoolAdminsState, command: SetAdmin): PoolAdminsEvent[] {
  const isAdmin = state.admins.includes(command.userId);
  if (command.isAdmin) {
    return isAdmin ? [] : [{ type: 'AdminGranted', data: { userId: command.userId, reason: 'granted' } }];
  }
  if (!isAdmin) return [];
  if (state.admins.length === 1) {
    throw new DomainError(
      ErrorCodes.LAST_ADMIN,
      'This is the last admin of the pool: make someone else admin first.',
    );
  }
  return [{ type: 'AdminRevoked', data: { userId: command.userId } }];
}

/**
 * Takes back the grant of a sign-up that failed after it (the account never came to be), so the
 * pool is not left with an admin nobody can sign in as. Not an admin action: no last-admin rule.
 */
export function decideWithdrawRegistrationGrant(
  state: PoolAdminsState,
  command: { userId: string },
): PoolAdminsEvent[] {
  return state.admins.includes(command.userId)
    ? [{ type: 'AdminRevoked', data: { userId: command.userId } }]
    : [];
}
