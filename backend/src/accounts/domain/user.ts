import { ErrorCodes, standInName } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';
import { assertNever, type DomainEvent } from '../../shared/domain/event.js';

/** One stream per account: `user-{id}`. Admin rights live in the pool-admins stream. */
export const userStreamId = (userId: string): string => `user-${userId}`;

export interface Profile {
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

export type UserEvent =
  | DomainEvent<
      'UserRegistered',
      {
        userId: string;
        email: string;
        firstName: string | null;
        lastName: string | null;
        invitation: string | null;
        /**
         * The pool the account was made to join (by its invitation), when that is not the default
         * pool: then it joins by a `MemberJoined` there, and is no member of the default pool.
         */
        pool?: string;
      }
    >
  /**
   * A person joined a pool other than the default one (docs/adr/015), on their membership stream
   * there (`membershipStreamId`): as its creator, or by an invitation (null: as its creator).
   */
  | DomainEvent<'MemberJoined', { userId: string; invitation: string | null }>
  | DomainEvent<'UserProfileUpdated', { userId: string } & Profile>
  /** An admin deactivated the account: no sign-in, picks or notifications; points and history stay. */
  | DomainEvent<'UserDeactivated', { userId: string }>
  | DomainEvent<'UserReactivated', { userId: string }>
  /** An admin removed an account that never picked; its e-mail address is free again. */
  | DomainEvent<'UserRemoved', { userId: string; email: string }>
  /** Entry fee marked paid (with the day) or unpaid (paidOn null). */
  | DomainEvent<'EntryFeeMarked', { userId: string; paidOn: string | null }>
  /**
   * A password reset link was issued (by the player's own request, or handed to an admin) or used.
   * The token itself is never in the log (docs/adr/004); these only record that it happened.
   */
  | DomainEvent<'PasswordResetIssued', { userId: string; via: 'email' | 'admin' }>
  | DomainEvent<'PasswordResetCompleted', { userId: string }>
  /**
   * The person's data was erased (docs/adr/017): their key is gone, so the personal fields of every
   * earlier event read as null; `standIn` numbers the stand-in that takes their place. The actor
   * (metadata) is who asked: the person, or an admin.
   */
  | DomainEvent<'PersonErased', { userId: string; standIn: number }>;

export interface UserState extends Profile {
  registered: boolean;
  /**
   * A member of the pool whose membership stream this is (docs/adr/015): of the default pool by
   * signing up there, or by `MemberJoined` (in the account's stream for the default pool).
   */
  joined: boolean;
  removed: boolean;
  active: boolean;
  email: string | null;
  feePaidOn: string | null;
  /** The stand-in's number once the person's data was erased. */
  erasedAs: number | null;
}

export function initialUserState(): UserState {
  return {
    registered: false,
    joined: false,
    removed: false,
    active: true,
    email: null,
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    feePaidOn: null,
    erasedAs: null,
  };
}

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return {
        ...state,
        registered: true,
        joined: event.data.pool === undefined,
        email: event.data.email,
        firstName: event.data.firstName,
        lastName: event.data.lastName,
      };
    case 'MemberJoined':
      // (After a removal: back as a new member, by a link made since.)
      return { ...state, registered: true, joined: true, removed: false, active: true };
    case 'UserProfileUpdated':
      return {
        ...state,
        firstName: event.data.firstName,
        lastName: event.data.lastName,
        profileImageUrl: event.data.profileImageUrl,
      };
    case 'UserDeactivated':
      return { ...state, active: false };
    case 'UserReactivated':
      return { ...state, active: true };
    case 'UserRemoved':
      return { ...state, removed: true, active: false };
    case 'EntryFeeMarked':
      return { ...state, feePaidOn: event.data.paidOn };
    case 'PersonErased':
      return {
        ...state,
        email: null,
        ...standInName(event.data.standIn),
        profileImageUrl: null,
        erasedAs: event.data.standIn,
      };
    case 'PasswordResetIssued':
    case 'PasswordResetCompleted':
      return state;
    default:
      return assertNever(event);
  }
}

export const userModel = { initialState: initialUserState, evolve: evolveUser };

const maxNameLength = 100;
const maxUrlLength = 2048;

/** Trimmed; empty means "not given" (null). */
export function normalizeName(
  field: 'firstName' | 'lastName',
  value: string | null | undefined,
): string | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return null;
  if ([...trimmed].length > maxNameLength) {
    throw new DomainError(
      ErrorCodes.VALIDATION_FAILED,
      `${field} must have at most ${maxNameLength} characters.`,
    );
  }
  return trimmed;
}

/**
 * Only https pictures from the pool's picture hosts (`PROFILE_IMAGE_HOSTS`, the CSP's image list):
 * the URL ends up in an <img src> in other players' (and the admins') browsers, so a player's own
 * server must not be able to watch who looks.
 */
export function normalizeImageUrl(
  value: string | null | undefined,
  allowedHosts: readonly string[],
): string | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return null;
  const url = URL.canParse(trimmed) ? new URL(trimmed) : null;
  if (
    url?.protocol !== 'https:' ||
    url.username !== '' ||
    url.password !== '' ||
    trimmed.length > maxUrlLength
  ) {
    throw new DomainError(ErrorCodes.VALIDATION_FAILED, 'profileImageUrl must be an https:// address.');
  }
  if (url.port !== '' || !allowedHosts.includes(url.hostname)) {
    throw new DomainError(
      ErrorCodes.PROFILE_IMAGE_HOST_NOT_ALLOWED,
      allowedHosts.length === 0
        ? 'This pool shows initials instead of pictures.'
        : `Pictures may come from ${allowedHosts.join(', ')}.`,
    );
  }
  return url.href;
}

export interface RegisterUser {
  userId: string;
  /** Normalized. */
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  invitation: string | null;
  /** The pool the invitation is of, when not the default pool. */
  pool?: string;
}

export function decideRegisterUser(state: UserState, command: RegisterUser): UserEvent[] {
  if (state.registered) return [];
  return [
    {
      type: 'UserRegistered',
      data: {
        userId: command.userId,
        email: command.email,
        firstName: normalizeName('firstName', command.firstName),
        lastName: normalizeName('lastName', command.lastName),
        invitation: command.invitation,
        ...(command.pool === undefined ? {} : { pool: command.pool }),
      },
    },
  ];
}

/**
 * A person joins a pool once; joining again is refused (409). One put out of it is refused (403):
 * a deactivated member until an admin reactivates them, a removed one unless the link was made
 * after the removal (`madeSinceRemoval`: the admin invited them back).
 */
export function decideJoinPool(
  state: UserState,
  command: { userId: string; invitation: string | null; madeSinceRemoval?: boolean },
): UserEvent[] {
  if (state.removed && !command.madeSinceRemoval)
    throw new DomainError(
      ErrorCodes.MEMBERSHIP_ENDED,
      'Your membership of this pool was ended by its admin: ask them for a new invitation link.',
    );
  if (!state.removed && state.joined && !state.active)
    throw new DomainError(
      ErrorCodes.MEMBERSHIP_ENDED,
      'Your membership of this pool was ended by its admin: ask them to let you back in.',
    );
  if (!state.removed && state.joined)
    throw new DomainError(ErrorCodes.ALREADY_A_MEMBER, 'You are already a member of this pool.');
  return [{ type: 'MemberJoined', data: { userId: command.userId, invitation: command.invitation } }];
}

export interface UpdateProfile {
  userId: string;
  /** A field left undefined keeps its value. */
  changes: Partial<Record<keyof Profile, string | null>>;
  /** The hosts a picture may come from. */
  imageHosts: readonly string[];
}

/** An account that exists and was neither removed nor erased. */
export function isMember(state: UserState): boolean {
  return state.registered && !state.removed && state.erasedAs === null;
}

function requireMember(state: UserState): void {
  if (!isMember(state)) throw new DomainError(ErrorCodes.USER_NOT_FOUND, 'There is no such user.');
}

/** What an admin does to a member of their pool needs one (docs/adr/015: not every person is). */
function requireJoined(state: UserState): void {
  requireMember(state);
  if (!state.joined) throw new DomainError(ErrorCodes.USER_NOT_FOUND, 'There is no such user.');
}

export function decideUpdateProfile(state: UserState, command: UpdateProfile): UserEvent[] {
  requireMember(state);
  const { changes } = command;
  const next: Profile = {
    firstName:
      changes.firstName === undefined ? state.firstName : normalizeName('firstName', changes.firstName),
    lastName: changes.lastName === undefined ? state.lastName : normalizeName('lastName', changes.lastName),
    profileImageUrl:
      changes.profileImageUrl === undefined
        ? state.profileImageUrl
        : normalizeImageUrl(changes.profileImageUrl, command.imageHosts),
  };
  if (
    next.firstName === state.firstName &&
    next.lastName === state.lastName &&
    next.profileImageUrl === state.profileImageUrl
  ) {
    return [];
  }
  return [{ type: 'UserProfileUpdated', data: { userId: command.userId, ...next } }];
}

/** Who asks, and about whom: an admin may not lock themselves or another admin out. */
export interface ManageMember {
  userId: string;
  actorId: string;
  /** The account is an admin now (admins are revoked first, so a pool never loses its last admin). */
  targetIsAdmin: boolean;
}

function refuseSelfOrAdmin(command: ManageMember, what: string): void {
  if (command.userId === command.actorId)
    throw new DomainError(ErrorCodes.VALIDATION_FAILED, `You cannot ${what} your own account.`);
  if (command.targetIsAdmin)
    throw new DomainError(
      ErrorCodes.VALIDATION_FAILED,
      `Revoke admin rights before you ${what} this account.`,
    );
}

export function decideSetActive(state: UserState, command: ManageMember & { active: boolean }): UserEvent[] {
  requireJoined(state);
  if (state.active === command.active) return [];
  if (!command.active) {
    refuseSelfOrAdmin(command, 'deactivate');
    return [{ type: 'UserDeactivated', data: { userId: command.userId } }];
  }
  return [{ type: 'UserReactivated', data: { userId: command.userId } }];
}

export function decideRemoveUser(
  state: UserState,
  command: ManageMember & { hasPicked: boolean },
): UserEvent[] {
  requireJoined(state);
  refuseSelfOrAdmin(command, 'remove');
  if (command.hasPicked) {
    throw new DomainError(
      ErrorCodes.USER_HAS_PICKS,
      'This player has made picks, so their history stays: deactivate the account instead.',
    );
  }
  return [{ type: 'UserRemoved', data: { userId: command.userId, email: state.email ?? '' } }];
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

export function decideMarkEntryFee(
  state: UserState,
  command: { userId: string; paid: boolean; paidOn: string },
): UserEvent[] {
  requireJoined(state);
  if (
    command.paid &&
    (!isoDay.test(command.paidOn) || Number.isNaN(Date.parse(`${command.paidOn}T00:00:00Z`)))
  ) {
    throw new DomainError(ErrorCodes.VALIDATION_FAILED, 'paidOn must be a day as YYYY-MM-DD.');
  }
  const paidOn = command.paid ? command.paidOn : null;
  if (state.feePaidOn === paidOn) return [];
  return [{ type: 'EntryFeeMarked', data: { userId: command.userId, paidOn } }];
}

/** A reset link is issued only for a member who may sign in. */
export function decideIssuePasswordReset(
  state: UserState,
  command: { userId: string; via: 'email' | 'admin' },
): UserEvent[] {
  requireMember(state);
  if (!state.active) {
    throw new DomainError(
      ErrorCodes.ACCOUNT_DEACTIVATED,
      'This account is deactivated. Reactivate it first.',
    );
  }
  return [{ type: 'PasswordResetIssued', data: { userId: command.userId, via: command.via } }];
}

export function decideCompletePasswordReset(state: UserState, command: { userId: string }): UserEvent[] {
  requireMember(state);
  if (!state.active) throw new DomainError(ErrorCodes.ACCOUNT_DEACTIVATED, 'This account is deactivated.');
  return [{ type: 'PasswordResetCompleted', data: { userId: command.userId } }];
}
