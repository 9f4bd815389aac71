import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../../shared/domain/domain-error.js';
import { evolveEmailReservation, initialEmailReservationState } from './email-reservation.js';
import { evolveInvitation, initialInvitationState, invitationStreamId } from './invitation.js';
import { evolvePoolAdmins, initialPoolAdminsState } from './pool-admins.js';
import {
  decideRegisterUser,
  decideUpdateProfile,
  evolveUser,
  initialUserState,
  normalizeName,
  userStreamId,
  type UserEvent,
} from './user.js';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('not refused');
};
const long = 'x'.repeat(101);
const registered = evolveUser(initialUserState(), {
  type: 'UserRegistered',
  data: { userId: 'u1', email: 'ann@example.com', firstName: 'Ann', lastName: null, invitation: null },
});

describe('account names', () => {
  it('takes a name left out as no name', () => {
    expect(normalizeName('firstName', undefined)).toBeNull();
    expect(normalizeName('lastName', null)).toBeNull();
    expect(normalizeName('lastName', '  Archer ')).toBe('Archer');
  });

  it('names the field that is too long, at sign-up and in a profile change', () => {
    expect(
      refusal(() =>
        decideRegisterUser(initialUserState(), {
          userId: 'u1',
          email: 'ann@example.com',
          firstName: long,
          invitation: null,
        }),
      ),
    ).toEqual({ code: 'VALIDATION_FAILED', message: 'firstName must have at most 100 characters.' });
    expect(
      refusal(() =>
        decideUpdateProfile(registered, {
          userId: 'u1',
          imageHosts: ['example.com'],
          changes: { lastName: long },
        }),
      ),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'lastName must have at most 100 characters.',
    });
  });

  it('refuses to fold an event it does not know', () => {
    expect(() => evolveUser(registered, { type: 'UserRenamed', data: {} } as unknown as UserEvent)).toThrow(
      'Unexpected value',
    );
  });
});

describe('account streams', () => {
  it('keeps each user and each invitation in a stream of its own', () => {
    expect(userStreamId('u1')).toBe('user-u1');
    expect(invitationStreamId('tok')).toBe('invitation-tok');
  });
});

describe('account folds', () => {
  it('refuse an event they do not know', () => {
    const unknown = { type: 'Unknown', data: {} } as never;
    expect(() => evolveInvitation(initialInvitationState(), unknown)).toThrow('Unexpected value');
    expect(() => evolveEmailReservation(initialEmailReservationState(), unknown)).toThrow('Unexpected value');
    expect(() => evolvePoolAdmins(initialPoolAdminsState(), unknown)).toThrow('Unexpected value');
  });
});
