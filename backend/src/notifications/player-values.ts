import { Injectable } from '@nestjs/common';
import type { HistoricStanding } from '@treble/contracts';
import { userDisplayName } from '@treble/contracts';
import { InvitationQueries, invitationUrl } from '../accounts/index.js';
import { PoolHistoryService } from '../operations/index.js';
import { Database } from '../platform/database/database.js';
import { NotificationChannels } from './channels.js';

export interface PlayerRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  is_admin: boolean;
}

/** Active members who can be reached (an erased person has no address, docs/adr/017). */
const activePlayers =
  'SELECT u.id::text AS id, u.email, u.first_name, u.last_name, u.is_admin FROM users u WHERE u.active AND u.erased_as IS NULL';

/** Who a notification is for, and the spec's variables every template has for them. */
@Injectable()
export class PlayerValues {
  constructor(
    private readonly database: Database,
    private readonly history: PoolHistoryService,
    private readonly channels: NotificationChannels,
    private readonly invitations: InvitationQueries,
  ) {}

  /** An active player, or null. */
  async player(userId: string): Promise<PlayerRow | null> {
    const { rows } = await this.database.query<PlayerRow>(`${activePlayers} AND u.id = $1`, [userId]);
    return rows[0] ?? null;
  }

  /** The active players, oldest account first; with a period, only those without a pick in it. */
  async active(withoutPicksIn: number | null = null): Promise<PlayerRow[]> {
    const noPicks = `AND NOT EXISTS (SELECT 1 FROM choices c WHERE c.user_id = u.id::text AND c.period_id = $1)`;
    const { rows } = await this.database.query<PlayerRow>(
      `${activePlayers} ${withoutPicksIn === null ? '' : noPicks} ORDER BY u.created_at`,
      withoutPicksIn === null ? [] : [withoutPicksIn],
    );
    return rows;
  }

  /** Overall points and rank after the latest completed matchweek (none before the first completes). */
  async overallStanding(): Promise<Map<string, HistoricStanding>> {
    const { rows } = await this.database.query<{ id: number | null }>(
      'SELECT max(id) AS id FROM periods WHERE is_completed',
    );
    const latest = rows[0]?.id ?? null;
    if (latest === null) return new Map();
    return new Map(
      (await this.history.standingsAsOf(latest, 'overall')).rows.map((row) => [row.userId, row]),
    );
  }

  /** The player's referral link (the Invite page's), or the Invite page where they get one. */
  private async referralLink(userId: string, now: Date): Promise<string> {
    const token = await this.invitations.referralToken(userId, now);
    const base = this.channels.baseUrl();
    return token !== null ? invitationUrl(base, token) : `${base}/invite`;
  }

  /** The spec's variables every template has, for one player. */
  async of(player: PlayerRow, standing: HistoricStanding | undefined, now: Date) {
    return {
      user_name: userDisplayName({
        firstName: player.first_name,
        lastName: player.last_name,
        email: player.email,
      }),
      user_email: player.email,
      user_score: String(standing?.points ?? 0),
      user_rank: standing ? String(standing.rank) : '-',
      referral_link: await this.referralLink(player.id, now),
    };
  }
}
