import { Injectable } from '@nestjs/common';
import type { Invitation, InvitationStatus, RegistrationOptions } from '@treble/contracts';
import { DataSource } from 'typeorm';
import { invitationStatus, isWellFormedInvitationToken } from '../../domain/index.js';
import { invitationUrl } from '../../invitation-links.js';
import { InvitationRow } from './invitation.entity.js';

function statusOf(row: InvitationRow, now: Date): InvitationStatus {
  return invitationStatus(
    {
      created: true,
      maxUses: row.maxUses,
      uses: row.uses,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      revoked: row.revokedAt !== null,
    },
    now,
  );
}

/** The invitations read table: the admins' list, and what the registration page may offer. */
@Injectable()
export class InvitationQueries {
  constructor(private readonly dataSource: DataSource) {}

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
