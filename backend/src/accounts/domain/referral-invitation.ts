import type { DomainEvent } from '../../shared/domain/event.js';

/**
 * A member's referral invitation (the Invite page's link): one per member. Which token it is lives
 * in the member's own referral stream, decided at the version read, so however many requests race
 * (on however many app instances) one token is issued and every one of them answers with it. The
 * invitation itself is an invitation like any other (`invitation-{token}`, no limit of uses, no
 * expiry), created by the member; when an admin revokes it, the next request issues a new one.
 */
export const referralStreamId = (userId: string): string => `referral-${userId}`;

export type ReferralEvent = DomainEvent<'ReferralInvitationIssued', { userId: string; token: string }>;

export interface ReferralState {
  /** The member's current referral token, null before the first. */
  token: string | null;
}

/** The stream has one kind of event (the token issued), so the state is the latest token. */
export function evolveReferral(_state: ReferralState, event: ReferralEvent): ReferralState {
  return { token: event.data.token };
}

export const referralModel = { initialState: (): ReferralState => ({ token: null }), evolve: evolveReferral };

export interface IssueReferral {
  userId: string;
  /** Whether the current token's invitation was revoked by an admin (false when there is none). */
  currentRevoked: boolean;
  /** The token to issue if one is needed: a fresh random one, or an earlier link of the member's to adopt. */
  candidate: string;
}

/** Keeps the member's current token unless it was revoked; issues `candidate` when there is none to keep. */
export function decideIssueReferral(state: ReferralState, command: IssueReferral): ReferralEvent[] {
  if (state.token !== null && !command.currentRevoked) return [];
  return [{ type: 'ReferralInvitationIssued', data: { userId: command.userId, token: command.candidate } }];
}
