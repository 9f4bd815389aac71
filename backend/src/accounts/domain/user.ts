import { ErrorCodes } from '@treble/contracts';
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
      }
    >
  | DomainEvent<'UserProfileUpdated', { userId: string } & Profile>;

export interface UserState extends Profile {
  registered: boolean;
  email: string | null;
}

export function initialUserState(): UserState {
  return { registered: false, email: null, firstName: null, lastName: null, profileImageUrl: null };
}

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return {
        ...state,
        registered: true,
        email: event.data.email,
        firstName: event.data.firstName,
        lastName: event.data.lastName,
      };
    case 'UserProfileUpdated':
      return {
        ...state,
        firstName: event.data.firstName,
        lastName: event.data.lastName,
        profileImageUrl: event.data.profileImageUrl,
      };
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

/** Only http(s) pictures: the URL ends up in an <img src>, so nothing else is accepted. */
export function normalizeImageUrl(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return null;
  const protocol = URL.canParse(trimmed) ? new URL(trimmed).protocol : null;
  if ((protocol !== 'https:' && protocol !== 'http:') || trimmed.length > maxUrlLength) {
    throw new DomainError(
      ErrorCodes.VALIDATION_FAILED,
      'profileImageUrl must be an http:// or https:// address.',
    );
  }
  return trimmed;
}

export interface RegisterUser {
  userId: string;
  /** Normalized. */
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  invitation: string | null;
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
      },
    },
  ];
}

export interface UpdateProfile {
  userId: string;
  /** A field left undefined keeps its value. */
  changes: Partial<Record<keyof Profile, string | null>>;
}

export function decideUpdateProfile(state: UserState, command: UpdateProfile): UserEvent[] {
  if (!state.registered) throw new DomainError(ErrorCodes.USER_NOT_FOUND, 'There is no such user.');
  const { changes } = command;
  const next: Profile = {
    firstName:
      changes.firstName === undefined ? state.firstName : normalizeName('firstName', changes.firstName),
    lastName: changes.lastName === undefined ? state.lastName : normalizeName('lastName', changes.lastName),
    profileImageUrl:
      changes.profileImageUrl === undefined
        ? state.profileImageUrl
        : normalizeImageUrl(changes.profileImageUrl),
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
