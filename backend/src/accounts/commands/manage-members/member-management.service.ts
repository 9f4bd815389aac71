import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ErrorCodes, type AdminUser, type User } from '@treble/contracts';
import { decideAndAppend } from '../../../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../../../event-store/event-store.port.js';
import { loadAggregate } from '../../../event-store/read-stream.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { metadataFor, type CommandContext } from '../../../shared/domain/event.js';
import { HasPlayerPickedQuery } from '../../../shared/queries/member-queries.js';
import {
  decideMarkEntryFee,
  decideReleaseEmail,
  decideRemoveUser,
  decideSetActive,
  decideSetAdmin,
  emailReservationModel,
  emailReservationStreamId,
  poolAdminsModel,
  poolAdminsStreamId,
  userModel,
  type UserEvent,
  type UserState,
} from '../../domain/index.js';
import { membershipStreamId } from '../../membership.js';
import { UserDirectory } from '../../queries/users/user-directory.js';
import { currentPoolKey, DEFAULT_POOL_KEY } from '../../../platform/pool-scope/pool-scope.js';
import { CredentialStore } from '../../sessions/credential-store.js';
import { SessionStore } from '../../sessions/session-store.js';
import { Database } from '../../../platform/database/database.js';
import { PersonKeys } from '../../../platform/personal-data/person-keys.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user id from a route, lower case; anything that is not a uuid names nobody (404). */
export function memberId(userId: string): string {
  if (!uuid.test(userId)) throw new DomainError(ErrorCodes.USER_NOT_FOUND, 'There is no such user.');
  return userId.toLowerCase();
}

const noSuchUser = () => new DomainError(ErrorCodes.USER_NOT_FOUND, 'There is no such user.');

/**
 * What admins do to members (Admin › Users): grant and revoke admin, deactivate and reactivate,
 * remove one who never picked, mark the entry fee. Each is an event (on the member's stream, or the
 * pool-admins stream) with the acting admin as its actor, so the audit history shows who did what.
 * Every method takes the member's id as the route gave it.
 */
@Injectable()
export class MemberManagementService {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly users: UserDirectory,
    private readonly credentials: CredentialStore,
    private readonly sessions: SessionStore,
    private readonly queryBus: QueryBus,
    private readonly database: Database,
  ) {}

  /** Grants or revokes admin on the pool-admins stream; the last admin stays (LAST_ADMIN). */
  async setAdmin(userId: string, isAdmin: boolean, context: CommandContext): Promise<User> {
    const id = memberId(userId);
    const { state: member } = await loadAggregate(this.eventStore, membershipStreamId(id), userModel);
    if (!member.joined || member.removed) throw noSuchUser();
    await decideAndAppend(
      this.eventStore,
      poolAdminsStreamId,
      poolAdminsModel,
      (state) => decideSetAdmin(state, { userId: id, isAdmin }),
      metadataFor(context),
    );
    const user = await this.users.find(id);
    if (user === null) throw noSuchUser();
    return user;
  }

  /** A deactivated player is signed out everywhere at once (and cannot sign in again). */
  async setActive(userId: string, active: boolean, context: CommandContext): Promise<AdminUser> {
    const id = memberId(userId);
    const targetIsAdmin = await this.isAdmin(id);
    await this.decide(id, context, (state) =>
      decideSetActive(state, { userId: id, actorId: context.actor, targetIsAdmin, active }),
    );
    // Deactivated in the default pool is deactivated in the install (no sign-in); in another pool,
    // out of that pool only (the access guard no longer admits them there).
    if (!active && currentPoolKey() === DEFAULT_POOL_KEY) await this.sessions.revokeAll(id);
    return this.answer(id);
  }

  /** Marks the entry fee paid on a day (today by default) or unpaid. */
  async setFee(
    userId: string,
    fee: { paid: boolean; paidOn?: string },
    context: CommandContext,
  ): Promise<AdminUser> {
    const id = memberId(userId);
    const paidOn = fee.paidOn ?? context.now.toISOString().slice(0, 10);
    await this.decide(id, context, (state) =>
      decideMarkEntryFee(state, { userId: id, paid: fee.paid, paidOn }),
    );
    return this.answer(id);
  }

  /**
   * Removes a member who never picked; their sessions and password go, the address may sign up
   * again, and (removed from the default pool, so from the install) their key goes too.
   */
  async remove(userId: string, context: CommandContext): Promise<void> {
    const id = memberId(userId);
    const targetIsAdmin = await this.isAdmin(id);
    // The picks context answers from its log: any pick ever made (even one withdrawn since) keeps the account.
    const hasPicked = await this.queryBus.execute(new HasPlayerPickedQuery(id));
    const events = await this.decide(id, context, (state) =>
      decideRemoveUser(state, { userId: id, actorId: context.actor, targetIsAdmin, hasPicked }),
    );
    const removed = events.find((event) => event.type === 'UserRemoved');
    // Removed from another pool is out of that pool; the account stays (docs/adr/015).
    if (removed === undefined || currentPoolKey() !== DEFAULT_POOL_KEY) return;
    await this.sessions.revokeAll(id);
    await this.credentials.remove(id);
    await decideAndAppend(
      this.eventStore,
      emailReservationStreamId(removed.data.email),
      emailReservationModel,
      (state) => decideReleaseEmail(state, { userId: id }),
      metadataFor(context),
    );
    // Gone from the install: so is what its events held of the person (docs/adr/017).
    await new PersonKeys(this.database).shred(id);
  }

  private async answer(userId: string): Promise<AdminUser> {
    const user = (await this.users.listForAdmins()).find((candidate) => candidate.id === userId);
    if (user === undefined) throw noSuchUser();
    return user;
  }

  private async isAdmin(userId: string): Promise<boolean> {
    const { state } = await loadAggregate(this.eventStore, poolAdminsStreamId, poolAdminsModel);
    return state.admins.includes(userId);
  }

  private async decide(userId: string, context: CommandContext, decide: (state: UserState) => UserEvent[]) {
    const { events } = await decideAndAppend(
      this.eventStore,
      membershipStreamId(userId),
      userModel,
      decide,
      metadataFor(context),
    );
    return events;
  }
}
