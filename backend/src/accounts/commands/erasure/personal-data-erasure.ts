import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ErrorCodes } from '@treble/contracts';
import { decideAndAppend } from '../../../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../../../event-store/event-store.port.js';
import { loadAggregate } from '../../../event-store/read-stream.js';
import { Database } from '../../../platform/database/database.js';
import { PersonKeys } from '../../../platform/personal-data/person-keys.js';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { currentPoolKey, inPool } from '../../../platform/pool-scope/pool-scope.js';
import { ForgetPersonCommand } from '../../../shared/commands/personal-data-commands.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { metadataFor, type CommandContext } from '../../../shared/domain/event.js';
import {
  decideReleaseEmail,
  decideSetAdmin,
  emailReservationModel,
  emailReservationStreamId,
  poolAdminsModel,
  poolAdminsStreamId,
  userModel,
  userStreamId,
} from '../../domain/index.js';
import { UserDirectory } from '../../queries/users/user-directory.js';
import { addressTag } from '../../sessions/counted-windows.js';
import { PasswordConfirmation } from '../../sessions/password-confirmation.js';
import { SessionStore } from '../../sessions/session-store.js';
import { memberId } from '../manage-members/member-management.service.js';

const alreadyErased = () =>
  new DomainError(ErrorCodes.ALREADY_ERASED, "This person's data has been erased already.");

/**
 * Erases a person (docs/adr/017): their key, credentials, sessions, reset links, notification
 * choices, push subscriptions and deliveries go; their e-mail address is free again; admin rights
 * are given back; `PersonErased` puts a numbered stand-in where their name was. Their picks and
 * points stay, so nobody else's standings change. Every step after the `erasures` row is written
 * can run again, so an erasure interrupted by a crash is finished at the next start.
 */
@Injectable()
export class PersonalDataErasure implements OnApplicationBootstrap {
  private readonly logger = new Logger(PersonalDataErasure.name);
  private readonly keys: PersonKeys;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly database: Database,
    private readonly commandBus: CommandBus,
    private readonly confirmation: PasswordConfirmation,
    private readonly users: UserDirectory,
    private readonly sessions: SessionStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.keys = new PersonKeys(database);
  }

  /** Finishes the erasures a crash interrupted. */
  async onApplicationBootstrap(): Promise<void> {
    const { rows } = await this.database.query<{ person_id: string; requested_by: string }>(
      'SELECT person_id, requested_by FROM erasures WHERE completed_at IS NULL ORDER BY stand_in',
    );
    for (const row of rows) {
      this.logger.warn(`Finishing an interrupted erasure (stand-in of ${row.person_id})`);
      await this.finish(row.person_id, {
        actor: row.requested_by,
        source: 'system',
        now: this.clock.now(),
        correlationId: randomUUID(),
      });
    }
  }

  /** The signed-in person erases themselves, confirmed with their password (limited like a sign-in). */
  async eraseMyself(
    account: { user: { id: string; email: string }; sessionId: string },
    password: string,
    context: CommandContext,
  ): Promise<void> {
    const { rows } = await this.database.query('SELECT 1 FROM erasures WHERE person_id = $1', [
      account.user.id,
    ]);
    // An erasure (an admin's, at the same moment) went first.
    if (rows.length > 0) throw alreadyErased();
    await this.confirmation.confirm(account, password, 'That is not your password.');
    await this.erase(account.user.id, context);
  }

  /**
   * An admin erases a member of their pool on the member's request. The id is given twice (route
   * and body) so a stale button cannot erase someone else; a member of another pool erases
   * themselves, and an admin erases themselves on their Profile page.
   */
  async eraseMember(userId: string, confirmUserId: string, context: CommandContext): Promise<void> {
    const id = memberId(userId);
    if (confirmUserId.toLowerCase() !== id)
      throw new DomainError(ErrorCodes.VALIDATION_FAILED, "confirmUserId must repeat the member's id.");
    if (id === context.actor)
      throw new DomainError(
        ErrorCodes.VALIDATION_FAILED,
        'To delete your own account, use "Delete my account" on your Profile page.',
      );
    const pools = await this.users.membershipsOf(id);
    const erasedAlready = (await loadAggregate(this.eventStore, userStreamId(id), userModel)).state.erasedAs;
    if (!pools.some((pool) => pool.key === currentPoolKey()))
      throw new DomainError(ErrorCodes.USER_NOT_FOUND, 'There is no such user.');
    if (erasedAlready !== null) throw alreadyErased();
    if (pools.length > 1)
      throw new DomainError(
        ErrorCodes.MEMBER_OF_OTHER_POOLS,
        'This person plays in other pools too: they can delete their account on their Profile page.',
      );
    await this.erase(id, context);
  }

  /**
   * Erases the person, or refuses with nothing changed: someone unknown (404), erased already (409),
   * or the last admin of a pool (409; they make someone else admin first).
   */
  async erase(userId: string, context: CommandContext): Promise<void> {
    const { state } = await loadAggregate(this.eventStore, userStreamId(userId), userModel);
    if (!state.registered) throw new DomainError(ErrorCodes.USER_NOT_FOUND, 'There is no such user.');
    if (state.erasedAs !== null) throw alreadyErased();
    const adminOf = (await this.users.membershipsOf(userId))
      .filter((pool) => pool.isAdmin)
      .map((pool) => pool.key);
    for (const key of adminOf) {
      const { state: admins } = await inPool(key, () =>
        loadAggregate(this.eventStore, poolAdminsStreamId, poolAdminsModel),
      );
      if (admins.admins.length === 1 && admins.admins[0] === userId)
        throw new DomainError(
          ErrorCodes.LAST_ADMIN,
          'You are the last admin of a pool: make someone else its admin first, then delete your account.',
        );
    }
    const { rows } = await this.database.query<{ stand_in: number }>(
      `INSERT INTO erasures (person_id, requested_by, requested_at) VALUES ($1, $2, $3)
       ON CONFLICT (person_id) DO NOTHING RETURNING stand_in`,
      [userId, context.actor, context.now],
    );
    // Another request is erasing the same person right now: it finishes the job.
    if (rows.length === 0) throw alreadyErased();
    await this.finish(userId, context);
  }

  /** Every step of an erasure whose row is written; each can run again after a crash. */
  private async finish(userId: string, context: CommandContext): Promise<void> {
    const { state } = await loadAggregate(this.eventStore, userStreamId(userId), userModel);
    // Sign-in holds the credentials row while it opens a session (SessionStore.open), so a session
    // opened at the same moment is either refused or already there to be deleted here.
    await this.database.transaction(async (sql) => {
      await sql.query('DELETE FROM user_credentials WHERE user_id = $1', [userId]);
      await sql.query('DELETE FROM user_sessions WHERE user_id = $1', [userId]);
      await sql.query('DELETE FROM password_reset_tokens WHERE user_id = $1', [userId]);
      if (state.email !== null)
        await sql.query('DELETE FROM sign_in_failures WHERE position($1 IN key) > 0', [
          addressTag(state.email),
        ]);
    });
    await this.sessions.forget(userId);
    if (state.email !== null)
      await decideAndAppend(
        this.eventStore,
        emailReservationStreamId(state.email),
        emailReservationModel,
        (reservation) => decideReleaseEmail(reservation, { userId }),
        metadataFor(context),
      );
    const pools = await this.users.membershipsOf(userId);
    for (const pool of pools.filter((candidate) => candidate.isAdmin)) {
      // Checked before the erasure began; a stand-in nobody can sign in as must not stay an admin.
      await inPool(pool.key, () =>
        decideAndAppend(
          this.eventStore,
          poolAdminsStreamId,
          poolAdminsModel,
          (admins) => (admins.admins.length > 1 ? decideSetAdmin(admins, { userId, isAdmin: false }) : []),
          metadataFor(context),
        ),
      );
    }
    await this.commandBus.execute(
      new ForgetPersonCommand(userId, state.email, [...new Set(['', ...pools.map((pool) => pool.key)])]),
    );
    const { rows } = await this.database.query<{ stand_in: number }>(
      'SELECT stand_in FROM erasures WHERE person_id = $1',
      [userId],
    );
    const standIn = rows[0]!.stand_in;
    await decideAndAppend(
      this.eventStore,
      userStreamId(userId),
      userModel,
      (person) =>
        person.erasedAs === null ? [{ type: 'PersonErased' as const, data: { userId, standIn } }] : [],
      metadataFor(context),
    );
    await this.keys.shred(userId);
    await this.database.query('UPDATE erasures SET completed_at = $2 WHERE person_id = $1', [
      userId,
      context.now,
    ]);
  }
}
