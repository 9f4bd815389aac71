import { Inject, Injectable } from '@nestjs/common';
import type { Invitation, InvitationStatus, RegistrationOptions } from '@treble/contracts';
import { DataSource } from 'typeorm';
import { EVENT_STORE, type EventStore } from '../../../event-store/event-store.port.js';
import { loadAggregate, scanEvents } from '../../../event-store/read-stream.js';
import {
  invitationModel,
  invitationStatus,
  invitationStreamId,
  isWellFormedInvitationToken,
  referralModel,
  referralStreamId,
  type InvitationEvent,
} from '../../domain/index.js';
import { invitationUrl } from '../../invitation-links.js';
import { currentPoolKey, DEFAULT_POOL_KEY } from '../../../platform/pool-scope/pool-scope.js';
import { InvitationRow } from './invitation.entity.js';

function statusOf(row: InvitationRow, now: Date): InvitationStatus {
  const expiresAt = row.expiresAt?.toISOString() ?? null;
  return invitationStatus({ ...row, created: true, expiresAt, revoked: row.revokedAt !== null }, now);
}

/** The invitations read table: the admins' list, and what the registration page may offer. */
@Injectable()
export class InvitationQueries {
  /** Unlimited, never-expiring links by creator, newest first, read from the log up to `after`. */
  private readonly openLinks = { after: 0n, byCreator: new Map<string, string[]>() };

  constructor(
    private readonly dataSource: DataSource,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  /**
   * A player's referral link (the Invite page's, the e-mails' `{{referral_link}}`): the token on
   * their referral stream while its invitation is valid, else a link they made before referral
   * links had a stream of their own, else null.
   */
  async referralToken(userId: string, now: Date): Promise<string | null> {
    const { token } = (await loadAggregate(this.eventStore, referralStreamId(userId), referralModel)).state;
    if (token !== null && (await this.reusable(token, userId, now))) return token;
    // Links from before referral streams are the default pool's: no other pool is that old.
    return currentPoolKey() === DEFAULT_POOL_KEY ? this.earlierReferralToken(userId, now) : null;
  }

  /**
   * The newest reusable, never-expiring link a player made before referral links had a stream of
   * their own (found in the log; its stream confirms it is still theirs and valid), or null.
   */
  async earlierReferralToken(userId: string, now: Date): Promise<string | null> {
    this.openLinks.after = await scanEvents<Extract<InvitationEvent, { type: 'InvitationCreated' }>>(
      this.eventStore,
      ['InvitationCreated'],
      ({ data }) => {
        if (data.maxUses !== null || data.expiresAt !== null) return;
        const mine = this.openLinks.byCreator.get(data.createdBy) ?? [];
        if (!mine.includes(data.token)) this.openLinks.byCreator.set(data.createdBy, [data.token, ...mine]);
      },
      this.openLinks.after,
    );
    for (const token of this.openLinks.byCreator.get(userId) ?? []) {
      if (await this.reusable(token, userId, now)) return token;
    }
    return null;
  }

  private async reusable(token: string, userId: string, now: Date): Promise<boolean> {
    const invitation = (await loadAggregate(this.eventStore, invitationStreamId(token), invitationModel))
      .state;
    return (
      invitation.createdBy === userId &&
      invitation.maxUses === null &&
      invitationStatus(invitation, now) === 'valid'
    );
  }

  /** Newest first, each link under `base` (see `pageLinkBase`). */
  async list(base: string, now: Date): Promise<Invitation[]> {
    const rows = await this.dataSource
      .getRepository(InvitationRow)
      .find({ order: { createdAt: 'DESC', token: 'ASC' } });
    return rows.map((row) => ({
      token: row.token,
      url: invitationUrl(base, row.token),
      maxUses: row.maxUses,
      uses: row.uses,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      revokedAt: row.revokedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy,
      status: statusOf(row, now) as Invitation['status'],
    }));
  }

  /**
   * Whether this is the first account, and the status of the invitation named (a valid link of a
   * deactivated member is `suspended`: registration through it is refused until they are back).
   */
  async registration(
    invite: string | undefined,
    now: Date,
  ): Promise<Pick<RegistrationOptions, 'firstAccount' | 'invitation'>> {
    const admins = await this.dataSource.query<unknown[]>('SELECT 1 FROM user_admins LIMIT 1');
    const firstAccount = admins.length === 0;
    if (typeof invite !== 'string' || invite === '') return { firstAccount, invitation: null };
    const row = isWellFormedInvitationToken(invite)
      ? await this.dataSource.getRepository(InvitationRow).findOneBy({ token: invite })
      : null;
    const status = row ? statusOf(row, now) : 'unknown';
    if (status !== 'valid') return { firstAccount, invitation: { status } };
    const inactive = await this.dataSource.query<unknown[]>(
      'SELECT 1 FROM users WHERE id = $1 AND NOT active',
      [row!.createdBy],
    );
    return { firstAccount, invitation: { status: inactive.length > 0 ? 'suspended' : 'valid' } };
  }
}
