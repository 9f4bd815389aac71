import { Injectable } from '@nestjs/common';
import { Database } from '../platform/database/database.js';

/** The browsers one player may have subscribed at once; an 11th pushes out their oldest. */
export const pushSubscriptionsPerPlayer = 10;

export interface PushSubscriptionRow {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
}

type NewPushSubscription = Omit<PushSubscriptionRow, 'user_id'>;

/** Each player's browsers' push subscriptions (kept outside the event log, like their choices). */
@Injectable()
export class PushSubscriptionStore {
  constructor(private readonly database: Database) {}

  /**
   * Registers a browser for the player, or takes its new keys when it is theirs already. Under the
   * player's lock, in one transaction: parallel registrations never leave more than the cap. An
   * endpoint another player registered stays theirs: `'taken'`.
   */
  register(userId: string, subscription: NewPushSubscription, now: Date): Promise<'registered' | 'taken'> {
    return this.database.transaction(async (sql) => {
      await sql.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `push-subscriptions:${userId}`,
      ]);
      const { rows } = await sql.query(
        `INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (endpoint) DO UPDATE SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth
           WHERE push_subscriptions.user_id = EXCLUDED.user_id
         RETURNING endpoint`,
        [subscription.endpoint, userId, subscription.p256dh, subscription.auth, now],
      );
      if (rows.length === 0) return 'taken';
      await sql.query(
        `DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint NOT IN (
           SELECT endpoint FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, seq DESC LIMIT $2)`,
        [userId, pushSubscriptionsPerPlayer],
      );
      return 'registered';
    });
  }

  /** Forgets one of the player's browsers; false when the player has no such subscription. */
  async unregister(userId: string, endpoint: string): Promise<boolean> {
    const { rowCount } = await this.database.query(
      'DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2',
      [userId, endpoint],
    );
    return rowCount > 0;
  }

  /** The player's subscriptions, oldest first. */
  async of(userId: string): Promise<PushSubscriptionRow[]> {
    const { rows } = await this.database.query<PushSubscriptionRow>(
      `SELECT endpoint, user_id::text AS user_id, p256dh, auth FROM push_subscriptions
       WHERE user_id = $1 ORDER BY created_at, seq`,
      [userId],
    );
    return rows;
  }

  async drop(endpoint: string): Promise<void> {
    await this.database.query('DELETE FROM push_subscriptions WHERE endpoint = $1', [endpoint]);
  }

  async noteDelivered(endpoint: string): Promise<void> {
    await this.database.query(
      'UPDATE push_subscriptions SET failures = 0 WHERE endpoint = $1 AND failures > 0',
      [endpoint],
    );
  }

  /** Counts a failed send; at `limit` failures in a row the subscription is dropped (true). */
  async noteFailure(endpoint: string, limit: number): Promise<boolean> {
    const { rows } = await this.database.query<{ failures: number }>(
      'UPDATE push_subscriptions SET failures = failures + 1 WHERE endpoint = $1 RETURNING failures',
      [endpoint],
    );
    if ((rows[0]?.failures ?? 0) < limit) return false;
    await this.drop(endpoint);
    return true;
  }
}
