import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, type RegisterRequest } from '@treble/contracts';
import { decideAndAppend } from '../../../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../../../event-store/event-store.port.js';
import { loadAggregate } from '../../../event-store/read-stream.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { DEFAULT_POOL_KEY, inPool } from '../../../platform/pool-scope/pool-scope.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { metadataFor } from '../../../shared/domain/event.js';
import {
  checkPasswordPolicy,
  decideAdminOnRegistration,
  decideAdmission,
  decideJoinPool,
  decideRegisterUser,
  decideReleaseEmail,
  decideReserveEmail,
  decideWithdrawRegistrationGrant,
  emailReservationModel,
  emailReservationStreamId,
  initialUserState,
  invitationRefusal,
  isPlausibleEmail,
  isWellFormedInvitationToken,
  normalizeEmail,
  poolAdminsModel,
  poolAdminsStreamId,
  userModel,
  userStreamId,
  type Admission,
  type InvitationState,
} from '../../domain/index.js';
import { membershipStreamId } from '../../membership.js';
import { InvitationAdmission } from '../invitations/invitation-admission.js';
import { CredentialStore } from '../../sessions/credential-store.js';
import { PasswordHasher } from '../../sessions/password-hasher.js';

/**
 * A sign-up touches several streams, each appended at the version it read so every rule holds
 * under concurrency: the e-mail's reservation stream (unique address), the pool-admins stream
 * (first account / ADMIN_EMAILS), the invitation's stream (uses), and finally the new user's own
 * stream. When a later step refuses, the earlier ones are given back (e-mail released, admin grant
 * withdrawn), so a refused sign-up leaves nothing that blocks the next one.
 */
@Injectable()
export class RegisterService {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hasher: PasswordHasher,
    private readonly credentials: CredentialStore,
    private readonly invitations: InvitationAdmission,
  ) {}

  async register(
    registration: RegisterRequest,
    context: { now: Date; correlationId: string },
  ): Promise<{ userId: string }> {
    const email = normalizeEmail(registration.email);
    if (!isPlausibleEmail(email))
      throw new DomainError(ErrorCodes.VALIDATION_FAILED, 'email must be an e-mail address.');
    checkPasswordPolicy(registration.password, email);
    const inviteToken = registration.inviteToken?.trim() || null;
    if (inviteToken !== null && !isWellFormedInvitationToken(inviteToken)) throw invitationRefusal('unknown');
    const userId = randomUUID();
    // The link, read once: the new person joins its pool (docs/adr/015), not the default pool.
    const invited = inviteToken === null ? null : await this.invitations.read(inviteToken);
    const poolKey = invited?.poolKey ?? DEFAULT_POOL_KEY;
    // Decided up front (it also checks the names) and appended last, once the account is admitted.
    const registered = decideRegisterUser(initialUserState(), {
      userId,
      email,
      firstName: registration.firstName,
      lastName: registration.lastName,
      invitation: inviteToken,
      ...(poolKey === DEFAULT_POOL_KEY ? {} : { pool: poolKey }),
    });
    await this.checkAdmission(userId, email, inviteToken, invited, context.now);
    const passwordHash = await this.hasher.hash(registration.password);

    const metadata = metadataFor({ ...context, actor: userId, source: 'player' });
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
      const admission = this.admission(granted, inviteToken);
      // The creator's membership is read on every attempt: a link whose member was deactivated or
      // removed in the meantime admits nobody.
      if (admission.kind === 'invitation')
        await inPool(poolKey, () => this.invitations.use(admission.token, userId, context.now, metadata));
      await this.credentials.insert({ userId, email, passwordHash }, context.now);
      credentialsStored = true;
      await this.eventStore.append(
        userStreamId(userId),
        registered.map((event) => ({ ...event, metadata })),
        'no_stream',
      );
      if (poolKey !== DEFAULT_POOL_KEY)
        await inPool(poolKey, () =>
          decideAndAppend(
            this.eventStore,
            membershipStreamId(userId),
            userModel,
            (state) => decideJoinPool(state, { userId, invitation: inviteToken }),
            metadata,
          ),
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

  private admission(isAdmin: boolean, inviteToken: string | null): Admission {
    return decideAdmission({ isAdmin, registration: this.config.accounts.registration, inviteToken });
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
    invited: { poolKey: string; invitation: InvitationState } | null,
    now: Date,
  ): Promise<void> {
    const { state: admins } = await loadAggregate(this.eventStore, poolAdminsStreamId, poolAdminsModel);
    const isAdmin =
      decideAdminOnRegistration(admins, { userId, email, adminEmails: this.config.accounts.adminEmails })
        .length > 0;
    const admission = this.admission(isAdmin, inviteToken);
    if (admission.kind !== 'invitation' || invited === null) return;
    const { poolKey, invitation } = invited;
    await inPool(poolKey, () => this.invitations.decideUse(invitation, admission.token, userId, now));
  }
}
