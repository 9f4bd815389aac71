import { describe, expect, it } from '@jest/globals';
import { ErrorCodes, type ErrorCode } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';
import {
  decideAdminOnRegistration,
  decideAdmission,
  decideCreateInvitation,
  decideReleaseEmail,
  decideReserveEmail,
  decideRevokeInvitation,
  decideSetAdmin,
  decideUpdateProfile,
  decideUseInvitation,
  decideWithdrawRegistrationGrant,
  decideRegisterUser,
  emailReservationStreamId,
  evolveEmailReservation,
  evolveInvitation,
  evolvePoolAdmins,
  evolveUser,
  initialEmailReservationState,
  initialInvitationState,
  initialPoolAdminsState,
  initialUserState,
  invitationStatus,
  normalizeEmail,
  type EmailReservationEvent,
  type InvitationEvent,
  type PoolAdminsEvent,
  type UserEvent,
} from './index.js';

function refusal(run: () => unknown): { code: ErrorCode; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal, but the command was accepted');
}

describe('e-mail addresses', () => {
  it('are compared without case and surrounding spaces', () => {
    expect(normalizeEmail('  Ann.Smith@Example.COM ')).toBe('ann.smith@example.com');
    expect(emailReservationStreamId(normalizeEmail('ANN@example.com'))).toBe(
      emailReservationStreamId(normalizeEmail('ann@EXAMPLE.com')),
    );
    expect(emailReservationStreamId('ann@example.com')).not.toBe(emailReservationStreamId('bob@example.com'));
  });

  it('keep no address in the reservation stream id', () => {
    expect(emailReservationStreamId('ann@example.com')).toMatch(/^user-email-[0-9a-f]{64}$/);
  });

  const given = (...events: EmailReservationEvent[]) =>
    events.reduce(evolveEmailReservation, initialEmailReservationState());

  it('can be reserved once; a second account is refused with EMAIL_TAKEN', () => {
    expect(decideReserveEmail(given(), { userId: 'u1' })).toEqual([
      { type: 'EmailReserved', data: { userId: 'u1' } },
    ]);
    expect(
      refusal(() =>
        decideReserveEmail(given({ type: 'EmailReserved', data: { userId: 'u1' } }), { userId: 'u2' }),
      ).code,
    ).toBe(ErrorCodes.EMAIL_TAKEN);
  });

  it('are free again once the sign-up that reserved them released them', () => {
    const released = given(
      { type: 'EmailReserved', data: { userId: 'u1' } },
      { type: 'EmailReleased', data: { userId: 'u1' } },
    );
    expect(decideReserveEmail(released, { userId: 'u2' })).toEqual([
      { type: 'EmailReserved', data: { userId: 'u2' } },
    ]);
    // Only the holder can release.
    expect(
      decideReleaseEmail(given({ type: 'EmailReserved', data: { userId: 'u1' } }), { userId: 'u2' }),
    ).toEqual([]);
  });
});

describe('admins', () => {
  const given = (...events: PoolAdminsEvent[]) => events.reduce(evolvePoolAdmins, initialPoolAdminsState());
  const granted = (
    userId: string,
    reason: 'first-account' | 'admin-emails' | 'granted' = 'granted',
  ): PoolAdminsEvent => ({
    type: 'AdminGranted',
    data: { userId, reason },
  });

  it('the first account of a new pool is an admin', () => {
    expect(
      decideAdminOnRegistration(given(), { userId: 'u1', email: 'ann@example.com', adminEmails: [] }),
    ).toEqual([{ type: 'AdminGranted', data: { userId: 'u1', reason: 'first-account' } }]);
  });

  it('later accounts are players, unless their e-mail is in ADMIN_EMAILS', () => {
    const founded = given(granted('u1', 'first-account'));
    expect(
      decideAdminOnRegistration(founded, {
        userId: 'u2',
        email: 'bob@example.com',
        adminEmails: ['carol@example.com'],
      }),
    ).toEqual([]);
    expect(
      decideAdminOnRegistration(founded, {
        userId: 'u3',
        email: 'carol@example.com',
        adminEmails: ['carol@example.com'],
      }),
    ).toEqual([{ type: 'AdminGranted', data: { userId: 'u3', reason: 'admin-emails' } }]);
  });

  it('a pool keeps its admins through grants and revocations, so no later sign-up is "first"', () => {
    const state = given(granted('u1', 'first-account'), granted('u2'), {
      type: 'AdminRevoked',
      data: { userId: 'u1' },
    });
    expect(state).toEqual({ admins: ['u2'] });
    expect(
      decideAdminOnRegistration(state, { userId: 'u9', email: 'x@example.com', adminEmails: [] }),
    ).toEqual([]);
  });

  it('a first sign-up that failed after its grant gives it back, and the next sign-up is first', () => {
    const state = given(granted('u1', 'first-account'));
    const withdrawn = decideWithdrawRegistrationGrant(state, { userId: 'u1' });
    expect(withdrawn).toEqual([{ type: 'AdminRevoked', data: { userId: 'u1' } }]);
    expect(
      decideAdminOnRegistration(given(granted('u1', 'first-account'), ...withdrawn), {
        userId: 'u2',
        email: 'b@example.com',
        adminEmails: [],
      }),
    ).toEqual([{ type: 'AdminGranted', data: { userId: 'u2', reason: 'first-account' } }]);
    expect(decideWithdrawRegistrationGrant(state, { userId: 'u7' })).toEqual([]);
  });

  it('admins grant and revoke; repeating either changes nothing', () => {
    const state = given(granted('u1', 'first-account'));
    expect(decideSetAdmin(state, { userId: 'u2', isAdmin: true })).toEqual([granted('u2')]);
    expect(decideSetAdmin(state, { userId: 'u1', isAdmin: true })).toEqual([]);
    expect(decideSetAdmin(state, { userId: 'u2', isAdmin: false })).toEqual([]);
    const two = given(granted('u1', 'first-account'), granted('u2'));
    expect(decideSetAdmin(two, { userId: 'u1', isAdmin: false })).toEqual([
      { type: 'AdminRevoked', data: { userId: 'u1' } },
    ]);
  });

  it('the last admin cannot be revoked', () => {
    const state = given(granted('u1', 'first-account'), granted('u2'), {
      type: 'AdminRevoked',
      data: { userId: 'u2' },
    });
    expect(refusal(() => decideSetAdmin(state, { userId: 'u1', isAdmin: false })).code).toBe(
      ErrorCodes.LAST_ADMIN,
    );
  });
});

describe('admission of a new account', () => {
  it('admins need no invitation', () => {
    expect(decideAdmission({ isAdmin: true, registration: 'invite', inviteToken: null })).toEqual({
      kind: 'admin',
    });
  });

  it('players need an invitation in an invite-only pool', () => {
    expect(
      refusal(() => decideAdmission({ isAdmin: false, registration: 'invite', inviteToken: null })).code,
    ).toBe(ErrorCodes.INVITATION_REQUIRED);
    expect(decideAdmission({ isAdmin: false, registration: 'invite', inviteToken: 'tok' })).toEqual({
      kind: 'invitation',
      token: 'tok',
    });
  });

  it('anyone gets into an open pool; a link given there is still used', () => {
    expect(decideAdmission({ isAdmin: false, registration: 'open', inviteToken: null })).toEqual({
      kind: 'open',
    });
    expect(decideAdmission({ isAdmin: false, registration: 'open', inviteToken: 'tok' })).toEqual({
      kind: 'invitation',
      token: 'tok',
    });
  });
});

describe('invitations', () => {
  const token = 'abcdefghijklmnopqrstuvwxyz012345';
  const now = new Date('2025-09-01T12:00:00Z');
  const given = (...events: InvitationEvent[]) => events.reduce(evolveInvitation, initialInvitationState());
  const created = (maxUses: number | null, expiresAt: string | null): InvitationEvent => ({
    type: 'InvitationCreated',
    data: { token, maxUses, expiresAt, createdBy: 'admin-1' },
  });
  const used = (userId: string): InvitationEvent => ({ type: 'InvitationUsed', data: { token, userId } });

  it('are created with optional limits that must make sense', () => {
    expect(
      decideCreateInvitation(given(), {
        token,
        maxUses: 3,
        expiresAt: new Date('2025-09-08T12:00:00Z'),
        createdBy: 'admin-1',
        now,
      }),
    ).toEqual([created(3, '2025-09-08T12:00:00.000Z')]);
    expect(
      decideCreateInvitation(given(), { token, maxUses: null, expiresAt: null, createdBy: 'admin-1', now }),
    ).toEqual([created(null, null)]);
    expect(
      refusal(() =>
        decideCreateInvitation(given(), { token, maxUses: 0, expiresAt: null, createdBy: 'a', now }),
      ).code,
    ).toBe(ErrorCodes.VALIDATION_FAILED);
    expect(
      refusal(() =>
        decideCreateInvitation(given(), { token, maxUses: null, expiresAt: now, createdBy: 'a', now }),
      ).code,
    ).toBe(ErrorCodes.VALIDATION_FAILED);
  });

  it('a valid link admits one account per use', () => {
    expect(decideUseInvitation(given(created(2, null)), { token, userId: 'u2', now })).toEqual([used('u2')]);
    expect(decideUseInvitation(given(created(2, null), used('u2')), { token, userId: 'u3', now })).toEqual([
      used('u3'),
    ]);
  });

  it('a used-up link is refused as gone', () => {
    const state = given(created(2, null), used('u2'), used('u3'));
    expect(invitationStatus(state, now)).toBe('used-up');
    expect(refusal(() => decideUseInvitation(state, { token, userId: 'u4', now }))).toEqual({
      code: ErrorCodes.INVITATION_EXPIRED,
      message: 'This invitation link has been used up. Ask the pool host for a new one.',
    });
  });

  it('an expired link is refused from its expiry instant on', () => {
    const state = given(created(null, '2025-09-01T12:00:00.000Z'));
    expect(
      decideUseInvitation(state, { token, userId: 'u2', now: new Date('2025-09-01T11:59:59Z') }),
    ).toEqual([used('u2')]);
    expect(refusal(() => decideUseInvitation(state, { token, userId: 'u2', now })).code).toBe(
      ErrorCodes.INVITATION_EXPIRED,
    );
  });

  it('a revoked link is refused, and an unknown one is invalid', () => {
    const revoked = given(created(null, null), { type: 'InvitationRevoked', data: { token } });
    expect(invitationStatus(revoked, now)).toBe('revoked');
    expect(refusal(() => decideUseInvitation(revoked, { token, userId: 'u2', now })).code).toBe(
      ErrorCodes.INVITATION_EXPIRED,
    );
    expect(refusal(() => decideUseInvitation(given(), { token, userId: 'u2', now })).code).toBe(
      ErrorCodes.INVITATION_INVALID,
    );
  });

  it('revoking twice changes nothing; revoking an unknown link is not found', () => {
    expect(decideRevokeInvitation(given(created(null, null)), { token })).toEqual([
      { type: 'InvitationRevoked', data: { token } },
    ]);
    expect(
      decideRevokeInvitation(given(created(null, null), { type: 'InvitationRevoked', data: { token } }), {
        token,
      }),
    ).toEqual([]);
    expect(refusal(() => decideRevokeInvitation(given(), { token })).code).toBe(
      ErrorCodes.INVITATION_NOT_FOUND,
    );
  });
});

describe('user profiles', () => {
  const given = (...events: UserEvent[]) => events.reduce(evolveUser, initialUserState());
  const registered: UserEvent = {
    type: 'UserRegistered',
    data: { userId: 'u1', email: 'ann@example.com', firstName: 'Ann', lastName: null, invitation: null },
  };

  it('registration keeps trimmed names; blank names are no names', () => {
    expect(
      decideRegisterUser(given(), {
        userId: 'u1',
        email: 'ann@example.com',
        firstName: '  Ann ',
        lastName: '  ',
        invitation: null,
      }),
    ).toEqual([registered]);
  });

  it('an update changes only the fields it names, and nothing when nothing differs', () => {
    expect(decideUpdateProfile(given(registered), { userId: 'u1', changes: { lastName: 'Smith' } })).toEqual([
      {
        type: 'UserProfileUpdated',
        data: { userId: 'u1', firstName: 'Ann', lastName: 'Smith', profileImageUrl: null },
      },
    ]);
    expect(decideUpdateProfile(given(registered), { userId: 'u1', changes: { firstName: 'Ann' } })).toEqual(
      [],
    );
    expect(decideUpdateProfile(given(registered), { userId: 'u1', changes: { firstName: '' } })).toEqual([
      {
        type: 'UserProfileUpdated',
        data: { userId: 'u1', firstName: null, lastName: null, profileImageUrl: null },
      },
    ]);
  });

  it('pictures must be http(s) addresses', () => {
    expect(
      decideUpdateProfile(given(registered), {
        userId: 'u1',
        changes: { profileImageUrl: 'https://example.com/me.png' },
      }),
    ).toHaveLength(1);
    expect(
      refusal(() =>
        decideUpdateProfile(given(registered), {
          userId: 'u1',
          changes: { profileImageUrl: 'javascript:alert(1)' },
        }),
      ).code,
    ).toBe(ErrorCodes.VALIDATION_FAILED);
  });

  it('an unknown user cannot be updated', () => {
    expect(
      refusal(() => decideUpdateProfile(given(), { userId: 'u1', changes: { firstName: 'X' } })).code,
    ).toBe(ErrorCodes.USER_NOT_FOUND);
  });
});
