import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ErrorCodes } from '@treble/contracts';
import { decideAndAppend } from '../../../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../../../event-store/event-store.port.js';
import { loadAggregate } from '../../../event-store/read-stream.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { metadataFor } from '../../../shared/domain/event.js';
import {
  checkPasswordPolicy,
  creatorStanding,
  decideAdminOnRegistration,
  decideAdmission,
  decideRegisterUser,
  decideReleaseEmail,
  decideReserveEmail,
  decideUseInvitation,
  decideWithdrawRegistrationGrant,
  emailReservationModel,
  emailReservationStreamId,
  initialUserState,
  invitationModel,
  invitationRefusal,
  invitationStreamId,
  isPlausibleEmail,
  isWellFormedInvitationToken,
  normalizeEmail,
  poolAdminsModel,
  poolAdminsStreamId,
  userModel,
  userStreamId,
  type InvitationCreatorStanding,
  type InvitationState,
} from '../../domain/index.js';
import { CredentialStore } from '../../sessions/credential-store.js';
import { PasswordHasher } from '../../sessions/password-hasher.js';

export interface Registration {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  inviteToken?: string;
}

export class RegisterCommand extends Command<{ userId: string }> {
  constructor(
    readonly registration: Registration,
    readonly context: { now: Date; correlationId: string },
  ) {
    super();
  }
}

/**
 * A sign-up touches several streams, each appended at the version it read so every rule holds
 * under concurrency: the e-mail's reservation stream (unique address), the pool-admins stream
 * (first account / ADMIN_EMAILS), the invitation's stream (uses), and finally the new user's own
 * stream. When a later step refuses, the earlier ones are given back (e-mail released, admin grant
 * withdrawn), so a refused sign-up leaves nothing that blocks the next one.
 */
@CommandHandler(RegisterCommand)
export class RegisterHandler implements ICommandHandler<RegisterCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hasher: PasswordHasher,
    private readonly credentials: CredentialStore,
  ) {}

  async execute({ registration, context }: RegisterCommand): Promise<{ userId: string }> {
    const email = normalizeEmail(registration.email);
    if (!isPlausibleEmail(email))
      throw new DomainError(ErrorCodes.VALIDATION_FAILED, 'email must be an e-mail address.');
    checkPasswordPolicy(registration.password, email);
    const inviteToken = registration.inviteToken?.trim() || null;
    if (inviteToken !== null && !isWellFormedInvitationToken(inviteToken)) throw invitationRefusal('unknown');
    const userId = randomUUID();
    // Decided up front (it also checks the names) and appended last, once the account is admitted.
    const registered = decideRegisterUser(initialUserState(), {
      userId,
      email,
      firstName: registration.firstName,
      lastName: registration.lastName,
      invitation: inviteToken,
    });
    await this.checkAdmission(userId, email, inviteToken, context.now);
    const passwordHash = await this.hasher.hash(registration.password);

    const metadata = metadataFor({
      actor: userId,
      source: 'player',
      now: context.now,
      correlationId: context.correlationId,
    });
    const systemMetadata = { ...metadata, source: 'system' as const };
    const emailStream = emailReservationStreamId(email);
    await decideAndAppend(
      this.eventStore,
      emailStream,
      emailReservationModel,
      (state) => decideReserveEmail(state, { userId }),
      metadata,
    );

    let granted = false;
    let credentialsStored = false;
    try {
      const grant = await decideAndAppend(
        this.eventStore,
        poolAdminsStreamId,
        poolAdminsModel,
        (state) =>
          decideAdminOnRegistration(state, { userId, email, adminEmails: this.config.accounts.adminEmails }),
        systemMetadata,
      );
      granted = grant.events.length > 0;
      const admission = decideAdmission({
        isAdmin: granted,
        registration: this.config.accounts.registration,
        inviteToken,
      });
      if (admission.kind === 'invitation') {
        // The creator's account is read on every attempt: a link whose member was deactivated or
        // removed in the meantime admits nobody.
        await decideAndAppend(
          this.eventStore,
          invitationStreamId(admission.token),
          invitationModel,
          async (state) =>
            decideUseInvitation(state, {
              token: admission.token,
              userId,
              now: context.now,
              creator: await this.creatorOf(state),
            }),
          metadata,
        );
      }
      await this.credentials.insert({ userId, email, passwordHash }, context.now);
      credentialsStored = true;
      await this.eventStore.append(
        userStreamId(userId),
        registered.map((event) => ({ ...event, metadata })),
        'no_stream',
      );
      return { userId };
    } catch (error) {
      if (credentialsStored) await this.credentials.remove(userId).catch(() => undefined);
      if (granted) {
        await decideAndAppend(
          this.eventStore,
          poolAdminsStreamId,
          poolAdminsModel,
          (state) => decideWithdrawRegistrationGrant(state, { userId }),
          systemMetadata,
        ).catch(() => undefined);
      }
      await decideAndAppend(
        this.eventStore,
        emailStream,
        emailReservationModel,
        (state) => decideReleaseEmail(state, { userId }),
        metadata,
      ).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Refuses, before anything is written, a sign-up that cannot be admitted (no invitation, or a
   * dead one): otherwise the e-mail check that comes first would tell anyone whether an address has
   * an account. The appends below decide again, so this is no substitute for them under concurrency.
   */
  private async checkAdmission(
    userId: string,
    email: string,
    inviteToken: string | null,
    now: Date,
  ): Promise<void> {
    const { state: admins } = await loadAggregate(this.eventStore, poolAdminsStreamId, poolAdminsModel);
    const isAdmin =
      decideAdminOnRegistration(admins, { userId, email, adminEmails: this.config.accounts.adminEmails })
        .length > 0;
    const admission = decideAdmission({
      isAdmin,
      registration: this.config.accounts.registration,
      inviteToken,
    });
    if (admission.kind !== 'invitation') return;
    const { state: invitation } = await loadAggregate(
      this.eventStore,
      invitationStreamId(admission.token),
      invitationModel,
    );
    decideUseInvitation(invitation, {
      token: admission.token,
      userId,
      now,
      creator: await this.creatorOf(invitation),
    });
  }

  /** Whether the member who created the invitation is still in the pool (read from their account's stream). */
  private async creatorOf(invitation: InvitationState): Promise<InvitationCreatorStanding> {
    if (invitation.createdBy === null) return 'active';
    const { state } = await loadAggregate(this.eventStore, userStreamId(invitation.createdBy), userModel);
    return creatorStanding(state);
  }
}
