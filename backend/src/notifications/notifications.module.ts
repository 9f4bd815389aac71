import { Module } from '@nestjs/common';
import { InvitationQueries } from '../accounts/index.js';
import { PoolHistoryService } from '../operations/index.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { createMailer, MAILER } from '../platform/mail/mailer.js';
import { NotificationBroadcasts } from './broadcasts.js';
import { NotificationChannels } from './channels.js';
import { NotificationStore } from './notification-store.js';
import { NotificationsController } from './notifications.http.controller.js';
import { PoolSchedules } from './pool-schedules.js';
import { NotificationsService } from './notifications.service.js';
import { PushSender } from './push-sender.js';
import { PushSubscriptionStore } from './push-subscription-store.js';
import { PushController } from './push.http.controller.js';
import { PlayerValues } from './player-values.js';
import { ResultsDigests } from './results-digest.js';
import { MailTemplates } from './mail-templates.js';
import { RenderMailHandler, SendWelcomeMailHandler } from './mail.handlers.js';
import {
  DeliveryLogRetention,
  ForgetPersonHandler,
  PersonalNotificationsHandler,
} from './personal-data.handlers.js';

/** Reminders, results digests and one-off messages by e-mail and Web Push. */
@Module({
  controllers: [NotificationsController, PushController],
  providers: [
    {
      provide: MAILER,
      useFactory: (config: AppConfig) => createMailer(config.accounts),
      inject: [APP_CONFIG],
    },
    PoolHistoryService,
    InvitationQueries,
    NotificationStore,
    NotificationChannels,
    PushSubscriptionStore,
    PushSender,
    PlayerValues,
    ResultsDigests,
    NotificationsService,
    PoolSchedules,
    NotificationBroadcasts,
    MailTemplates,
    RenderMailHandler,
    SendWelcomeMailHandler,
    ForgetPersonHandler,
    PersonalNotificationsHandler,
    DeliveryLogRetention,
  ],
  exports: [NotificationsService],
})
export class NotificationsModule {}
