import { Injectable } from '@nestjs/common';
import type { BroadcastRequest, BroadcastResult } from '@treble/contracts';
import { Database } from '../platform/database/database.js';
import { forEachPlayer, NotificationChannels } from './channels.js';
import { PlayerValues } from './player-values.js';

/** One-off messages from the pool host (kind `announcement`), to everyone or to those who have not picked. */
@Injectable()
export class NotificationBroadcasts {
  constructor(
    private readonly database: Database,
    private readonly channels: NotificationChannels,
    private readonly players: PlayerValues,
  ) {}

  async broadcast(request: BroadcastRequest, now: Date): Promise<BroadcastResult> {
    const { rows: current } = await this.database.query<{ id: number }>(
      `SELECT id FROM periods WHERE NOT is_completed ORDER BY start_date LIMIT 1`,
    );
    const periodId = current[0]?.id ?? null;
    const players = await this.players.active(request.audience === 'all' ? null : periodId);
    // Each player's choice for messages from the host, and whether a push subscription reaches them.
    const { rows: choices } = await this.database.query<{
      id: string;
      email: boolean;
      push: boolean;
      subscribed: boolean;
    }>(
      `SELECT u.id::text AS id, coalesce(s.announcement_email, true) AS email, coalesce(s.announcement_push, true) AS push,
              EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = u.id) AS subscribed
       FROM users u LEFT JOIN notification_settings s ON s.user_id = u.id WHERE u.id::text = ANY($1)`,
      [players.map((player) => player.id)],
    );
    const choiceOf = new Map(choices.map((row) => [row.id, row]));
    let recipients = 0;
    let delivered = 0;
    let failed = 0;
    const skipped = { turnedOff: 0, unreachable: 0 };
    await forEachPlayer(players, async (player) => {
      const choice = choiceOf.get(player.id);
      if (!choice || (!choice.email && !choice.push)) {
        skipped.turnedOff++;
        return;
      }
      if (!(choice.email && this.channels.emailConfigured) && !(choice.push && choice.subscribed)) {
        skipped.unreachable++;
        return;
      }
      recipients++;
      const outcome = await this.channels.send(
        { userId: player.id, email: player.email },
        { kind: 'announcement', subject: request.subject, text: request.message, url: '/', periodId: null },
        { email: choice.email, push: choice.push },
        now,
      );
      delivered += outcome.delivered;
      failed += outcome.failed;
    });
    return { recipients, delivered, failed, skipped };
  }
}
