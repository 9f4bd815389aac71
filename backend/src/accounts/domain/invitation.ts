import { ErrorCodes, type InvitationStatus } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';
import { assertNever, type DomainEvent } from '../../shared/domain/event.js';
import type { UserState } from './user.js';

/**
 * An invitation link. Its token (random, URL-safe) is also its id: the registration reads the
 * stream straight from the token in the link, and counts a use by appending at the version it
 * read, so a link with N uses admits N accounts however many sign up at once.
 */
export const invitationStreamId = (token: string): string => `invitation-${token}`;

/** Tokens the server hands out are 32 URL-safe characters; anything unlike that is not one. */
export function isWellFormedInvitationToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{16,64}$/.test(token);
}

export const maxInvitationUses = 10_000;

export type InvitationEvent =
  | DomainEvent<
      'InvitationCreated',
      { token: string; maxUses: number | null; expiresAt: string | null; createdBy: string }
    >
  | DomainEvent<'InvitationUsed', { token: string; userId: string }>
  | DomainEvent<'InvitationRevoked', { token: string }>;

export interface InvitationState {
  created: boolean;
  /** Who created it: an admin, or the member whose referral link it is. */
  createdBy: string | null;
  maxUses: number | null;
  expiresAt: string | null;
  uses: number;
  /** Who used it: a person uses a link once, however often they tap it. */
  usedBy: string[];
  revoked: boolean;
}

export function initialInvitationState(): InvitationState {
  return {
    created: false,
    createdBy: null,
    maxUses: null,
    expiresAt: null,
    uses: 0,
    usedBy: [],
    revoked: false,
  };
}

export function evolveInvitation(state: InvitationState, event: InvitationEvent): InvitationState {
  switch (event.type) {
    case 'InvitationCreated':
      return {
        ...state,
        created: true,
        createdBy: event.data.createdBy,
        maxUses: event.data.maxUses,
        expiresAt: event.data.expiresAt,
      };
    case 'InvitationUsed':
      return { ...state, uses: state.uses + 1, usedBy: [...state.usedBy, event.data.userId] };
    case 'InvitationRevoked':
      return { ...state, revoked: true };
    default:
      return assertNever(event);
  }
}

export const invitationModel = { initialState: initialInvitationState, evolve: evolveInvitation };

export function invitationStatus(
  invitation: Pick<InvitationState, 'created' | 'maxUses' | 'expiresAt' | 'uses' | 'revoked'>,
  now: Date,
): InvitationStatus {
  if (!invitation.created) return 'unknown';
  if (invitation.revoked) return 'revoked';
  if (invitation.expiresAt !== null && Date.parse(invitation.expiresAt) <= now.getTime()) return 'expired';
  if (invitation.maxUses !== null && invitation.uses >= invitation.maxUses) return 'used-up';
  return 'valid';
}

const refusals: Record<Exclude<InvitationStatus, 'valid'>, string> = {
  unknown: 'This invitation link is not valid.',
  revoked: 'This invitation link has been withdrawn.',
  expired: 'This invitation link has expired.',
  'used-up': 'This invitation link has been used up.',
};

/** Why a link cannot be used: unknown tokens are invalid (400), the others are gone (410). */
export function invitationRefusal(status: Exclude<InvitationStatus, 'valid'>): DomainError {
  return new DomainError(
    status === 'unknown' ? ErrorCodes.INVITATION_INVALID : ErrorCodes.INVITATION_EXPIRED,
    `${refusals[status]} Ask the pool host for a new one.`,
  );
}

export interface CreateInvitation {
  token: string;
  maxUses: number | null;
  expiresAt: Date | null;
  createdBy: string;
  now: Date;
}

export function decideCreateInvitation(state: InvitationState, command: CreateInvitation): InvitationEvent[] {
  if (state.created) return [];
  if (
    command.maxUses !== null &&
    (!Number.isInteger(command.maxUses) || command.maxUses < 1 || command.maxUses > maxInvitationUses)
  ) {
    throw new DomainError(
      ErrorCodes.VALIDATION_FAILED,
      `maxUses must be a whole number from 1 to ${maxInvitationUses}.`,
    );
  }
  if (command.expiresAt !== null && command.expiresAt.getTime() <= command.now.getTime()) {
    throw new DomainError(ErrorCodes.VALIDATION_FAILED, 'expiresAt must be in the future.');
  }
  return [
    {
      type: 'InvitationCreated',
      data: {
        token: command.token,
        maxUses: command.maxUses,
        expiresAt: command.expiresAt?.toISOString() ?? null,
        createdBy: command.createdBy,
      },
    },
  ];
}

/**
 * Where the invitation's creator stands: a link vouches for a newcomer only while the member who
 * made it is in the pool. `inactive` when they are deactivated or removed (their links work again
 * once they are reactivated); `active` otherwise, also for a creator with no account (the system).
 */
export type InvitationCreatorStanding = 'active' | 'inactive';

export function creatorStanding(
  creator: Pick<UserState, 'registered' | 'removed' | 'active'>,
): InvitationCreatorStanding {
  return creator.registered && (creator.removed || !creator.active) ? 'inactive' : 'active';
}

export function decideUseInvitation(
  state: InvitationState,
  command: { token: string; userId: string; now: Date; creator: InvitationCreatorStanding },
): InvitationEvent[] {
  // The same person again (two taps at once, the second decided after the first): counted once.
  if (state.usedBy.includes(command.userId)) return [];
  const status = invitationStatus(state, command.now);
  if (status !== 'valid') throw invitationRefusal(status);
  if (command.creator === 'inactive')
    throw new DomainError(
      ErrorCodes.INVITATION_SUSPENDED,
      'This invitation link belongs to a member who is no longer active in the pool, so it admits nobody for now. Ask the pool host for a new one.',
    );
  return [{ type: 'InvitationUsed', data: { token: command.token, userId: command.userId } }];
}

export function decideRevokeInvitation(
  state: InvitationState,
  command: { token: string },
): InvitationEvent[] {
  if (!state.created) throw new DomainError(ErrorCodes.INVITATION_NOT_FOUND, 'There is no such invitation.');
  if (state.revoked) return [];
  return [{ type: 'InvitationRevoked', data: { token: command.token } }];
}
