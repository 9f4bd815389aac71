import { describe, expect, it } from '@jest/globals';
import { ErrorCodes } from '@treble/contracts';
import { deciderSpec } from '../../../test/support/decider-spec.js';
import {
  decideAdminOnRegistration,
  decideAdmission,
  decideCompletePasswordReset,
  decideCreateInvitation,
  decideIssuePasswordReset,
  decideJoinPool,
  decideMarkEntryFee,
  decideRegisterUser,
  decideReleaseEmail,
  decideRemoveUser,
  decideReserveEmail,
  decideRevokeInvitation,
  decideSetActive,
  decideSetAdmin,
  decideUpdateProfile,
  decideUseInvitation,
  decideWithdrawRegistrationGrant,
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
  isMember,
  isPlausibleEmail,
  isWellFormedInvitationToken,
  normalizeEmail,
  type EmailReservationEvent,
  type InvitationEvent,
  type PoolAdminsEvent,
  type UserEvent,
} from './index.js';

/**
 * The account deciders take the state first and a command object second: here the command is the
 * call, so one given/when/then helper serves every stream of the accounts context.
 */
function streamSpec<State, Event>(initialState: () => State, evolve: (state: State, event: Event) => State) {
  return deciderSpec<(state: State) => readonly Event[], State, Event>({
    initialState,
    evolve,
    decide: (decision, state) => decision(state),
  });
}

describe('e-mail addresses', () => {
  it('are compared without case, surrounding spaces or Unicode composition', () => {
    expect(normalizeEmail('  Ann.Smith@Example.COM ')).toBe('ann.smith@example.com');
    // "é" written as e + combining accent is the same address as the composed "é".
    expect(normalizeEmail('Ren\u0065\u0301@example.com')).toBe('ren\u00e9@example.com');
    expect(emailReservationStreamId(normalizeEmail('ANN@example.com'))).toBe(
      emailReservationStreamId(normalizeEmail('ann@EXAMPLE.com')),
    );
    expect(emailReservationStreamId('ann@example.com')).not.toBe(emailReservationStreamId('bob@example.com'));
  });

  it('keep no address in the reservation stream id, only its SHA-256 (as sha256sum gives it)', () => {
    expect(emailReservationStreamId('ann@example.com')).toBe(
      'user-email-71d4f55f72fa128dfb468a1a3901507c804b74316488744d769d7f4b16696476',
    );
  });

  it('are plausible when shaped like someone@domain.tld, up to 254 characters', () => {
    expect(isPlausibleEmail('ann@example.com')).toBe(true);
    expect(isPlausibleEmail(`${'a'.repeat(242)}@example.com`)).toBe(true);
    expect(isPlausibleEmail(`${'a'.repeat(243)}@example.com`)).toBe(false);
    for (const address of [
      'ann',
      'ann@example',
      '@example.com',
      'ann@.com',
      'ann @example.com',
      'a@b@c.com',
      'x ann@example.com',
      'ann@example.com y',
    ]) {
      expect({ address, plausible: isPlausibleEmail(address) }).toEqual({ address, plausible: false });
    }
  });

  const spec = streamSpec(initialEmailReservationState, evolveEmailReservation);
  const reserved = (userId: string): EmailReservationEvent => ({ type: 'EmailReserved', data: { userId } });
  const released = (userId: string): EmailReservationEvent => ({ type: 'EmailReleased', data: { userId } });

  it('can be reserved once; a second account is refused with EMAIL_TAKEN', () => {
    spec
      .given([])
      .when((state) => decideReserveEmail(state, { userId: 'u1' }))
      .then([reserved('u1')]);
    spec
      .given([reserved('u1')])
      .when((state) => decideReserveEmail(state, { userId: 'u2' }))
      .thenRefused(
        ErrorCodes.EMAIL_TAKEN,
        'An account with this e-mail address already exists. Sign in instead.',
      );
    // The same sign-up retried holds it already.
    spec
      .given([reserved('u1')])
      .when((state) => decideReserveEmail(state, { userId: 'u1' }))
      .thenNothing();
  });

  it('are free again once the sign-up that reserved them released them, and only that one can', () => {
    spec
      .given([reserved('u1')])
      .when((state) => decideReleaseEmail(state, { userId: 'u1' }))
      .then([released('u1')]);
    spec
      .given([reserved('u1'), released('u1')])
      .when((state) => decideReserveEmail(state, { userId: 'u2' }))
      .then([reserved('u2')]);
    spec
      .given([reserved('u1')])
      .when((state) => decideReleaseEmail(state, { userId: 'u2' }))
      .thenNothing();
    // A late release by an earlier holder does not free the address of the current one.
    spec
      .given([reserved('u1'), released('u1'), reserved('u2'), released('u1')])
      .when((state) => decideReserveEmail(state, { userId: 'u3' }))
      .thenRefused(ErrorCodes.EMAIL_TAKEN);
  });
});

describe('admins', () => {
  const spec = streamSpec(initialPoolAdminsState, evolvePoolAdmins);
  const granted = (
    userId: string,
    reason: 'first-account' | 'admin-emails' | 'granted' = 'granted',
  ): PoolAdminsEvent => ({
    type: 'AdminGranted',
    data: { userId, reason },
  });
  const revoked = (userId: string): PoolAdminsEvent => ({ type: 'AdminRevoked', data: { userId } });

  it('the first account of a new pool is an admin', () => {
    spec
      .given([])
      .when((state) =>
        decideAdminOnRegistration(state, { userId: 'u1', email: 'ann@example.com', adminEmails: [] }),
      )
      .then([granted('u1', 'first-account')]);
  });

  it('later accounts are players, unless their e-mail is in ADMIN_EMAILS', () => {
    spec
      .given([granted('u1', 'first-account')])
      .when((state) =>
        decideAdminOnRegistration(state, {
          userId: 'u2',
          email: 'bob@example.com',
          adminEmails: ['carol@example.com'],
        }),
      )
      .thenNothing();
    spec
      .given([granted('u1', 'first-account')])
      .when((state) =>
        decideAdminOnRegistration(state, {
          userId: 'u3',
          email: 'carol@example.com',
          adminEmails: ['carol@example.com'],
        }),
      )
      .then([granted('u3', 'admin-emails')]);
  });

  it('a pool keeps its admins through grants and revocations, so no later sign-up is "first"', () => {
    const given = spec.given([granted('u1', 'first-account'), granted('u2'), granted('u2'), revoked('u1')]);
    expect(given.state).toEqual({ admins: ['u2'] });
    given
      .when((state) =>
        decideAdminOnRegistration(state, { userId: 'u9', email: 'x@example.com', adminEmails: [] }),
      )
      .thenNothing();
  });

  it('a first sign-up that failed after its grant gives it back, and the next sign-up is first', () => {
    spec
      .given([granted('u1', 'first-account')])
      .when((state) => decideWithdrawRegistrationGrant(state, { userId: 'u1' }))
      .then([revoked('u1')]);
    spec
      .given([granted('u1', 'first-account'), revoked('u1')])
      .when((state) =>
        decideAdminOnRegistration(state, { userId: 'u2', email: 'b@example.com', adminEmails: [] }),
      )
      .then([granted('u2', 'first-account')]);
    spec
      .given([granted('u1', 'first-account')])
      .when((state) => decideWithdrawRegistrationGrant(state, { userId: 'u7' }))
      .thenNothing();
  });

  it('admins grant and revoke; repeating either changes nothing', () => {
    const one = spec.given([granted('u1', 'first-account')]);
    one.when((state) => decideSetAdmin(state, { userId: 'u2', isAdmin: true })).then([granted('u2')]);
    one.when((state) => decideSetAdmin(state, { userId: 'u1', isAdmin: true })).thenNothing();
    one.when((state) => decideSetAdmin(state, { userId: 'u2', isAdmin: false })).thenNothing();
    spec
      .given([granted('u1', 'first-account'), granted('u2')])
      .when((state) => decideSetAdmin(state, { userId: 'u1', isAdmin: false }))
      .then([revoked('u1')]);
  });

  it('the last admin cannot be revoked', () => {
    spec
      .given([granted('u1', 'first-account'), granted('u2'), revoked('u2')])
      .when((state) => decideSetAdmin(state, { userId: 'u1', isAdmin: false }))
      .thenRefused(
        ErrorCodes.LAST_ADMIN,
        'This is the last admin of the pool: make someone else admin first.',
      );
  });
});

describe('admission of a new account', () => {
  it('admins need no invitation', () => {
    expect(decideAdmission({ isAdmin: true, registration: 'invite', inviteToken: null })).toEqual({
      kind: 'admin',
    });
    expect(decideAdmission({ isAdmin: true, registration: 'invite', inviteToken: 'tok' })).toEqual({
      kind: 'admin',
    });
  });

  it('players need an invitation in an invite-only pool', () => {
    let refusal: unknown;
    try {
      decideAdmission({ isAdmin: false, registration: 'invite', inviteToken: null });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({
      code: ErrorCodes.INVITATION_REQUIRED,
      message: 'This pool is by invitation only: ask the pool host for an invitation link.',
    });
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
  const spec = streamSpec(initialInvitationState, evolveInvitation);
  const created = (maxUses: number | null, expiresAt: string | null): InvitationEvent => ({
    type: 'InvitationCreated',
    data: { token, maxUses, expiresAt, createdBy: 'admin-1' },
  });
  const used = (userId: string): InvitationEvent => ({ type: 'InvitationUsed', data: { token, userId } });
  const revoked: InvitationEvent = { type: 'InvitationRevoked', data: { token } };
  const create =
    (maxUses: number | null, expiresAt: Date | null) => (state: ReturnType<typeof initialInvitationState>) =>
      decideCreateInvitation(state, { token, maxUses, expiresAt, createdBy: 'admin-1', now });

  it('are created with optional limits that must make sense', () => {
    spec
      .given([])
      .when(create(3, new Date('2025-09-08T12:00:00Z')))
      .then([created(3, '2025-09-08T12:00:00.000Z')]);
    spec
      .given([])
      .when(create(null, null))
      .then([created(null, null)]);
    spec
      .given([])
      .when(create(1, null))
      .then([created(1, null)]);
    spec
      .given([])
      .when(create(10_000, null))
      .then([created(10_000, null)]);
    for (const maxUses of [0, 10_001, 2.5]) {
      spec
        .given([])
        .when(create(maxUses, null))
        .thenRefused(ErrorCodes.VALIDATION_FAILED, 'maxUses must be a whole number from 1 to 10000.');
    }
    spec
      .given([])
      .when(create(null, now))
      .thenRefused(ErrorCodes.VALIDATION_FAILED, 'expiresAt must be in the future.');
    spec
      .given([])
      .when(create(null, new Date(now.getTime() + 1)))
      .then([created(null, '2025-09-01T12:00:00.001Z')]);
  });

  it('are created once: the same token again decides nothing', () => {
    spec
      .given([created(3, null)])
      .when(create(0, now))
      .thenNothing();
  });

  it('have tokens of 16 to 64 URL-safe characters', () => {
    expect(isWellFormedInvitationToken(token)).toBe(true);
    expect(isWellFormedInvitationToken('A-_'.repeat(5) + 'x')).toBe(true);
    expect(isWellFormedInvitationToken('a'.repeat(64))).toBe(true);
    expect(isWellFormedInvitationToken('a'.repeat(15))).toBe(false);
    expect(isWellFormedInvitationToken('a'.repeat(65))).toBe(false);
    expect(isWellFormedInvitationToken(`${token}/`)).toBe(false);
    expect(isWellFormedInvitationToken(`/${token}`)).toBe(false);
  });

  it('a valid link admits one account per use', () => {
    spec
      .given([created(2, null)])
      .when((state) => decideUseInvitation(state, { token, userId: 'u2', now, creator: 'active' }))
      .then([used('u2')]);
    spec
      .given([created(2, null), used('u2')])
      .when((state) => decideUseInvitation(state, { token, userId: 'u3', now, creator: 'active' }))
      .then([used('u3')]);
    expect(invitationStatus(spec.given([created(2, null), used('u2')]).state, now)).toBe('valid');
  });

  it('a person uses a link once: a second tap decides nothing, even on a link used up by it', () => {
    spec
      .given([created(2, null), used('u2')])
      .when((state) => decideUseInvitation(state, { token, userId: 'u2', now, creator: 'active' }))
      .thenNothing();
    spec
      .given([created(1, null), used('u2')])
      .when((state) => decideUseInvitation(state, { token, userId: 'u2', now, creator: 'active' }))
      .thenNothing();
  });

  it('a used-up link is refused as gone', () => {
    const usedUp = spec.given([created(2, null), used('u2'), used('u3')]);
    expect(invitationStatus(usedUp.state, now)).toBe('used-up');
    usedUp
      .when((state) => decideUseInvitation(state, { token, userId: 'u4', now, creator: 'active' }))
      .thenRefused(
        ErrorCodes.INVITATION_EXPIRED,
        'This invitation link has been used up. Ask the pool host for a new one.',
      );
  });

  it('an expired link is refused from its expiry instant on', () => {
    const expiring = spec.given([created(null, '2025-09-01T12:00:00.000Z')]);
    expiring
      .when((state) =>
        decideUseInvitation(state, {
          token,
          userId: 'u2',
          now: new Date('2025-09-01T11:59:59.999Z'),
          creator: 'active',
        }),
      )
      .then([used('u2')]);
    expect(invitationStatus(expiring.state, now)).toBe('expired');
    expiring
      .when((state) => decideUseInvitation(state, { token, userId: 'u2', now, creator: 'active' }))
      .thenRefused(
        ErrorCodes.INVITATION_EXPIRED,
        'This invitation link has expired. Ask the pool host for a new one.',
      );
  });

  it('a revoked link is refused, and an unknown one is invalid', () => {
    const withdrawn = spec.given([created(null, null), revoked]);
    expect(invitationStatus(withdrawn.state, now)).toBe('revoked');
    withdrawn
      .when((state) => decideUseInvitation(state, { token, userId: 'u2', now, creator: 'active' }))
      .thenRefused(
        ErrorCodes.INVITATION_EXPIRED,
        'This invitation link has been withdrawn. Ask the pool host for a new one.',
      );
    expect(invitationStatus(spec.given([]).state, now)).toBe('unknown');
    spec
      .given([])
      .when((state) => decideUseInvitation(state, { token, userId: 'u2', now, creator: 'active' }))
      .thenRefused(
        ErrorCodes.INVITATION_INVALID,
        'This invitation link is not valid. Ask the pool host for a new one.',
      );
  });

  it('revoking twice changes nothing; revoking an unknown link is not found', () => {
    spec
      .given([created(null, null)])
      .when((state) => decideRevokeInvitation(state, { token }))
      .then([revoked]);
    spec
      .given([created(null, null), revoked])
      .when((state) => decideRevokeInvitation(state, { token }))
      .thenNothing();
    spec
      .given([])
      .when((state) => decideRevokeInvitation(state, { token }))
      .thenRefused(ErrorCodes.INVITATION_NOT_FOUND, 'There is no such invitation.');
  });
});

describe('user accounts', () => {
  const spec = streamSpec(initialUserState, evolveUser);
  const registered: UserEvent = {
    type: 'UserRegistered',
    data: { userId: 'u1', email: 'ann@example.com', firstName: 'Ann', lastName: null, invitation: null },
  };
  const member = () => spec.given([registered]);
  const removed: UserEvent = { type: 'UserRemoved', data: { userId: 'u1', email: 'ann@example.com' } };
  const deactivated: UserEvent = { type: 'UserDeactivated', data: { userId: 'u1' } };
  const manage = { userId: 'u1', actorId: 'admin-1', targetIsAdmin: false };

  describe('registration and profile', () => {
    it('registration keeps trimmed names; blank names are no names; registering again decides nothing', () => {
      spec
        .given([])
        .when((state) =>
          decideRegisterUser(state, {
            userId: 'u1',
            email: 'ann@example.com',
            firstName: '  Ann ',
            lastName: '  ',
            invitation: null,
          }),
        )
        .then([registered]);
      member()
        .when((state) =>
          decideRegisterUser(state, {
            userId: 'u1',
            email: 'ann@example.com',
            firstName: 'Other',
            invitation: null,
          }),
        )
        .thenNothing();
      expect(member().state).toMatchObject({
        registered: true,
        active: true,
        email: 'ann@example.com',
        firstName: 'Ann',
        lastName: null,
      });
    });

    it('names have at most 100 characters', () => {
      spec
        .given([])
        .when((state) =>
          decideRegisterUser(state, {
            userId: 'u1',
            email: 'a@b.co',
            firstName: 'é'.repeat(100),
            lastName: 'x'.repeat(101),
            invitation: null,
          }),
        )
        .thenRefused(ErrorCodes.VALIDATION_FAILED, 'lastName must have at most 100 characters.');
      member()
        .when((state) =>
          decideUpdateProfile(state, {
            userId: 'u1',
            imageHosts: ['example.com'],
            changes: { firstName: 'y'.repeat(101) },
          }),
        )
        .thenRefused(ErrorCodes.VALIDATION_FAILED, 'firstName must have at most 100 characters.');
    });

    it('an update changes only the fields it names, and nothing when nothing differs', () => {
      member()
        .when((state) =>
          decideUpdateProfile(state, {
            userId: 'u1',
            imageHosts: ['example.com'],
            changes: { lastName: ' Smith ' },
          }),
        )
        .then([
          {
            type: 'UserProfileUpdated',
            data: { userId: 'u1', firstName: 'Ann', lastName: 'Smith', profileImageUrl: null },
          },
        ]);
      member()
        .when((state) =>
          decideUpdateProfile(state, {
            userId: 'u1',
            imageHosts: ['example.com'],
            changes: { firstName: 'Ann' },
          }),
        )
        .thenNothing();
      member()
        .when((state) =>
          decideUpdateProfile(state, { userId: 'u1', imageHosts: ['example.com'], changes: {} }),
        )
        .thenNothing();
      member()
        .when((state) =>
          decideUpdateProfile(state, {
            userId: 'u1',
            imageHosts: ['example.com'],
            changes: { firstName: '' },
          }),
        )
        .then([
          {
            type: 'UserProfileUpdated',
            data: { userId: 'u1', firstName: null, lastName: null, profileImageUrl: null },
          },
        ]);
      const withPicture: UserEvent = {
        type: 'UserProfileUpdated',
        data: {
          userId: 'u1',
          firstName: 'Ann',
          lastName: 'Smith',
          profileImageUrl: 'https://example.com/me.png',
        },
      };
      spec
        .given([registered, withPicture])
        .when((state) =>
          decideUpdateProfile(state, {
            userId: 'u1',
            imageHosts: ['example.com'],
            changes: { profileImageUrl: null },
          }),
        )
        .then([
          {
            type: 'UserProfileUpdated',
            data: { userId: 'u1', firstName: 'Ann', lastName: 'Smith', profileImageUrl: null },
          },
        ]);
      spec
        .given([registered, withPicture])
        .when((state) =>
          decideUpdateProfile(state, {
            userId: 'u1',
            imageHosts: ['example.com'],
            changes: { lastName: 'Smith' },
          }),
        )
        .thenNothing();
    });

    it("pictures must be https addresses on the pool's picture hosts, of at most 2048 characters", () => {
      for (const url of ['https://example.com/me.png', ` https://example.com/${'a'.repeat(2028)} `]) {
        member()
          .when((state) =>
            decideUpdateProfile(state, {
              userId: 'u1',
              imageHosts: ['example.com'],
              changes: { profileImageUrl: url },
            }),
          )
          .then([
            {
              type: 'UserProfileUpdated',
              data: { userId: 'u1', firstName: 'Ann', lastName: null, profileImageUrl: url.trim() },
            },
          ]);
      }
      for (const url of [
        'javascript:alert(1)',
        'http://example.com/me.png',
        'ftp://example.com/me.png',
        'me.png',
        'https://user:pw@example.com/me.png',
        'https://user@example.com/me.png',
        'https://:pw@example.com/me.png',
        `https://example.com/${'a'.repeat(2029)}`,
      ]) {
        member()
          .when((state) =>
            decideUpdateProfile(state, {
              userId: 'u1',
              imageHosts: ['example.com'],
              changes: { profileImageUrl: url },
            }),
          )
          .thenRefused(ErrorCodes.VALIDATION_FAILED, 'profileImageUrl must be an https:// address.');
      }
      // A tracking pixel on the player's own server, or another port: refused, naming the hosts.
      for (const url of [
        'https://tracker.example.net/p.gif',
        'https://example.com:8443/me.png',
        'https://127.0.0.1/x.png',
      ]) {
        member()
          .when((state) =>
            decideUpdateProfile(state, {
              userId: 'u1',
              imageHosts: ['example.com', 'cdn.example.org'],
              changes: { profileImageUrl: url },
            }),
          )
          .thenRefused(
            ErrorCodes.PROFILE_IMAGE_HOST_NOT_ALLOWED,
            'Pictures may come from example.com, cdn.example.org.',
          );
      }
      member()
        .when((state) =>
          decideUpdateProfile(state, {
            userId: 'u1',
            imageHosts: [],
            changes: { profileImageUrl: 'https://example.com/me.png' },
          }),
        )
        .thenRefused(
          ErrorCodes.PROFILE_IMAGE_HOST_NOT_ALLOWED,
          'This pool shows initials instead of pictures.',
        );
    });

    it('an unknown or removed user cannot be updated', () => {
      spec
        .given([])
        .when((state) =>
          decideUpdateProfile(state, {
            userId: 'u1',
            imageHosts: ['example.com'],
            changes: { firstName: 'X' },
          }),
        )
        .thenRefused(ErrorCodes.USER_NOT_FOUND, 'There is no such user.');
      spec
        .given([registered, removed])
        .when((state) =>
          decideUpdateProfile(state, {
            userId: 'u1',
            imageHosts: ['example.com'],
            changes: { firstName: 'X' },
          }),
        )
        .thenRefused(ErrorCodes.USER_NOT_FOUND);
      expect(isMember(spec.given([registered, removed]).state)).toBe(false);
      expect(isMember(member().state)).toBe(true);
      expect(isMember(spec.given([]).state)).toBe(false);
    });
  });

  describe('deactivation and removal', () => {
    it('an admin deactivates and reactivates a player; repeating either decides nothing', () => {
      const off = member()
        .when((state) => decideSetActive(state, { ...manage, active: false }))
        .then([deactivated]);
      expect(off.active).toBe(false);
      member()
        .when((state) => decideSetActive(state, { ...manage, active: true }))
        .thenNothing();
      const on = spec
        .given([registered, deactivated])
        .when((state) => decideSetActive(state, { ...manage, active: true }))
        .then([{ type: 'UserReactivated', data: { userId: 'u1' } }]);
      expect(on.active).toBe(true);
      spec
        .given([registered, deactivated])
        .when((state) => decideSetActive(state, { ...manage, active: false }))
        .thenNothing();
    });

    it('an admin cannot deactivate themselves or another admin, but may reactivate', () => {
      member()
        .when((state) => decideSetActive(state, { ...manage, actorId: 'u1', active: false }))
        .thenRefused(ErrorCodes.VALIDATION_FAILED, 'You cannot deactivate your own account.');
      member()
        .when((state) => decideSetActive(state, { ...manage, targetIsAdmin: true, active: false }))
        .thenRefused(ErrorCodes.VALIDATION_FAILED, 'Revoke admin rights before you deactivate this account.');
      spec
        .given([registered, deactivated])
        .when((state) => decideSetActive(state, { ...manage, targetIsAdmin: true, active: true }))
        .then([{ type: 'UserReactivated', data: { userId: 'u1' } }]);
      spec
        .given([])
        .when((state) => decideSetActive(state, { ...manage, active: false }))
        .thenRefused(ErrorCodes.USER_NOT_FOUND);
    });

    it('an admin removes a player who never picked, freeing the address, and never one with picks', () => {
      const gone = member()
        .when((state) => decideRemoveUser(state, { ...manage, hasPicked: false }))
        .then([removed]);
      expect(gone).toMatchObject({ removed: true, active: false });
      member()
        .when((state) => decideRemoveUser(state, { ...manage, hasPicked: true }))
        .thenRefused(
          ErrorCodes.USER_HAS_PICKS,
          'This player has made picks, so their history stays: deactivate the account instead.',
        );
      member()
        .when((state) => decideRemoveUser(state, { ...manage, actorId: 'u1', hasPicked: false }))
        .thenRefused(ErrorCodes.VALIDATION_FAILED, 'You cannot remove your own account.');
      member()
        .when((state) => decideRemoveUser(state, { ...manage, targetIsAdmin: true, hasPicked: false }))
        .thenRefused(ErrorCodes.VALIDATION_FAILED, 'Revoke admin rights before you remove this account.');
      spec
        .given([registered, removed])
        .when((state) => decideRemoveUser(state, { ...manage, hasPicked: false }))
        .thenRefused(ErrorCodes.USER_NOT_FOUND);
    });
  });

  describe('entry fee', () => {
    const marked = (paidOn: string | null): UserEvent => ({
      type: 'EntryFeeMarked',
      data: { userId: 'u1', paidOn },
    });

    it('is marked paid on a day, and unpaid again; marking what holds decides nothing', () => {
      const paid = member()
        .when((state) => decideMarkEntryFee(state, { userId: 'u1', paid: true, paidOn: '2025-08-01' }))
        .then([marked('2025-08-01')]);
      expect(paid.feePaidOn).toBe('2025-08-01');
      spec
        .given([registered, marked('2025-08-01')])
        .when((state) => decideMarkEntryFee(state, { userId: 'u1', paid: true, paidOn: '2025-08-01' }))
        .thenNothing();
      spec
        .given([registered, marked('2025-08-01')])
        .when((state) => decideMarkEntryFee(state, { userId: 'u1', paid: true, paidOn: '2025-08-02' }))
        .then([marked('2025-08-02')]);
      spec
        .given([registered, marked('2025-08-01')])
        .when((state) => decideMarkEntryFee(state, { userId: 'u1', paid: false, paidOn: 'ignored' }))
        .then([marked(null)]);
      member()
        .when((state) => decideMarkEntryFee(state, { userId: 'u1', paid: false, paidOn: '' }))
        .thenNothing();
    });

    it('refuses a paid day that is not a calendar day as YYYY-MM-DD, and an unknown user', () => {
      for (const paidOn of ['2025-8-1', '01/08/2025', '2025-08-01T00:00', 'x2025-08-01', '2025-13-01']) {
        member()
          .when((state) => decideMarkEntryFee(state, { userId: 'u1', paid: true, paidOn }))
          .thenRefused(ErrorCodes.VALIDATION_FAILED, 'paidOn must be a day as YYYY-MM-DD.');
      }
      spec
        .given([])
        .when((state) => decideMarkEntryFee(state, { userId: 'u1', paid: false, paidOn: '' }))
        .thenRefused(ErrorCodes.USER_NOT_FOUND);
    });
  });

  describe('password resets', () => {
    it('are issued and completed for an active member, by e-mail or through an admin', () => {
      member()
        .when((state) => decideIssuePasswordReset(state, { userId: 'u1', via: 'admin' }))
        .then([{ type: 'PasswordResetIssued', data: { userId: 'u1', via: 'admin' } }]);
      const after = member()
        .when((state) => decideCompletePasswordReset(state, { userId: 'u1' }))
        .then([{ type: 'PasswordResetCompleted', data: { userId: 'u1' } }]);
      expect(after).toEqual(member().state);
    });

    it('are refused for a deactivated account and for one that is not a member', () => {
      spec
        .given([registered, deactivated])
        .when((state) => decideIssuePasswordReset(state, { userId: 'u1', via: 'email' }))
        .thenRefused(ErrorCodes.ACCOUNT_DEACTIVATED, 'This account is deactivated. Reactivate it first.');
      spec
        .given([registered, deactivated])
        .when((state) => decideCompletePasswordReset(state, { userId: 'u1' }))
        .thenRefused(ErrorCodes.ACCOUNT_DEACTIVATED, 'This account is deactivated.');
      spec
        .given([registered, removed])
        .when((state) => decideIssuePasswordReset(state, { userId: 'u1', via: 'email' }))
        .thenRefused(ErrorCodes.USER_NOT_FOUND);
      spec
        .given([])
        .when((state) => decideCompletePasswordReset(state, { userId: 'u1' }))
        .thenRefused(ErrorCodes.USER_NOT_FOUND);
    });
  });
});

describe('joining a pool (docs/adr/015)', () => {
  const membership = deciderSpec({
    initialState: initialUserState,
    evolve: evolveUser,
    decide: (command: { userId: string; invitation: string | null }, state) => decideJoinPool(state, command),
  });
  const joined: UserEvent = { type: 'MemberJoined', data: { userId: 'u1', invitation: 't1' } };
  const join = { userId: 'u1', invitation: 't2' };
  const signedUp = (pool?: string): UserEvent => ({
    type: 'UserRegistered',
    data: {
      userId: 'u1',
      email: 'a@b.c',
      firstName: null,
      lastName: null,
      invitation: null,
      ...(pool ? { pool } : {}),
    },
  });

  it('joins a person once', () => {
    membership
      .given([])
      .when(join)
      .then([{ type: 'MemberJoined', data: join }]);
    membership.given([joined]).when(join).thenRefused(ErrorCodes.ALREADY_A_MEMBER);
  });

  it('counts a sign-up as joining the default pool, unless it was into another pool', () => {
    membership.given([signedUp()]).when(join).thenRefused(ErrorCodes.ALREADY_A_MEMBER);
    membership
      .given([signedUp('k1')])
      .when(join)
      .then([{ type: 'MemberJoined', data: join }]);
  });

  it('keeps out a person the pool deactivated or removed', () => {
    membership
      .given([joined, { type: 'UserDeactivated', data: { userId: 'u1' } }])
      .when(join)
      .thenRefused(ErrorCodes.MEMBERSHIP_ENDED);
    membership
      .given([joined, { type: 'UserRemoved', data: { userId: 'u1', email: '' } }])
      .when(join)
      .thenRefused(ErrorCodes.MEMBERSHIP_ENDED);
  });

  it('lets a removed person back by a link made since, as a new member who can be put out again', () => {
    const removed = { type: 'UserRemoved' as const, data: { userId: 'u1', email: '' } };
    const back = { ...join, madeSinceRemoval: true };
    membership
      .given([joined, removed])
      .when(back)
      .then([{ type: 'MemberJoined', data: join }]);
    const rejoined = [joined, removed, { type: 'MemberJoined' as const, data: join }];
    membership.given(rejoined).when(join).thenRefused(ErrorCodes.ALREADY_A_MEMBER);
    expect(rejoined.reduce(evolveUser, initialUserState())).toMatchObject({ removed: false, active: true });
    // A deactivated member is let back by an admin's reactivation, not by a link.
    membership
      .given([joined, { type: 'UserDeactivated', data: { userId: 'u1' } }])
      .when(back)
      .thenRefused(ErrorCodes.MEMBERSHIP_ENDED);
  });

  it('lets an admin act on members of their pool only', () => {
    const manage = { userId: 'u1', actorId: 'a1', targetIsAdmin: false, active: false };
    expect(() => decideSetActive(evolveUser(initialUserState(), signedUp('k1')), manage)).toThrow(
      expect.objectContaining({ code: ErrorCodes.USER_NOT_FOUND }),
    );
    expect(decideSetActive(evolveUser(initialUserState(), joined), manage)).toEqual([
      { type: 'UserDeactivated', data: { userId: 'u1' } },
    ]);
  });
});
