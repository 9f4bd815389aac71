import { Inject, Injectable } from '@nestjs/common';
import {
  CommandHandler,
  QueryBus,
  QueryHandler,
  type ICommandHandler,
  type IQueryHandler,
} from '@nestjs/cqrs';
import { Interval } from '@nestjs/schedule';
import type { ChannelChoice, PersonalPoolData } from '@treble/contracts';
import { CLOCK, type Clock } from '../platform/clock/clock.js';
import { Database } from '../platform/database/database.js';
import { inPool } from '../platform/pool-scope/pool-scope.js';
import {
  ForgetPersonCommand,
  PersonalNotificationsQuery,
} from '../shared/commands/personal-data-commands.js';
import { PlayedPoolsQuery } from '../shared/queries/pool-queries.js';
import { NotificationStore } from './notification-store.js';

/** An erased person's choices, push subscriptions and deliveries go (docs/adr/017). */
@CommandHandler(ForgetPersonCommand)
export class ForgetPersonHandler implements ICommandHandler<ForgetPersonCommand> {
  constructor(private readonly database: Database) {}

  async execute({ userId, email, poolKeys }: ForgetPersonCommand): Promise<void> {
    await this.database.query('DELETE FROM notification_settings WHERE user_id = $1', [userId]);
    await this.database.query('DELETE FROM push_subscriptions WHERE user_id = $1', [userId]);
    // The delivery log is each pool's own (row-level security): deleted pool by pool.
    for (const key of poolKeys)
      await inPool(key, () =>
        this.database.query('DELETE FROM notification_log WHERE user_id = $1 OR lower(recipient) = $2', [
          userId,
          email ?? '',
        ]),
      );
  }
}

/** A kind's channels as one word: `email+push`, `email`, `push` or `off`. */
const channelsOf = (choice: ChannelChoice): string =>
  [choice.email && 'email', choice.push && 'push'].filter(Boolean).join('+') || 'off';

/** A person's notification choices, browsers and deliveries in the current pool, for their export. */
@QueryHandler(PersonalNotificationsQuery)
export class PersonalNotificationsHandler implements IQueryHandler<PersonalNotificationsQuery> {
  constructor(
    private readonly database: Database,
    private readonly store: NotificationStore,
  ) {}

  async execute({ userId }: PersonalNotificationsQuery): Promise<PersonalPoolData['notifications']> {
    const settings = await this.store.settings(userId);
    const { rows: push } = await this.database.query<{ created_at: Date }>(
      'SELECT created_at FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at',
      [userId],
    );
    const { rows: deliveries } = await this.database.query<{ sent_at: Date; kind: string; channel: string }>(
      'SELECT sent_at, kind, channel FROM notification_log WHERE user_id = $1 ORDER BY sent_at, id',
      [userId],
    );
    return {
      // The choices in effect (the defaults until the person changed any).
      settings: {
        timeZone: settings.timeZone,
        reminder: channelsOf(settings.reminder),
        results: channelsOf(settings.results),
        announcement: channelsOf(settings.announcement),
      },
      pushSubscriptions: push.map((row) => ({ createdAt: row.created_at.toISOString() })),
      deliveries: deliveries.map((row) => ({
        sentAt: row.sent_at.toISOString(),
        kind: row.kind,
        channel: row.channel,
      })),
    };
  }
}

/** How long the delivery log keeps an entry (README, "Privacy"). */
export const deliveryLogDays = 180;

/** Deletes, every six hours, deliveries older than `deliveryLogDays` in every pool (archived ones too). */
@Injectable()
export class DeliveryLogRetention {
  constructor(
    private readonly database: Database,
    private readonly queryBus: QueryBus,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Interval('delivery-log-retention', 6 * 3_600_000)
  async sweep(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - deliveryLogDays * 86_400_000);
    let deleted = 0;
    for (const { key } of await this.queryBus.execute(new PlayedPoolsQuery(true))) {
      const { rowCount } = await inPool(key, () =>
        this.database.query('DELETE FROM notification_log WHERE sent_at < $1', [cutoff]),
      );
      deleted += rowCount;
    }
    return deleted;
  }
}
