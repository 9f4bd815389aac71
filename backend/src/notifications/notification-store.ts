import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { NotificationLogEntry, NotificationSettings } from '@treble/contracts';
import { Database } from '../platform/database/database.js';
import { isTimeZone } from './domain/templates.js';

interface SettingsRow {
  time_zone: string | null;
  reminder_email: boolean;
  reminder_push: boolean;
  results_email: boolean;
  results_push: boolean;
  announcement_email: boolean;
  announcement_push: boolean;
}

export const notificationKinds = ['reminder', 'results', 'announcement'] as const;
export type NotificationKind = (typeof notificationKinds)[number];
export type Channel = 'email' | 'push';
export type UnsubscribeKind = NotificationKind | 'all';

export interface LogEntry {
  userId: string | null;
  recipient: string;
  kind: string;
  channel: Channel;
  subject: string;
  periodId: number | null;
  sentAt: Date;
  error: string | null;
}

const defaults: NotificationSettings = {
  timeZone: null,
  reminder: { email: true, push: true },
  results: { email: true, push: true },
  announcement: { email: true, push: true },
};

/**
 * What notifications keep outside the event log: each player's choices and time zone, the pool's
 * secrets and the delivery log (their browsers' push subscriptions: PushSubscriptionStore).
 */
@Injectable()
export class NotificationStore {
  constructor(private readonly database: Database) {}

  async settings(userId: string): Promise<NotificationSettings> {
    const { rows } = await this.database.query<SettingsRow>(
      `SELECT time_zone, reminder_email, reminder_push, results_email, results_push, announcement_email, announcement_push
       FROM notification_settings WHERE user_id = $1`,
      [userId],
    );
    const row = rows[0];
    if (!row) return structuredClone(defaults);
    return {
      timeZone: row.time_zone,
      reminder: { email: row.reminder_email, push: row.reminder_push },
      results: { email: row.results_email, push: row.results_push },
      announcement: { email: row.announcement_email, push: row.announcement_push },
    };
  }

  async save(userId: string, settings: NotificationSettings, now: Date): Promise<void> {
    await this.database.query(
      `INSERT INTO notification_settings (user_id, time_zone, reminder_email, reminder_push, results_email, results_push,
         announcement_email, announcement_push, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (user_id) DO UPDATE SET time_zone = EXCLUDED.time_zone, reminder_email = EXCLUDED.reminder_email,
         reminder_push = EXCLUDED.reminder_push, results_email = EXCLUDED.results_email,
         results_push = EXCLUDED.results_push, announcement_email = EXCLUDED.announcement_email,
         announcement_push = EXCLUDED.announcement_push, updated_at = EXCLUDED.updated_at`,
      [
        userId,
        settings.timeZone,
        ...notificationKinds.flatMap((kind) => [settings[kind].email, settings[kind].push]),
        now,
      ],
    );
  }

  /** The browser's time zone, kept only when the player has none yet. */
  async adoptTimeZone(userId: string, timeZone: string, now: Date): Promise<void> {
    if (!isTimeZone(timeZone)) return;
    await this.database.query(
      `INSERT INTO notification_settings (user_id, time_zone, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET time_zone = EXCLUDED.time_zone, updated_at = EXCLUDED.updated_at
       WHERE notification_settings.time_zone IS NULL`,
      [userId, timeZone, now],
    );
  }

  /** A secret of the pool, made once (the first instance to start wins; the others read it). */
  async secret(name: string, create: () => string): Promise<string> {
    await this.database.query(
      'INSERT INTO pool_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
      [name, create()],
    );
    const { rows } = await this.database.query<{ value: string }>(
      'SELECT value FROM pool_secrets WHERE name = $1',
      [name],
    );
    return rows[0]!.value;
  }

  async log(entry: LogEntry): Promise<void> {
    await this.database.query(
      `INSERT INTO notification_log (user_id, recipient, kind, channel, subject, period_id, sent_at, status, error)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        entry.userId,
        entry.recipient,
        entry.kind,
        entry.channel,
        entry.subject,
        entry.periodId,
        entry.sentAt,
        entry.error === null ? 'delivered' : 'error',
        entry.error,
      ],
    );
  }

  /** The latest deliveries, newest first, as the Email Alerts tab lists them. */
  async recentLog(limit: number): Promise<NotificationLogEntry[]> {
    const { rows } = await this.database.query<Omit<NotificationLogEntry, 'sentAt'> & { sentAt: Date }>(
      `SELECT id::text AS id, user_id::text AS "userId", recipient, kind, channel, subject, period_id AS "periodId",
         sent_at AS "sentAt", status, error
       FROM notification_log ORDER BY sent_at DESC, id DESC LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({ ...row, sentAt: new Date(row.sentAt).toISOString() }));
  }
}

/** Unsubscribe links: signed with a pool secret, so they work without signing in and cannot be forged. */
export class UnsubscribeTokens {
  constructor(private readonly key: string) {}

  static newKey(): string {
    return randomBytes(32).toString('base64url');
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url').slice(0, 32);
  }

  sign(userId: string, kind: UnsubscribeKind): string {
    const payload = `${userId}.${kind}`;
    return `${payload}.${this.mac(payload)}`;
  }

  verify(token: string): { userId: string; kind: UnsubscribeKind } | null {
    const match = /^([0-9a-f-]{36})\.(reminder|results|announcement|all)\.([A-Za-z0-9_-]{32})$/.exec(token);
    if (!match) return null;
    const expected = Buffer.from(this.mac(`${match[1]}.${match[2]}`));
    const given = Buffer.from(match[3]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return { userId: match[1]!, kind: match[2] as UnsubscribeKind };
  }
}
