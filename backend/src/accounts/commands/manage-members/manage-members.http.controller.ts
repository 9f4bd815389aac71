import { Body, Controller, Delete, HttpCode, Inject, Param, Patch, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';
import {
  ErrorCodes,
  type AdminUser,
  type SetActiveRequest,
  type SetAdminRequest,
  type SetFeePaidRequest,
  type User,
} from '@treble/contracts';
import { decideAndAppend } from '../../../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../../../event-store/event-store.port.js';
import { loadAggregate } from '../../../event-store/read-stream.js';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { Admin } from '../../../platform/http/access.decorators.js';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import { commandContext } from '../../../platform/http/command-context.js';
import { ReadsFrom } from '../../../projections/read-your-writes.js';
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
  userStreamId,
  type UserEvent,
  type UserState,
} from '../../domain/index.js';
import { UserDirectory } from '../../queries/users/user-directory.js';
import { CredentialStore } from '../../sessions/credential-store.js';
import { SessionStore } from '../../sessions/session-store.js';

export class SetAdminBody implements SetAdminRequest {
  @IsBoolean()
  isAdmin: boolean;
}

export class SetActiveBody implements SetActiveRequest {
  @IsBoolean()
  active: boolean;
}

export class SetFeePaidBody implements SetFeePaidRequest {
  @IsBoolean()
  paid: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(10)
  paidOn?: string;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user id from a route, lower case; anything that is not a uuid names nobody (404). */
export function memberId(userId: string): string {
  if (!uuid.test(userId)) throw new DomainError(ErrorCodes.USER_NOT_FOUND, 'There is no such user.');
  return userId.toLowerCase();
}

/**
 * What admins do to members (Admin › Users): grant and revoke admin, deactivate and reactivate,
 * remove one who never picked, mark the entry fee. Each is an event (on the member's stream, or the
 * pool-admins stream) with the acting admin as its actor, so the audit history shows who did what.
 */
@ApiTags('accounts')
@Controller('admin/users')
@ReadsFrom('users')
export class ManageMembersController {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly users: UserDirectory,
    private readonly credentials: CredentialStore,
    private readonly sessions: SessionStore,
    private readonly queryBus: QueryBus,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private async answer(userId: string): Promise<AdminUser> {
    const user = (await this.users.listForAdmins()).find((candidate) => candidate.id === userId);
    if (user === undefined) throw new DomainError(ErrorCodes.USER_NOT_FOUND, 'There is no such user.');
    return user;
  }

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

  /** Grants or revokes admin on the pool-admins stream; the last admin stays (LAST_ADMIN). */
  @Patch(':userId/admin')
  @Admin()
  @ApiOperation({ summary: 'Grant or revoke admin (the last admin cannot be revoked)' })
  async setAdmin(
    @Param('userId') userId: string,
    @Body() body: SetAdminBody,
    @Req() request: Request,
  ): Promise<User> {
    const id = memberId(userId);
    const account = await this.eventStore.readStream(userStreamId(id), { maxCount: 1 });
    if (account.length === 0) throw new DomainError(ErrorCodes.USER_NOT_FOUND, 'There is no such user.');
    await decideAndAppend(
      this.eventStore,
      poolAdminsStreamId,
      poolAdminsModel,
      (state) => decideSetAdmin(state, { userId: id, isAdmin: body.isAdmin }),
      metadataFor(commandContext(request, this.clock, 'admin')),
    );
    const user = await this.users.find(id);
    if (user === null) throw new DomainError(ErrorCodes.USER_NOT_FOUND, 'There is no such user.');
    return user;
  }

  @Patch(':userId/active')
  @Admin()
  @ApiOperation({
    summary: 'Deactivate a player (no sign-in, picks or notifications; points stay) or reactivate them',
  })
  async setActive(
    @Param('userId') userId: string,
    @Body() { active }: SetActiveBody,
    @Req() request: Request,
  ): Promise<AdminUser> {
    const id = memberId(userId);
    const context = commandContext(request, this.clock, 'admin');
    const targetIsAdmin = await this.isAdmin(id);
    await this.decide(id, context, (state) =>
      decideSetActive(state, { userId: id, actorId: context.actor, targetIsAdmin, active }),
    );
    // A deactivated player is signed out everywhere at once (and cannot sign in again).
    if (!active) await this.sessions.revokeAll(id);
    return this.answer(id);
  }

  @Patch(':userId/fee')
  @Admin()
  @ApiOperation({ summary: 'Mark the entry fee paid (with the day; today by default) or unpaid' })
  async setFee(
    @Param('userId') userId: string,
    @Body() { paid, paidOn }: SetFeePaidBody,
    @Req() request: Request,
  ): Promise<AdminUser> {
    const id = memberId(userId);
    const context = commandContext(request, this.clock, 'admin');
    const day = paidOn ?? context.now.toISOString().slice(0, 10);
    await this.decide(id, context, (state) => decideMarkEntryFee(state, { userId: id, paid, paidOn: day }));
    return this.answer(id);
  }

  @Delete(':userId')
  @HttpCode(204)
  @Admin()
  @ApiOperation({ summary: 'Remove a player who never picked (409 USER_HAS_PICKS otherwise)' })
  async remove(@Param('userId') userId: string, @Req() request: Request): Promise<void> {
    const id = memberId(userId);
    const context = commandContext(request, this.clock, 'admin');
    const targetIsAdmin = await this.isAdmin(id);
    // The picks context answers from its log: any pick ever made (even one withdrawn since) keeps the account.
    const hasPicked = await this.queryBus.execute(new HasPlayerPickedQuery(id));
    const events = await this.decide(id, context, (state) =>
      decideRemoveUser(state, { userId: id, actorId: context.actor, targetIsAdmin, hasPicked }),
    );
    const removed = events.find((event) => event.type === 'UserRemoved');
    if (removed === undefined) return;
    await this.sessions.revokeAll(id);
    await this.credentials.remove(id);
    // The address may sign up again.
    await decideAndAppend(
      this.eventStore,
      emailReservationStreamId(removed.data.email),
      emailReservationModel,
      (state) => decideReleaseEmail(state, { userId: id }),
      metadataFor(context),
    );
  }
}
