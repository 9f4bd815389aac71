/** Per kind, per channel: what a player receives (Profile page). */
export interface ChannelChoice {
  email: boolean;
  push: boolean;
}

/** `GET/PUT /api/notifications/settings`. */
export interface NotificationSettings {
  /** IANA time zone deadlines are shown in (taken from the browser when none was set). */
  timeZone: string | null;
  reminder: ChannelChoice;
  results: ChannelChoice;
}

/** `GET /api/notifications/push/key`: the pool's VAPID public key (base64url). */
export interface PushKey {
  publicKey: string;
}

/** `POST /api/notifications/push/subscriptions`: a browser's PushSubscription.toJSON(). */
export interface PushSubscriptionRequest {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type NotificationStatus = 'delivered' | 'error';

/** One line of the delivery log (Email Alerts tab). */
export interface NotificationLogEntry {
  id: string;
  userId: string | null;
  recipient: string;
  kind: string;
  channel: 'email' | 'push';
  subject: string;
  periodId: number | null;
  sentAt: string;
  status: NotificationStatus;
  error: string | null;
}

/** What will be sent next (Email Alerts tab). */
export interface UpcomingNotification {
  kind: 'reminder';
  periodId: number;
  periodName: string;
  slotHours: number;
  /** When it goes out. */
  at: string;
  /** Players it would go to if it went out now (active, fewer picks than needed). */
  recipients: number;
}

/** `GET /api/admin/notifications`. */
export interface NotificationsOverview {
  emailConfigured: boolean;
  reminderHours: number[];
  upcoming: UpcomingNotification[];
  log: NotificationLogEntry[];
}

/** `POST /api/admin/notifications/broadcast`: a one-off message. */
export interface BroadcastRequest {
  audience: 'all' | 'not-picked';
  subject: string;
  message: string;
}

export interface BroadcastResult {
  recipients: number;
  delivered: number;
  failed: number;
}
