import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ErrorCodes, type PersonalDataExport, type PersonalPoolData } from '@treble/contracts';
import { Database } from '../../../platform/database/database.js';
import { inPool } from '../../../platform/pool-scope/pool-scope.js';
import {
  PersonalNotificationsQuery,
  PersonalPicksQuery,
} from '../../../shared/commands/personal-data-commands.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { PlayedPoolsQuery } from '../../../shared/queries/pool-queries.js';
import { UserDirectory } from '../users/user-directory.js';

const iso = (value: Date) => value.toISOString();

/**
 * Everything the install keeps about a person, as they download it (docs/adr/017): the account,
 * and for each pool they are in their membership, picks and standings of every season,
 * notification choices and deliveries, and the invitation links they made; their open sessions.
 * Each context answers for its own part, in the pool's scope.
 */
@Injectable()
export class PersonalDataExporter {
  constructor(
    private readonly database: Database,
    private readonly queryBus: QueryBus,
    private readonly users: UserDirectory,
  ) {}

  async export(userId: string, now: Date): Promise<PersonalDataExport> {
    const account = await this.users.find(userId);
    if (account === null) throw new DomainError(ErrorCodes.USER_NOT_FOUND, 'There is no such user.');
    const memberships = await this.users.membershipsOf(userId);
    const played = await this.queryBus.execute(new PlayedPoolsQuery(true));
    const pools: PersonalPoolData[] = [];
    for (const { key } of memberships) {
      const pool = played.find((candidate) => candidate.key === key);
      const named = pool ? { address: pool.address, name: pool.name } : { address: key, name: key };
      pools.push(await inPool(key, () => this.poolData(userId, named)));
    }
    const { rows: sessions } = await this.database.query<{
      created_at: Date;
      last_seen_at: Date;
      expires_at: Date;
    }>(
      'SELECT created_at, last_seen_at, expires_at FROM user_sessions WHERE user_id = $1 ORDER BY created_at',
      [userId],
    );
    return {
      format: 'treble-personal-data',
      formatVersion: 1,
      exportedAt: iso(now),
      account: {
        id: userId,
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        profileImageUrl: account.profileImageUrl,
        createdAt: account.createdAt,
      },
      pools,
      sessions: sessions.map((row) => ({
        createdAt: iso(row.created_at),
        lastUsedAt: iso(row.last_seen_at),
        expiresAt: iso(row.expires_at),
      })),
    };
  }

  /** The person's part of the current pool. */
  private async poolData(userId: string, pool: { address: string; name: string }): Promise<PersonalPoolData> {
    const { rows: members } = await this.database.query<{
      is_admin: boolean;
      active: boolean;
      created_at: Date;
      fee_paid_on: string | null;
    }>(
      `SELECT is_admin, active, created_at, to_char(fee_paid_on, 'YYYY-MM-DD') AS fee_paid_on
         FROM users WHERE id = $1`,
      [userId],
    );
    const member = members[0];
    const { rows: invitations } = await this.database.query<{
      created_at: Date;
      max_uses: number | null;
      uses: number;
      expires_at: Date | null;
    }>(
      'SELECT created_at, max_uses, uses, expires_at FROM invitations WHERE created_by = $1 ORDER BY created_at',
      [userId],
    );
    const { picks, standings } = await this.queryBus.execute(new PersonalPicksQuery(userId));
    return {
      pool,
      membership: {
        isAdmin: member?.is_admin ?? false,
        active: member?.active ?? false,
        joinedAt: member ? iso(member.created_at) : '',
        feePaidOn: member?.fee_paid_on ?? null,
      },
      picks,
      standings,
      notifications: await this.queryBus.execute(new PersonalNotificationsQuery(userId)),
      invitations: invitations.map((row) => ({
        createdAt: iso(row.created_at),
        maxUses: row.max_uses,
        uses: row.uses,
        expiresAt: row.expires_at && iso(row.expires_at),
      })),
    };
  }
}
