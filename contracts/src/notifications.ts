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
  /** One-off messages from the pool host. */
  announcement: ChannelChoice;
}

/** `PUT /api/notifications/settings`: a client that predates `announcement` may leave it out (kept as it was). */
export type NotificationSettingsRequest = Omit<NotificationSettings, 'announcement'> & {
  announcement?: ChannelChoice;
};

/** `GET /api/notifications/push/key`: the pool's VAPID public key (base64url). */
export interface PushKey {
  publicKey: string;
}

/** `PUT /api/notifications/time-zone`: the browser's time zone, kept only when the player has none yet. */
export interface TimeZoneRequest {
  timeZone: string;
}

/** `POST /api/notifications/push/subscriptions`: a browser's PushSubscription.toJSON(). */
export interface PushSubscriptionRequest {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** `DELETE /api/notifications/push/subscriptions`: the browser's subscription to drop. */
export interface PushEndpointRequest {
  endpoint: string;
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
  /** Players the message was sent to (on at least one channel). */
  recipients: number;
  delivered: number;
  failed: number;
  /** Players of the audience it was not sent to, and why. */
  skipped: {
    /** They turned off messages from the host on every channel (Profile). */
    turnedOff: number;
    /** They want it, but no channel reaches them (no e-mail on this server, no push subscription). */
    unreachable: number;
  };
}

/** The e-mails the pool writes from an admin-editable template (spec: Email Alerts). */
export const mailTemplateKinds = ['welcome', 'reminder', 'results', 'invite'] as const;
export type MailTemplateKind = (typeof mailTemplateKinds)[number];

/** One template: `{{placeholder}}` is replaced by the recipient's value. */
export interface MailTemplateView {
  kind: MailTemplateKind;
  subject: string;
  text: string;
  /** Placeholders this kind of e-mail fills. */
  placeholders: string[];
  /** False while the pool uses Treble's default wording. */
  customized: boolean;
  /** The default wording (what a reset goes back to). */
  defaultSubject: string;
  defaultText: string;
}

/** `PUT /api/admin/notifications/templates/:kind`. */
export interface MailTemplateRequest {
  subject: string;
  text: string;
}
