import { EventStore1764000000000 } from './1764000000000-event-store.js';
import { Projections1764000000001 } from './1764000000001-projections.js';
import { CredentialsAndSessions1764100000000 } from './1764100000000-credentials-and-sessions.js';
import { LiveResultsLease1764300000000 } from './1764300000000-live-results-lease.js';
import { SeveralInstances1764700000000 } from './1764700000000-several-instances.js';
import { PositionsByTransaction1765000000000 } from './1765000000000-positions-by-transaction.js';
import { PasswordResets1765500000001 } from './1765500000001-password-resets.js';
import { Notifications1765500000002 } from './1765500000002-notifications.js';
import { ResultsPolls1765500000003 } from './1765500000003-results-polls.js';
import { NotificationAnnouncements1765500000004 } from './1765500000004-notification-announcements.js';
import { PushSubscriptionUpkeep1765500000022 } from './1765500000022-push-subscription-upkeep.js';
import { ResetLimitsCounted1765500000023 } from './1765500000023-reset-limits-counted.js';
import { DeliveryLogPerPool1765500000024 } from './1765500000024-delivery-log-per-pool.js';
import { LiveScores1765500000025 } from './1765500000025-live-scores.js';
import { PersonalData1765500000026 } from './1765500000026-personal-data.js';

/** Every schema change, in order. Applied at start-up; never `synchronize`. */
export const migrations = [
  EventStore1764000000000,
  Projections1764000000001,
  CredentialsAndSessions1764100000000,
  LiveResultsLease1764300000000,
  SeveralInstances1764700000000,
  PositionsByTransaction1765000000000,
  PasswordResets1765500000001,
  Notifications1765500000002,
  ResultsPolls1765500000003,
  NotificationAnnouncements1765500000004,
  PushSubscriptionUpkeep1765500000022,
  ResetLimitsCounted1765500000023,
  DeliveryLogPerPool1765500000024,
  LiveScores1765500000025,
  PersonalData1765500000026,
];
