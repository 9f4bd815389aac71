import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ErrorCodes, userDisplayName, type CreatedInvitation, type User } from '@treble/contracts';
import { decideAndAppend } from '../../../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../../../event-store/event-store.port.js';
import { loadAggregate } from '../../../event-store/read-stream.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { MAILER, type Mailer } from '../../../platform/mail/mailer.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { metadataFor, type CommandContext } from '../../../shared/domain/event.js';
import { RenderMailQuery } from '../../../shared/queries/mail-queries.js';
import {
  decideCreateInvitation,
  decideIssueReferral,
  decideRevokeInvitation,
  invitationModel,
  invitationStreamId,
  isPlausibleEmail,
  isWellFormedInvitationToken,
  normalizeEmail,
  referralModel,
  referralStreamId,
} from '../../domain/index.js';
import { invitationUrl, pageLinkBase } from '../../invitation-links.js';
import { InvitationQueries } from '../../queries/invitations/invitation.queries.js';

/** A mailed invitation admits one account and lasts two weeks. */
const mailedInvitation = { maxUses: 1, days: 14 };

/** 24 random bytes, URL-safe (32 characters), like every invitation token. */
const newToken = (): string => randomBytes(24).toString('base64url');

/** How a mailed invitation went: its link exists in every case; the mail may not have left. */
export interface MailedInvitation {
  link: string;
  email: string;
  delivery: 'sent' | 'mail-not-set-up' | 'mail-refused';
}

/** Invitation links: made by admins, a referral link per player, revoked, mailed. */
@Injectable()
export class InvitationsService {
  private readonly logger = new Logger('Mail');

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly invitations: InvitationQueries,
    private readonly queryBus: QueryBus,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A new invitation link, made by the context's actor. */
  async create(
    limits: { maxUses: number | null; expiresAt: Date | null },
    context: CommandContext,
    token = newToken(),
  ): Promise<CreatedInvitation> {
    await decideAndAppend(
      this.eventStore,
      invitationStreamId(token),
      invitationModel,
      (state) =>
        decideCreateInvitation(state, { token, ...limits, createdBy: context.actor, now: context.now }),
      metadataFor(context),
    );
    return { token, url: invitationUrl(pageLinkBase(this.config), token) };
  }

  /**
   * A player's referral link (Invite page): one real invitation per player, issued on the first
   * request and the same on every request after that, however many arrive at once (no limit of
   * uses, no expiry), so a friend can sign up in an invite-only pool. It admits nobody while its
   * player is deactivated or removed. It is listed with the other invitations on the Admin page,
   * where an admin can revoke it; the next request then issues a new one.
   *
   * However many requests race, the token is decided on the member's referral stream at the
   * version read (another app instance that got there first makes the append fail, and the cycle
   * runs again and keeps its token), then the invitation behind it is created if it is not yet, by
   * whichever request comes first (creating it twice changes nothing).
   */
  async referral(context: CommandContext): Promise<CreatedInvitation> {
    const userId = context.actor;
    let token = '';
    await decideAndAppend(
      this.eventStore,
      referralStreamId(userId),
      referralModel,
      async (state) => {
        const current =
          state.token === null
            ? null
            : (await loadAggregate(this.eventStore, invitationStreamId(state.token), invitationModel)).state;
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
    return this.create({ maxUses: null, expiresAt: null }, context, token);
  }

  async revoke(token: string, context: CommandContext): Promise<void> {
    if (!isWellFormedInvitationToken(token))
      throw new DomainError(ErrorCodes.INVITATION_NOT_FOUND, 'There is no such invitation.');
    await decideAndAppend(
      this.eventStore,
      invitationStreamId(token),
      invitationModel,
      (state) => decideRevokeInvitation(state, { token }),
      metadataFor(context),
    );
  }

  /**
   * Mails a fresh single-use invitation link. Without SMTP, or when the mail server refuses, the
   * link is still created, so the admin can copy it and send it another way.
   */
  async send(address: string, inviter: User, context: CommandContext): Promise<MailedInvitation> {
    const email = normalizeEmail(address);
    if (!isPlausibleEmail(email))
      throw new DomainError(ErrorCodes.VALIDATION_FAILED, 'email must be an e-mail address.');
    const expiresAt = new Date(context.now.getTime() + mailedInvitation.days * 24 * 60 * 60_000);
    // PUBLIC_URL, which a pool that mails always has; without mail, maybe a path the web app completes.
    const { url: link } = await this.create({ maxUses: mailedInvitation.maxUses, expiresAt }, context);
    if (!this.mailer.configured) return { link, email, delivery: 'mail-not-set-up' };
    // The pool's `invite` template: user_* is the inviting admin, referral_link the new invitation.
    const mail = await this.queryBus.execute(
      new RenderMailQuery('invite', inviter.id, {
        user_name: userDisplayName(inviter),
        user_email: inviter.email,
        referral_link: link,
        invite_days: String(mailedInvitation.days),
      }),
    );
    try {
      await this.mailer.send({ to: email, subject: mail.subject, text: mail.text });
    } catch (error) {
      this.logger.warn(
        `Invitation mail to ${email} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return { link, email, delivery: 'mail-refused' };
    }
    return { link, email, delivery: 'sent' };
  }
}
