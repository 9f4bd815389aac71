import { describe, expect, it } from '@jest/globals';
import { ErrorCodes } from '@treble/contracts';
import { deciderSpec } from '../../../test/support/decider-spec.js';
import {
  creatorStanding,
  decideUseInvitation,
  evolveInvitation,
  initialInvitationState,
  type InvitationCreatorStanding,
  type InvitationEvent,
} from './invitation.js';
import {
  decideIssueReferral,
  referralModel,
  type IssueReferral,
  type ReferralEvent,
} from './referral-invitation.js';
import { initialUserState } from './user.js';

describe("a member's referral invitation", () => {
  const spec = deciderSpec({
    ...referralModel,
    decide: (command: IssueReferral, state) => decideIssueReferral(state, command),
  });
  const issued = (token: string): ReferralEvent => ({
    type: 'ReferralInvitationIssued',
    data: { userId: 'ann', token },
  });

  it('is issued once: the first request issues a token, every later one keeps it', () => {
    spec
      .given([])
      .when({ userId: 'ann', currentRevoked: false, candidate: 'first' })
      .then([issued('first')]);
    spec
      .given([issued('first')])
      .when({ userId: 'ann', currentRevoked: false, candidate: 'second' })
      .thenNothing();
  });

  it('is issued again once an admin has revoked the current one', () => {
    const state = spec
      .given([issued('first')])
      .when({ userId: 'ann', currentRevoked: true, candidate: 'second' })
      .then([issued('second')]);
    expect(state).toEqual({ token: 'second' });
  });
});

describe('an invitation whose creator left the pool', () => {
  const token = 'abcdefghijklmnopqrstuvwxyz012345';
  const now = new Date('2025-09-01T12:00:00Z');
  const spec = deciderSpec({
    initialState: initialInvitationState,
    evolve: evolveInvitation,
    decide: (creator: InvitationCreatorStanding, state) =>
      decideUseInvitation(state, { token, userId: 'friend', now, creator }),
  });
  const created: InvitationEvent = {
    type: 'InvitationCreated',
    data: { token, maxUses: null, expiresAt: null, createdBy: 'ann' },
  };

  it('admits nobody while its creator is deactivated or removed, and admits again once they are back', () => {
    spec.given([created]).when('inactive').thenRefused(ErrorCodes.INVITATION_SUSPENDED);
    spec
      .given([created])
      .when('active')
      .then([{ type: 'InvitationUsed', data: { token, userId: 'friend' } }]);
    // A revoked link stays revoked (410), whoever made it.
    spec
      .given([created, { type: 'InvitationRevoked', data: { token } }])
      .when('inactive')
      .thenRefused(ErrorCodes.INVITATION_EXPIRED);
  });

  it('reads the standing from the creator’s account: deactivated or removed is inactive, no account is active', () => {
    const member = { ...initialUserState(), registered: true };
    expect(creatorStanding(member)).toBe('active');
    expect(creatorStanding({ ...member, active: false })).toBe('inactive');
    expect(creatorStanding({ ...member, removed: true, active: false })).toBe('inactive');
    expect(creatorStanding(initialUserState())).toBe('active');
  });
});
