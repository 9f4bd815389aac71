import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import pLimit from 'p-limit';
import webpush from 'web-push';
import { pageLinkBase } from '../accounts/index.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { MAILER, type Mailer } from '../platform/mail/mailer.js';
import { currentPoolKey, DEFAULT_POOL_KEY, inPool } from '../platform/pool-scope/pool-scope.js';
import { PlayedPoolsQuery } from '../shared/queries/pool-queries.js';
import { poolPage } from './domain/bundles.js';
import { textToHtml } from './domain/templates.js';
import { PushSender, type PushKeys } from './push-sender.js';
import {
  NotificationStore,
  UnsubscribeTokens,
  type Channel,
  type UnsubscribeKind,
} from './notification-store.js';

/** Players one delivery (reminders, digest, message) serves at once: a slow one holds up no one else. */
export const playersAtOnce = 8;

export function forEachPlayer<T>(players: readonly T[], deliver: (player: T) => Promise<void>) {
  return pLimit(playersAtOnce).map(players, deliver);
}

export interface Recipient {
  userId: string;
  email: string;
}

/** One notification for one player, on the channels they chose. */
export interface Outgoing {
  kind: 'reminder' | 'results' | 'announcement' | 'welcome';
  subject: string;
  text: string;
  /** The page a push notification opens (path of the web app, in the pool of the work that sends it). */
  url: string;
  periodId: number | null;
  /** The pools a message is about, its url already theirs (notifications/post.ts): logged in each. */
  pools?: { key: string; periodId: number | null }[];
}

/**
 * E-mail (nodemailer, SMTP_URL) with text and HTML parts and an unsubscribe link that works
 * without signing in; and Web Push (see PushSender). Every attempt is logged with its outcome.
 */
@Injectable()
export class NotificationChannels {
  private readonly logger = new Logger('Notifications');
  private keys: Promise<{ vapid: PushKeys; unsubscribe: UnsubscribeTokens }> | null = null;

  constructor(
    private readonly store: NotificationStore,
    private readonly push: PushSender,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queryBus: QueryBus,
  ) {}

  get emailConfigured(): boolean {
    return this.mailer.configured;
  }

  /** The pool's keys, made on first start and kept in the database (or VAPID_* from the environment). */
  secrets() {
    this.keys ??= (async () => {
      const { vapidPublicKey, vapidPrivateKey } = this.config.notifications;
      const vapid: PushKeys =
        vapidPublicKey !== null && vapidPrivateKey !== null
          ? { publicKey: vapidPublicKey, privateKey: vapidPrivateKey }
          : (JSON.parse(
              await this.store.secret('vapid', () => JSON.stringify(webpush.generateVAPIDKeys())),
            ) as PushKeys);
      const unsubscribe = new UnsubscribeTokens(
        await this.store.secret('unsubscribe', UnsubscribeTokens.newKey),
      );
      return { vapid, unsubscribe };
    })();
    return this.keys;
  }

  /**
   * Where links point: PUBLIC_URL, the accounts context's one rule (`pageLinkBase`). E-mail needs
   * SMTP_URL, which the configuration refuses without PUBLIC_URL, so an e-mail's links are whole.
   */
  baseUrl(): string {
    return pageLinkBase(this.config);
  }

  async unsubscribeUrl(userId: string, kind: UnsubscribeKind): Promise<string> {
    const { unsubscribe } = await this.secrets();
    return `${this.baseUrl()}/api/notifications/unsubscribe?token=${encodeURIComponent(unsubscribe.sign(userId, kind))}`;
  }

  /** A message's page in the pool of the work that sends it (`/p/{address}/…` but in the default pool). */
  private async inThisPool(message: Outgoing): Promise<Outgoing> {
    const key = currentPoolKey();
    if (message.pools !== undefined || key === DEFAULT_POOL_KEY) return message;
    const pool = (await this.queryBus.execute(new PlayedPoolsQuery())).find((found) => found.key === key);
    return pool === undefined ? message : { ...message, url: poolPage(pool, message.url) };
  }

  /** Sends on the chosen channels; returns how many deliveries failed. */
  async send(
    recipient: Recipient,
    outgoing: Outgoing,
    channels: { email: boolean; push: boolean },
    now: Date,
  ) {
    const message = await this.inThisPool(outgoing);
    const outcomes = [
      ...(channels.email && this.mailer.configured ? [await this.sendEmail(recipient, message, now)] : []),
      ...(channels.push ? await this.sendPush(recipient, message, now) : []),
    ];
    const delivered = outcomes.filter((ok) => ok).length;
    return { delivered, failed: outcomes.length - delivered };
  }

  private async sendEmail(recipient: Recipient, message: Outgoing, now: Date): Promise<boolean> {
    // A welcome goes once: its footer points to the choices instead of an unsubscribe link.
    const unsubscribe =
      message.kind === 'welcome' ? null : await this.unsubscribeUrl(recipient.userId, message.kind);
    const what = {
      reminder: 'reminders',
      results: 'results',
      announcement: 'messages from the pool host',
      welcome: '',
    }[message.kind];
    const footer =
      unsubscribe === null
        ? `Choose what the pool sends you: ${this.baseUrl()}/profile`
        : `Stop these e-mails (${what}): ${unsubscribe}`;
    const text = `${message.text}\n\n${this.baseUrl()}${message.url}\n\n--\n${footer}`;
    let error: string | null = null;
    try {
      await this.mailer.send({
        to: recipient.email,
        subject: message.subject,
        text,
        html: textToHtml(text),
        ...(unsubscribe === null ? {} : { headers: { 'List-Unsubscribe': `<${unsubscribe}>` } }),
      });
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
      this.logger.warn(`E-mail to ${recipient.email} failed: ${error}`);
    }
    await this.log(recipient, message, 'email', recipient.email, now, error);
    return error === null;
  }

  private async sendPush(recipient: Recipient, message: Outgoing, now: Date): Promise<boolean[]> {
    const { vapid } = await this.secrets();
    const payload = JSON.stringify({
      title: message.subject,
      body: message.text,
      url: message.url,
      kind: message.kind,
    });
    const outcomes = await this.push.send(recipient.userId, payload, vapid);
    for (const { host, error } of outcomes) {
      if (error !== null) this.logger.warn(`Push to ${recipient.email} failed: ${error}`);
      await this.log(recipient, message, 'push', host, now, error);
    }
    return outcomes.map((outcome) => outcome.error === null);
  }

  /** Logs a delivery in the pool it was about, or in each pool a message names. */
  private async log(
    recipient: Recipient,
    message: Outgoing,
    channel: Channel,
    to: string,
    now: Date,
    error: string | null,
  ) {
    const pools = message.pools ?? [{ key: currentPoolKey(), periodId: message.periodId }];
    for (const { key, periodId } of pools)
      await inPool(key, () =>
        this.store.log({
          userId: recipient.userId,
          recipient: channel === 'email' ? to : `${recipient.email} (push: ${to})`,
          kind: message.kind,
          channel,
          subject: message.subject,
          periodId,
          sentAt: now,
          error,
        }),
      );
  }
}
