import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AdminUser, CommunityStats, User } from '@treble/contracts';
import { ProjectionEngine } from '../../../projections/projection-engine.js';
import { toUser, UserRow } from './user.entity.js';

/** Reads accounts from the `users` read table. */
@Injectable()
export class UserDirectory {
  constructor(
    private readonly dataSource: DataSource,
    private readonly engine: ProjectionEngine,
  ) {}

  /** One account; inside a command request (sign-up, a profile change), once the table shows it. */
  async find(userId: string): Promise<User | null> {
    await this.engine.showOwnWrites(['users']);
    const row = await this.dataSource.getRepository(UserRow).findOneBy({ id: userId });
    return row ? toUser(row) : null;
  }

  /** Oldest first: the pool's founder heads the list. */
  async list(): Promise<User[]> {
    const rows = await this.dataSource
      .getRepository(UserRow)
      .find({ order: { createdAt: 'ASC', email: 'ASC' } });
    return rows.map(toUser);
  }

  /** Oldest first, with what only admins see: active, entry fee, whether the player has picks. */
  async listForAdmins(): Promise<AdminUser[]> {
    await this.engine.showOwnWrites(['users']);
    const rows = await this.dataSource.query<
      Array<{ id: string; active: boolean; fee_paid_on: string | null; has_picked: boolean }>
    >(
      `SELECT u.id::text AS id, u.active, to_char(u.fee_paid_on, 'YYYY-MM-DD') AS fee_paid_on,
              u.has_picked
       FROM users u`,
    );
    const extra = new Map(rows.map((row) => [row.id, row]));
    return (await this.list()).map((user) => {
      const row = extra.get(user.id);
      return {
        ...user,
        active: row?.active ?? true,
        feePaidOn: row?.fee_paid_on ?? null,
        hasPicked: row?.has_picked ?? false,
      };
    });
  }

  /** Whether the account may sign in (false for a deactivated or unknown one). */
  async isActive(userId: string): Promise<boolean> {
    const rows = await this.dataSource.query<Array<{ active: boolean }>>(
      'SELECT active FROM users WHERE id = $1',
      [userId],
    );
    return rows[0]?.active === true;
  }

  /** The accounts that are admins now and may sign in. */
  async activeAdminIds(): Promise<string[]> {
    const rows = await this.dataSource.query<Array<{ id: string }>>(
      'SELECT id::text AS id FROM users WHERE is_admin AND active',
    );
    return rows.map((row) => row.id);
  }

  /** The pool's growth figures: accounts, those made since `since`, invitation links and their uses. */
  async communityStats(since: Date): Promise<CommunityStats> {
    const rows = await this.dataSource.query<
      { total_users: number; joined_this_week: number; invitations_sent: number; invitations_used: number }[]
    >(
      `SELECT (SELECT count(*) FROM users)::integer AS total_users,
              (SELECT count(*) FROM users WHERE created_at > $1)::integer AS joined_this_week,
              (SELECT count(*) FROM invitations)::integer AS invitations_sent,
              (SELECT count(*) FROM invitation_uses)::integer AS invitations_used`,
      [since],
    );
    const row = rows[0];
    return {
      totalUsers: row?.total_users ?? 0,
      joinedThisWeek: row?.joined_this_week ?? 0,
      invitationsSent: row?.invitations_sent ?? 0,
      invitationsUsed: row?.invitations_used ?? 0,
    };
  }
}
