import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AdminUser, CommunityStats, PoolRole, User } from '@treble/contracts';
import { ProjectionEngine } from '../../../projections/projection-engine.js';
import { personColumns, toUser, userColumns, type UserRow } from './user.entity.js';

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
    const rows = await this.dataSource.query<UserRow[]>(
      `SELECT ${personColumns} FROM persons p
         LEFT JOIN memberships m ON m.user_id = p.id AND m.pool_id = current_setting('treble.pool', true)
        WHERE p.id = $1`,
      [userId],
    );
    return rows[0] ? toUser(rows[0]) : null;
  }

  /** Every pool a person is a member of, active or not (the default pool's key is ''). */
  async membershipsOf(userId: string): Promise<{ key: string; isAdmin: boolean; active: boolean }[]> {
    return this.dataSource.query<Array<{ key: string; isAdmin: boolean; active: boolean }>>(
      'SELECT pool_id AS key, is_admin AS "isAdmin", active FROM memberships WHERE user_id = $1 ORDER BY pool_id',
      [userId],
    );
  }

  /** The pools a person is an active member of, with their role. */
  async poolsOf(userId: string): Promise<{ key: string; role: PoolRole }[]> {
    return (await this.membershipsOf(userId))
      .filter((membership) => membership.active)
      .map((membership) => ({ key: membership.key, role: membership.isAdmin ? 'admin' : 'player' }));
  }

  /** How many active members each pool has. */
  async memberCounts(): Promise<Map<string, number>> {
    const rows = await this.dataSource.query<Array<{ key: string; members: string }>>(
      'SELECT pool_id AS key, count(*) AS members FROM memberships WHERE active GROUP BY pool_id',
    );
    return new Map(rows.map((row) => [row.key, Number(row.members)]));
  }

  /**
   * Oldest first (the pool's founder heads the list), with what only admins see: active, entry
   * fee, whether the player has picks.
   */
  async listForAdmins(): Promise<AdminUser[]> {
    await this.engine.showOwnWrites(['users']);
    const rows = await this.dataSource.query<
      Array<UserRow & { active: boolean; feePaidOn: string | null; hasPicked: boolean; erased: boolean }>
    >(
      `SELECT ${userColumns}, u.active, to_char(u.fee_paid_on, 'YYYY-MM-DD') AS "feePaidOn",
              u.has_picked AS "hasPicked", u.erased_as IS NOT NULL AS erased
         FROM users u ORDER BY u.created_at, u.email`,
    );
    return rows.map((row) => ({
      ...toUser(row),
      active: row.active,
      feePaidOn: row.feePaidOn,
      hasPicked: row.hasPicked,
      erased: row.erased,
    }));
  }

  /**
   * Whether the account may sign in: false for an unknown one, and for one deactivated in the
   * default pool (the install's; another pool's admin puts a person out of that pool only).
   */
  async isActive(userId: string): Promise<boolean> {
    const rows = await this.dataSource.query<Array<{ active: boolean }>>(
      `SELECT m.active IS NOT FALSE AS active FROM persons p
         LEFT JOIN memberships m ON m.user_id = p.id AND m.pool_id = ''
        WHERE p.id = $1`,
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
    const [stats] = await this.dataSource.query<CommunityStats[]>(
      `SELECT (SELECT count(*) FROM users)::integer AS "totalUsers",
              (SELECT count(*) FROM users WHERE created_at > $1)::integer AS "joinedThisWeek",
              (SELECT count(*) FROM invitations)::integer AS "invitationsSent",
              (SELECT count(*) FROM invitation_uses)::integer AS "invitationsUsed"`,
      [since],
    );
    return stats!;
  }
}
