import { randomBytes } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideAndAppend } from '../../../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../../../event-store/event-store.port.js';
import { loadAggregate } from '../../../event-store/read-stream.js';
import { metadataFor, type CommandContext } from '../../../shared/domain/event.js';
import {
  decideCreateInvitation,
  decideIssueReferral,
  invitationModel,
  invitationStreamId,
  referralModel,
  referralStreamId,
  type InvitationState,
} from '../../domain/index.js';
import { InvitationQueries } from '../../queries/invitations/invitation.queries.js';

/** The acting member's referral invitation: theirs if they have one, else a new one. */
export class IssueReferralInvitationCommand extends Command<{ token: string }> {
  constructor(readonly context: CommandContext) {
    super();
  }
}

/**
 * One referral invitation per member, however many requests race: the token is decided on the
 * member's referral stream at the version read (another app instance that got there first makes
 * the append fail, and the cycle runs again and keeps its token), then the invitation behind it is
 * created if it is not yet, by whichever request comes first (creating it twice changes nothing).
 */
@CommandHandler(IssueReferralInvitationCommand)
export class IssueReferralInvitationHandler implements ICommandHandler<IssueReferralInvitationCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly invitations: InvitationQueries,
  ) {}

  async execute({ context }: IssueReferralInvitationCommand): Promise<{ token: string }> {
    const userId = context.actor;
    let token = '';
    await decideAndAppend(
      this.eventStore,
      referralStreamId(userId),
      referralModel,
      async (state) => {
        const current = state.token === null ? null : await this.invitation(state.token);
        const events = decideIssueReferral(state, {
          userId,
          currentRevoked: current?.revoked === true,
          // A link already shared before referral links had streams stays the member's.
          candidate:
            (state.token === null
              ? await this.invitations.earlierReferralToken(userId, context.now)
              : null) ?? newToken(),
        });
        token = events[0]?.data.token ?? state.token!;
        return events;
      },
      metadataFor(context),
    );
    await decideAndAppend(
      this.eventStore,
      invitationStreamId(token),
      invitationModel,
      (state) =>
        decideCreateInvitation(state, {
          token,
          maxUses: null,
          expiresAt: null,
          createdBy: userId,
          now: context.now,
        }),
      metadataFor(context),
    );
    return { token };
  }

  private async invitation(token: string): Promise<InvitationState> {
    return (await loadAggregate(this.eventStore, invitationStreamId(token), invitationModel)).state;
  }
}

/** 24 random bytes, URL-safe (32 characters), like every invitation token. */
function newToken(): string {
  return randomBytes(24).toString('base64url');
}
