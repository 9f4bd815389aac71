import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { InvitationPreview } from '@treble/contracts';
import { decideAndAppend } from '../../../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../../../event-store/event-store.port.js';
import { loadAggregate, readStream } from '../../../event-store/read-stream.js';
import { DEFAULT_POOL_KEY, inPool } from '../../../platform/pool-scope/pool-scope.js';
import { metadataFor, type CommandContext } from '../../../shared/domain/event.js';
import {
  InstallOwnerQuery,
  InvitationPreviewQuery,
  JoinAsCreatorCommand,
  JoinPoolCommand,
} from '../../../shared/commands/membership-commands.js';
import {
  decideAdminOnRegistration,
  decideJoinPool,
  invitationStatus,
  invitationStreamId,
  poolAdminsModel,
  poolAdminsStreamId,
  userModel,
  type PoolAdminsEvent,
} from '../../domain/index.js';
import { membershipStreamId } from '../../membership.js';
import { UserDirectory } from '../../queries/users/user-directory.js';
import { InvitationAdmission } from '../invitations/invitation-admission.js';

/**
 * Joining pools (docs/adr/015): a signed-in person joins the pool of an invitation link, a pool's
 * creator becomes its first member and admin. Each is a `MemberJoined` on the person's membership
 * stream in that pool, appended at the version read, so joining twice at once joins once.
 */
@Injectable()
export class PoolMemberships {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly invitations: InvitationAdmission,
    private readonly users: UserDirectory,
  ) {}

  /** What a link joins, for the person to confirm: the pool (by key), who made it, whether it admits. */
  async preview(
    token: string,
    userId: string,
    now: Date,
  ): Promise<{ poolKey: string } & Omit<InvitationPreview, 'pool'>> {
    const { poolKey, invitation } = await this.invitations.readExisting(token);
    return inPool(poolKey, async () => {
      const status = invitationStatus(invitation, now);
      const creator = await this.invitations.creatorOf(invitation);
      const member = (await loadAggregate(this.eventStore, membershipStreamId(userId), userModel)).state;
      const inviter = invitation.createdBy === null ? null : await this.users.find(invitation.createdBy);
      const invitedBy = [inviter?.firstName, inviter?.lastName].filter(Boolean).join(' ') || null;
      return {
        poolKey,
        invitedBy,
        status:
          status === 'valid' && creator === 'inactive'
            ? 'suspended'
            : status === 'unknown'
              ? 'revoked'
              : status,
        alreadyMember: member.joined && !member.removed && member.active,
      };
    });
  }

  /**
   * Joins the link's pool: refused before a use is counted when the person is in it already (409)
   * or was put out of it (403), then the use (410 for a dead link), then the membership.
   */
  async join(token: string, context: CommandContext): Promise<string> {
    const { poolKey } = await this.invitations.readExisting(token);
    const userId = context.actor;
    const metadata = metadataFor(context);
    await inPool(poolKey, async () => {
      const member = await loadAggregate(this.eventStore, membershipStreamId(userId), userModel);
      const madeSinceRemoval = member.state.removed && (await this.madeSinceRemoval(token, userId));
      const join = { userId, invitation: token, madeSinceRemoval };
      decideJoinPool(member.state, join);
      await this.invitations.use(token, userId, context.now, metadata);
      await decideAndAppend(
        this.eventStore,
        membershipStreamId(userId),
        userModel,
        (state) => decideJoinPool(state, join),
        metadata,
      );
    });
    return poolKey;
  }

  /**
   * Whether the link was made after the person's last removal from the current pool: the log's
   * order says (positions), whatever the clocks.
   */
  private async madeSinceRemoval(token: string, userId: string): Promise<boolean> {
    const membership = await this.eventStore.readStream(membershipStreamId(userId));
    const removal = membership.filter((event) => event.type === 'UserRemoved').at(-1);
    const [created] = await this.eventStore.readStream(invitationStreamId(token), { maxCount: 1 });
    return removal !== undefined && created !== undefined && created.position > removal.position;
  }

  /** A new pool's creator: its first admin (granted as its first account) and first member. */
  async joinAsCreator(poolKey: string, context: CommandContext): Promise<void> {
    const userId = context.actor;
    const metadata = metadataFor(context);
    await inPool(poolKey, async () => {
      await decideAndAppend(
        this.eventStore,
        poolAdminsStreamId,
        poolAdminsModel,
        (state) => decideAdminOnRegistration(state, { userId, email: '', adminEmails: [] }),
        metadata,
      );
      await decideAndAppend(
        this.eventStore,
        membershipStreamId(userId),
        userModel,
        (state) => decideJoinPool(state, { userId, invitation: null }),
        metadata,
      );
    });
  }

  /** The install's owner: its first account (the default pool's first admin), or null before it. */
  async installOwner(): Promise<string | null> {
    const { events } = await inPool(DEFAULT_POOL_KEY, () =>
      readStream<PoolAdminsEvent>(this.eventStore, poolAdminsStreamId),
    );
    const first = events.find(
      (event) => event.type === 'AdminGranted' && event.data.reason === 'first-account',
    );
    return first?.data.userId ?? null;
  }
}

@CommandHandler(JoinPoolCommand)
export class JoinPoolHandler implements ICommandHandler<JoinPoolCommand> {
  constructor(private readonly memberships: PoolMemberships) {}

  execute({ token, context }: JoinPoolCommand): Promise<string> {
    return this.memberships.join(token, context);
  }
}

@CommandHandler(JoinAsCreatorCommand)
export class JoinAsCreatorHandler implements ICommandHandler<JoinAsCreatorCommand> {
  constructor(private readonly memberships: PoolMemberships) {}

  execute({ poolKey, context }: JoinAsCreatorCommand): Promise<void> {
    return this.memberships.joinAsCreator(poolKey, context);
  }
}

@QueryHandler(InvitationPreviewQuery)
export class InvitationPreviewHandler implements IQueryHandler<InvitationPreviewQuery> {
  constructor(private readonly memberships: PoolMemberships) {}

  execute({ token, userId, now }: InvitationPreviewQuery) {
    return this.memberships.preview(token, userId, now);
  }
}

@QueryHandler(InstallOwnerQuery)
export class InstallOwnerHandler implements IQueryHandler<InstallOwnerQuery> {
  constructor(private readonly memberships: PoolMemberships) {}

  execute(): Promise<string | null> {
    return this.memberships.installOwner();
  }
}

/** The handlers of the membership commands and queries (shared/commands/membership-commands.ts). */
export const poolMembershipHandlers = [
  JoinPoolHandler,
  JoinAsCreatorHandler,
  InvitationPreviewHandler,
  InstallOwnerHandler,
];
