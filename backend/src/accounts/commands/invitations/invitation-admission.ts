import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { decideAndAppend } from '../../../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../../../event-store/event-store.port.js';
import { loadAggregate, readStream } from '../../../event-store/read-stream.js';
import { currentPoolKey, DEFAULT_POOL_KEY } from '../../../platform/pool-scope/pool-scope.js';
import { poolArchived, PoolArchivedQuery } from '../../../shared/queries/pool-queries.js';
import type { EventMetadata } from '../../../shared/domain/event.js';
import {
  creatorStanding,
  decideUseInvitation,
  invitationModel,
  invitationRefusal,
  invitationStreamId,
  isWellFormedInvitationToken,
  userModel,
  type InvitationCreatorStanding,
  type InvitationEvent,
  type InvitationState,
} from '../../domain/index.js';
import { membershipStreamId } from '../../membership.js';

/**
 * An invitation link admits a person to its pool (a sign-up, or a signed-in person joining): which
 * pool that is, and counting a use. Run in the link's pool (its streams are that pool's).
 */
@Injectable()
export class InvitationAdmission {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly queryBus: QueryBus,
  ) {}

  /**
   * The pool a link belongs to (its key: the pool it was made in, docs/adr/015) and its state; a
   * token of no link reads as a link never created, in the default pool, which admits nobody
   * (`decideUse` refuses it); a malformed one is refused at once (`INVITATION_INVALID`).
   */
  async read(token: string): Promise<{ poolKey: string; invitation: InvitationState }> {
    if (!isWellFormedInvitationToken(token)) throw invitationRefusal('unknown');
    const { events } = await readStream<InvitationEvent>(this.eventStore, invitationStreamId(token));
    const invitation = events.reduce(invitationModel.evolve, invitationModel.initialState());
    return { poolKey: events[0]?.metadata.pool ?? DEFAULT_POOL_KEY, invitation };
  }

  /** A link that exists, else `INVITATION_INVALID` (joining, or asking what a link joins). */
  async readExisting(token: string): Promise<{ poolKey: string; invitation: InvitationState }> {
    const link = await this.read(token);
    if (!link.invitation.created) throw invitationRefusal('unknown');
    return link;
  }

  /**
   * Decides a use of the link, in its pool; whether its creator is still in the pool is read from
   * their membership. An archived pool admits nobody (`POOL_ARCHIVED`).
   */
  async decideUse(invitation: InvitationState, token: string, userId: string, now: Date) {
    if (await this.queryBus.execute(new PoolArchivedQuery(currentPoolKey()))) throw poolArchived();
    return decideUseInvitation(invitation, { token, userId, now, creator: await this.creatorOf(invitation) });
  }

  /** Whether the member who made the link may still admit anyone (`suspended` when not). */
  async creatorOf(invitation: InvitationState): Promise<InvitationCreatorStanding> {
    if (invitation.createdBy === null) return 'active';
    const member = await loadAggregate(this.eventStore, membershipStreamId(invitation.createdBy), userModel);
    return creatorStanding(member.state);
  }

  /** Counts a use, appended at the version read: a link with N uses admits N people however many come at once. */
  async use(token: string, userId: string, now: Date, metadata: EventMetadata): Promise<void> {
    await decideAndAppend(
      this.eventStore,
      invitationStreamId(token),
      invitationModel,
      (state) => this.decideUse(state, token, userId, now),
      metadata,
    );
  }
}
