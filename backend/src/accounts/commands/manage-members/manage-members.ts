import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { decideAndAppend } from '../../../event-store/decide-and-append.js';
import { loadAggregate } from '../../../event-store/read-stream.js';
import { EVENT_STORE, type EventStore } from '../../../event-store/event-store.port.js';
import { metadataFor, type CommandContext } from '../../../shared/domain/event.js';
import { HasPlayerPickedQuery } from '../../../shared/queries/member-queries.js';
import {
  decideMarkEntryFee,
  decideReleaseEmail,
  decideRemoveUser,
  decideSetActive,
  emailReservationModel,
  emailReservationStreamId,
  poolAdminsModel,
  poolAdminsStreamId,
  userModel,
  userStreamId,
  type UserEvent,
  type UserState,
} from '../../domain/index.js';
import { CredentialStore } from '../../sessions/credential-store.js';
import { SessionStore } from '../../sessions/session-store.js';

/**
 * What admins do to members (Admin › Users): deactivate and reactivate, remove one who never
 * picked, mark the entry fee. Each is an event on the member's stream with the acting admin as its
 * actor, so the audit history shows who did what.
 */
@Injectable()
export class MemberManagement {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly credentials: CredentialStore,
    private readonly sessions: SessionStore,
    private readonly queryBus: QueryBus,
  ) {}

  private async isAdmin(userId: string): Promise<boolean> {
    const { state } = await loadAggregate(this.eventStore, poolAdminsStreamId, poolAdminsModel);
    return state.admins.includes(userId);
  }

  private async decide(userId: string, context: CommandContext, decide: (state: UserState) => UserEvent[]) {
    const { events } = await decideAndAppend(
      this.eventStore,
      userStreamId(userId),
      userModel,
      decide,
      metadataFor(context),
    );
    return events;
  }

  async setActive(userId: string, active: boolean, context: CommandContext): Promise<void> {
    const targetIsAdmin = await this.isAdmin(userId);
    await this.decide(userId, context, (state) =>
      decideSetActive(state, { userId, actorId: context.actor, targetIsAdmin, active }),
    );
    // A deactivated player is signed out everywhere at once (and cannot sign in again).
    if (!active) await this.sessions.revokeAll(userId);
  }

  async remove(userId: string, context: CommandContext): Promise<void> {
    const targetIsAdmin = await this.isAdmin(userId);
    // The picks context answers from its log: any pick ever made (even one withdrawn since) keeps the account.
    const hasPicked = await this.queryBus.execute(new HasPlayerPickedQuery(userId));
    const events = await this.decide(userId, context, (state) =>
      decideRemoveUser(state, { userId, actorId: context.actor, targetIsAdmin, hasPicked }),
    );
    const removed = events.find((event) => event.type === 'UserRemoved');
    if (removed === undefined) return;
    await this.sessions.revokeAll(userId);
    await this.credentials.remove(userId);
    // The address may sign up again.
    await decideAndAppend(
      this.eventStore,
      emailReservationStreamId(removed.data.email),
      emailReservationModel,
      (state) => decideReleaseEmail(state, { userId }),
      metadataFor(context),
    );
  }

  async markEntryFee(userId: string, paid: boolean, paidOn: string, context: CommandContext): Promise<void> {
    await this.decide(userId, context, (state) => decideMarkEntryFee(state, { userId, paid, paidOn }));
  }
}
