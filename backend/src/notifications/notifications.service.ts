import { QueryBus } from '@nestjs/cqrs';
import { CurrentSeasonQuery } from '../shared/queries/season-queries.js';
import { PlayedPoolsQuery, type PlayedPool } from '../shared/queries/pool-queries.js';
import { currentPoolKey, inPool } from '../platform/pool-scope/pool-scope.js';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { HistoricStanding, UpcomingNotification } from '@treble/contracts';
import { ErrorCodes } from '@treble/contracts';
import { decideAndAppend } from '../event-store/decide-and-append.js';
import { loadAggregate } from '../event-store/read-stream.js';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port.js';
import { CLOCK, type Clock } from '../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { Database } from '../platform/database/database.js';
import { DomainError } from '../shared/domain/domain-error.js';
import { metadataFor } from '../shared/domain/event.js';
import { forEachPlayer, NotificationChannels, type Outgoing } from './channels.js';
import {
  decideReminders,
  decideResultsDigest,
  dueSlot,
  periodNotificationsModel,
  periodNotificationsStreamId,
  type PeriodNotificationsEvent,
  type PeriodNotificationsState,
} from './domain/period-notifications.js';
import { formatDeadline } from './domain/templates.js';
import { MailTemplates } from './mail-templates.js';
import { NotificationStore } from './notification-store.js';
import { PlayerValues, type PlayerRow } from './player-values.js';
import { post, type Letter } from './post.js';
import { ResultsDigests } from './results-digest.js';
import { PoolSchedules, type OpenPeriod } from './pool-schedules.js';

type DecidedReminders = Extract<PeriodNotificationsEvent, { type: 'ReminderDecided' }>['data'];

const digestWindowMs = 2 * 24 * 3_600_000;

/**
 * Reminders before a matchweek's first deadline and the results digest after it completes, in every
 * pool of the install. What is due is found from each pool's read tables; WHO gets it is decided in
 * the pool's event log (one append per period stream, expected version), so several instances and
 * restarts never send one twice. A person due messages of one kind from several pools at once gets
 * one message naming each (notifications/post.ts).
 */
@Injectable()
export class NotificationsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Notifications');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly database: Database,
    private readonly store: NotificationStore,
    private readonly channels: NotificationChannels,
    private readonly players: PlayerValues,
    private readonly digests: ResultsDigests,
    private readonly templates: MailTemplates,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queryBus: QueryBus,
    private readonly schedules: PoolSchedules,
  ) {}

  /** The period's notifications stream, of the current season: reminders are decided per season's period. */
  private async streamOf(periodId: number): Promise<string> {
    const scope = (await this.queryBus.execute(new CurrentSeasonQuery()))?.scope ?? '';
    return periodNotificationsStreamId(periodId, scope);
  }

  /** Appends what `decide` decides on the period's stream; answers the events appended. */
  private async decideOn(
    periodId: number,
    now: Date,
    correlationId: string,
    decide: (state: PeriodNotificationsState) => PeriodNotificationsEvent[],
  ): Promise<PeriodNotificationsEvent[]> {
    const metadata = metadataFor({ actor: 'system', source: 'system', now, correlationId });
    const stream = await this.streamOf(periodId);
    return (await decideAndAppend(this.eventStore, stream, periodNotificationsModel, decide, metadata))
      .events;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), this.config.notifications.checkSeconds * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.runOnce(this.clock.now())
      .catch((error: unknown) =>
        this.logger.warn(
          `Notification check failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .finally(() => (this.running = null));
    await this.running;
  }

  /** Everything due at `now` in every pool: reminders, then digests of periods completed lately. */
  async runOnce(now: Date): Promise<void> {
    const letters: Letter[] = [];
    for (const pool of await this.queryBus.execute(new PlayedPoolsQuery()))
      await inPool(pool.key, async () => {
        try {
          letters.push(...(await this.reminderLetters(pool, await this.decideDueReminders(now), now)));
          letters.push(...(await this.dueDigestLetters(pool, now)));
        } catch (error) {
          // One pool's trouble (say, a read table being rebuilt) holds up no other pool's messages.
          this.logger.warn(
            `Notification check of pool ${pool.address} failed: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      });
    await post(this.channels, letters, now);
  }

  private openPeriods(now: Date): Promise<OpenPeriod[]> {
    return this.schedules.open(now);
  }

  /** Active players with fewer picks than a period needs. */
  private async playersShortOfPicks(periodId: number): Promise<string[]> {
    const { rows } = await this.database.query<{ id: string }>(
      `SELECT u.id::text AS id FROM users u
       LEFT JOIN choices c ON c.user_id = u.id::text AND c.period_id = $1
       WHERE u.active GROUP BY u.id HAVING count(c.choice_id) < $2 ORDER BY u.id`,
      [periodId, this.config.rules.picksPerPeriod],
    );
    return rows.map((row) => row.id);
  }

  /** The players of `userIds` that e-mail or a push subscription reaches for this kind, as they chose. */
  private async reachable(userIds: readonly string[], kind: 'reminder' | 'results'): Promise<string[]> {
    if (userIds.length === 0) return [];
    const { rows } = await this.database.query<{ id: string }>(
      `SELECT u.id::text AS id FROM users u LEFT JOIN notification_settings s ON s.user_id = u.id
       WHERE u.id::text = ANY($1) AND (
         ($2 AND coalesce(s.${kind}_email, true))
         OR (coalesce(s.${kind}_push, true) AND EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = u.id)))
       ORDER BY u.id`,
      [userIds, this.channels.emailConfigured],
    );
    return rows.map((row) => row.id);
  }

  /** Appends the reminder decisions due now; only what THIS call appended comes back to be sent. */
  async decideDueReminders(now: Date): Promise<DecidedReminders[]> {
    const decided: DecidedReminders[] = [];
    for (const period of await this.openPeriods(now)) {
      const slotHours = dueSlot(period.deadline, now, this.config.notifications.reminderHours);
      if (slotHours === null) continue;
      // Only players some channel reaches: a pool without mail or push decides (and logs) nothing.
      const eligible = await this.reachable(await this.playersShortOfPicks(period.id), 'reminder');
      if (eligible.length === 0) continue;
      const events = await this.decideOn(period.id, now, `reminders-${period.id}-${slotHours}`, (state) =>
        decideReminders(state, { periodId: period.id, slotHours, eligible }),
      );
      for (const event of events) {
        if (event.type === 'ReminderDecided') decided.push(event.data);
      }
    }
    return decided;
  }

  /** The reminders decided in the current pool, one letter per player. */
  private async reminderLetters(
    pool: PlayedPool,
    decided: readonly DecidedReminders[],
    now: Date,
  ): Promise<Letter[]> {
    const letters: Letter[] = [];
    for (const batch of decided) {
      const period = (await this.openPeriods(new Date(0))).find(
        (candidate) => candidate.id === batch.periodId,
      );
      if (!period) continue;
      const standing = await this.players.overallStanding();
      await forEachPlayer(batch.userIds, async (userId) => {
        const player = await this.players.player(userId);
        if (!player) return;
        const settings = await this.store.settings(userId);
        const message = await this.reminderMessage(player, period, settings.timeZone, now, standing);
        letters.push({
          pool,
          recipient: { userId, email: player.email },
          message,
          channels: settings.reminder,
        });
      });
    }
    return letters;
  }

  /** The reminder (template `reminder`): picks made, what is still open, and the deadline in the player's time zone. */
  async reminderMessage(
    player: PlayerRow,
    period: OpenPeriod,
    timeZone: string | null,
    now: Date,
    standing?: Map<string, HistoricStanding>,
  ): Promise<Outgoing> {
    const { rows: picked } = await this.database.query<{ team_name: string }>(
      `SELECT team_name FROM choices WHERE user_id = $1 AND period_id = $2 ORDER BY team_name`,
      [player.id, period.id],
    );
    const { rows: open } = await this.database.query<{
      name: string;
      opponent: string | null;
      lock_at: Date;
    }>(
      `SELECT o.name, o.opponent, o.lock_at FROM options o
       WHERE o.period_id = $1 AND o.lock_at > $2
         AND NOT EXISTS (SELECT 1 FROM choices c WHERE c.user_id = $3 AND c.option_id = o.id)
       ORDER BY o.lock_at, o.sort_order`,
      [period.id, now, player.id],
    );
    const needed = this.config.rules.picksPerPeriod;
    const standings = standing ?? (await this.players.overallStanding());
    const mail = await this.templates.render('reminder', {
      ...(await this.players.of(player, standings.get(player.id), now)),
      period_number: String(period.id),
      period_name: period.name,
      choices_made: String(picked.length),
      picks_needed: String(needed),
      picks_left: String(Math.max(0, needed - picked.length)),
      deadline: formatDeadline(period.deadline, timeZone),
      your_picks: picked.length > 0 ? `Your picks: ${picked.map((row) => row.team_name).join(', ')}.` : '',
      still_open:
        open.length > 0
          ? [
              'Still open:',
              ...open.map(
                (row) =>
                  `- ${row.name}${row.opponent ? ` v ${row.opponent}` : ''} (locks ${formatDeadline(new Date(row.lock_at), timeZone)})`,
              ),
            ].join('\n')
          : '',
    });
    return {
      kind: 'reminder',
      subject: mail.subject,
      text: mail.text,
      url: '/predictions',
      periodId: period.id,
    };
  }

  /** A period with its first deadline (for previews). */
  async period(periodId: number): Promise<OpenPeriod> {
    const { rows } = await this.database.query<{
      id: number;
      name: string;
      deadline: Date | null;
      start_date: Date;
    }>(
      `SELECT p.id, p.name, p.start_date, (SELECT min(o.lock_at) FROM options o WHERE o.period_id = p.id) AS deadline
       FROM periods p WHERE p.id = $1`,
      [periodId],
    );
    const row = rows[0];
    if (!row) throw new DomainError(ErrorCodes.PERIOD_NOT_FOUND, `Period ${periodId} does not exist.`);
    return { id: row.id, name: row.name, deadline: new Date(row.deadline ?? row.start_date) };
  }

  /** What will go out next: each open period's next reminder slot, and to how many players now. */
  async upcoming(now: Date): Promise<UpcomingNotification[]> {
    const upcoming: UpcomingNotification[] = [];
    for (const period of await this.openPeriods(now)) {
      const { state } = await loadAggregate(
        this.eventStore,
        await this.streamOf(period.id),
        periodNotificationsModel,
      );
      const recipients = (await this.playersShortOfPicks(period.id)).length;
      for (const slotHours of this.config.notifications.reminderHours) {
        const at = new Date(period.deadline.getTime() - slotHours * 3_600_000);
        const current = dueSlot(period.deadline, now, this.config.notifications.reminderHours);
        const reminded = (state.reminded.get(slotHours)?.size ?? 0) > 0;
        if (at.getTime() <= now.getTime() && (current !== slotHours || reminded)) continue;
        upcoming.push({
          kind: 'reminder',
          periodId: period.id,
          periodName: period.name,
          slotHours,
          at: at.toISOString(),
          recipients,
        });
      }
    }
    return upcoming.sort((a, b) => a.at.localeCompare(b.at)).slice(0, 10);
  }

  // ---------- Results digest ----------

  private async dueDigestLetters(pool: PlayedPool, now: Date): Promise<Letter[]> {
    const completed = await this.schedules.completed(new Date(now.getTime() - digestWindowMs), now);
    const letters: Letter[] = [];
    for (const id of completed) letters.push(...((await this.digestLetters(pool, id, now)) ?? []));
    return letters;
  }

  /** Decides the current pool's digest of a period once and sends it (false: decided before, or nobody reached). */
  async sendDigest(periodId: number, now: Date): Promise<boolean> {
    const pool = (await this.queryBus.execute(new PlayedPoolsQuery())).find(
      (found) => found.key === currentPoolKey(),
    );
    const letters = pool === undefined ? null : await this.digestLetters(pool, periodId, now);
    if (letters === null) return false;
    await post(this.channels, letters, now);
    return true;
  }

  /** Decides the period's digest once: each player theirs and each admin the summary (null: nothing decided). */
  private async digestLetters(pool: PlayedPool, periodId: number, now: Date): Promise<Letter[] | null> {
    const players = await this.players.active();
    const userIds = players.map((p) => p.id);
    const reached = await this.reachable(userIds, 'results');
    // Nothing reaches anyone (no mail, no push): nothing is decided, so a later channel still can.
    if (reached.length === 0 && !this.channels.emailConfigured) return null;
    const events = await this.decideOn(periodId, now, `digest-${periodId}`, (state) =>
      decideResultsDigest(state, {
        periodId,
        userIds,
        adminIds: players.filter((p) => p.is_admin).map((p) => p.id),
      }),
    );
    if (events.length === 0) return null;
    const digest = await this.digests.build(periodId, now);
    const letters: Letter[] = [];
    await forEachPlayer(players, async (player) => {
      const recipient = { userId: player.id, email: player.email };
      const settings = await this.store.settings(player.id);
      letters.push({ pool, recipient, message: await digest.forPlayer(player), channels: settings.results });
      if (player.is_admin)
        letters.push({ pool, recipient, message: digest.forAdmins, channels: { email: true, push: false } });
    });
    return letters;
  }

  // ---------- Welcome ----------

  /**
   * The spec's variables for one account as things stand: its overall points and rank, the next
   * matchweek to pick in and its picks there, its referral link. Null for an unknown or deactivated account.
   */
  async valuesFor(userId: string, now: Date) {
    const player = await this.players.player(userId);
    if (!player) return null;
    const next = (await this.openPeriods(now))[0];
    const { rows } = await this.database.query<{ n: string }>(
      'SELECT count(*) AS n FROM choices WHERE user_id = $1 AND period_id = $2',
      [userId, next?.id ?? -1],
    );
    return {
      player,
      values: {
        ...(await this.players.of(player, (await this.players.overallStanding()).get(userId), now)),
        period_number: next ? String(next.id) : '-',
        period_name: next?.name ?? 'the next matchweek',
        choices_made: rows[0]?.n ?? '0',
      },
    };
  }
}
