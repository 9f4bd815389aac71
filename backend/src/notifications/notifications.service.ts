import { QueryBus } from '@nestjs/cqrs';
import { CurrentSeasonQuery } from '../shared/queries/season-queries.js';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type {
  BroadcastRequest,
  BroadcastResult,
  HistoricStanding,
  LeaderboardKind,
  UpcomingNotification,
} from '@treble/contracts';
import { ErrorCodes, userDisplayName } from '@treble/contracts';
import { decideAndAppend } from '../event-store/decide-and-append.js';
import { loadAggregate } from '../event-store/read-stream.js';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port.js';
import { PoolHistoryService } from '../operations/pool-history.service.js';
import { CLOCK, type Clock } from '../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { Database } from '../platform/database/database.js';
import { DomainError } from '../shared/domain/domain-error.js';
import { metadataFor } from '../shared/domain/event.js';
import { NotificationChannels, type Outgoing } from './channels.js';
import {
  decideReminders,
  decideResultsDigest,
  dueSlot,
  periodNotificationsModel,
  periodNotificationsStreamId,
} from './domain/period-notifications.js';
import { invitationUrl } from '../accounts/invitation-links.js';
import { formatDeadline } from './domain/templates.js';
import { MailTemplates } from './mail-templates.js';
import { NotificationStore } from './notification-store.js';

interface PlayerRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  is_admin: boolean;
}

interface OpenPeriod {
  id: number;
  name: string;
  deadline: Date;
}

export interface DecidedReminders {
  periodId: number;
  slotHours: number;
  userIds: string[];
}

const digestWindowMs = 2 * 24 * 3_600_000;

/**
 * Reminders before a matchweek's first deadline and the results digest after it completes. What is
 * due is found from the read tables; WHO gets it is decided in the event log (one append per
 * period stream, expected version), so several instances and restarts never send one twice.
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
    private readonly history: PoolHistoryService,
    private readonly templates: MailTemplates,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queryBus: QueryBus,
  ) {}

  /** The scope of the current season's streams: reminders are decided per season's period. */
  private async scope(): Promise<string> {
    return (await this.queryBus.execute(new CurrentSeasonQuery()))?.scope ?? '';
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

  /** Everything due at `now`: reminders, then digests of periods completed lately. */
  async runOnce(now: Date): Promise<void> {
    await this.deliverReminders(await this.decideDueReminders(now), now);
    await this.sendDueDigests(now);
  }

  private async openPeriods(now: Date): Promise<OpenPeriod[]> {
    const { rows } = await this.database.query<{ id: number; name: string; deadline: Date }>(
      `SELECT p.id, p.name, min(o.lock_at) AS deadline
       FROM periods p JOIN options o ON o.period_id = p.id
       WHERE NOT p.is_completed AND o.lock_at IS NOT NULL
       GROUP BY p.id, p.name HAVING min(o.lock_at) > $1 ORDER BY min(o.lock_at)`,
      [now],
    );
    return rows.map((row) => ({ id: row.id, name: row.name, deadline: new Date(row.deadline) }));
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
      const { events } = await decideAndAppend(
        this.eventStore,
        periodNotificationsStreamId(period.id, await this.scope()),
        periodNotificationsModel,
        (state) => decideReminders(state, { periodId: period.id, slotHours, eligible }),
        metadataFor({
          actor: 'system',
          source: 'system',
          now,
          correlationId: `reminders-${period.id}-${slotHours}`,
        }),
      );
      for (const event of events) {
        if (event.type === 'ReminderDecided') decided.push(event.data);
      }
    }
    return decided;
  }

  async deliverReminders(decided: readonly DecidedReminders[], now: Date): Promise<void> {
    for (const batch of decided) {
      const period = (await this.openPeriods(new Date(0))).find(
        (candidate) => candidate.id === batch.periodId,
      );
      if (!period) continue;
      const standing = await this.overallStanding();
      for (const userId of batch.userIds) {
        const player = await this.player(userId);
        if (!player) continue;
        const settings = await this.store.settings(userId);
        const message = await this.reminderMessage(player, period, settings.timeZone, now, standing);
        await this.channels.send({ userId, email: player.email }, message, settings.reminder, now);
      }
    }
  }

  private async player(userId: string): Promise<PlayerRow | null> {
    const { rows } = await this.database.query<PlayerRow>(
      'SELECT id::text AS id, email, first_name, last_name, is_admin FROM users WHERE id = $1 AND active',
      [userId],
    );
    return rows[0] ?? null;
  }

  /** Overall points and rank after the latest completed matchweek (none before the first completes). */
  async overallStanding(): Promise<Map<string, HistoricStanding>> {
    const { rows } = await this.database.query<{ id: number | null }>(
      'SELECT max(id) AS id FROM periods WHERE is_completed',
    );
    const latest = rows[0]?.id ?? null;
    if (latest === null) return new Map();
    return new Map(
      (await this.history.standingsAsOf(latest, 'overall')).rows.map((row) => [row.userId, row]),
    );
  }

  /** The player's own reusable invitation link, or the Invite page where they get one. */
  private async referralLink(userId: string, now: Date): Promise<string> {
    const { rows } = await this.database.query<{ token: string }>(
      `SELECT token FROM invitations
        WHERE created_by::text = $1 AND revoked_at IS NULL AND max_uses IS NULL AND (expires_at IS NULL OR expires_at > $2)
        ORDER BY created_at DESC LIMIT 1`,
      [userId, now],
    );
    const base = this.channels.baseUrl();
    return rows[0] ? invitationUrl(base, rows[0].token) : `${base}/invite`;
  }

  /** The spec's variables every template has, for one player. */
  private async playerValues(player: PlayerRow, standing: HistoricStanding | undefined, now: Date) {
    return {
      user_name: userDisplayName({
        firstName: player.first_name,
        lastName: player.last_name,
        email: player.email,
      }),
      user_email: player.email,
      user_score: String(standing?.points ?? 0),
      user_rank: standing ? String(standing.rank) : '-',
      referral_link: await this.referralLink(player.id, now),
    };
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
    const standings = standing ?? (await this.overallStanding());
    const mail = await this.templates.render('reminder', {
      ...(await this.playerValues(player, standings.get(player.id), now)),
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
        periodNotificationsStreamId(period.id, await this.scope()),
        periodNotificationsModel,
      );
      const recipients = (await this.playersShortOfPicks(period.id)).length;
      for (const slotHours of this.config.notifications.reminderHours) {
        const at = new Date(period.deadline.getTime() - slotHours * 3_600_000);
        const current = dueSlot(period.deadline, now, this.config.notifications.reminderHours);
        if (at.getTime() <= now.getTime() && current !== slotHours) continue;
        if ((state.reminded.get(slotHours)?.size ?? 0) > 0 && at.getTime() <= now.getTime()) continue;
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

  private async sendDueDigests(now: Date): Promise<void> {
    const { rows } = await this.database.query<{ id: number }>(
      `SELECT id FROM periods WHERE is_completed AND completed_at > $1 AND completed_at <= $2 ORDER BY id`,
      [new Date(now.getTime() - digestWindowMs), now],
    );
    for (const { id } of rows) await this.sendDigest(id, now);
  }

  /** Decides the period's digest once, then sends each player theirs and each admin the summary. */
  async sendDigest(periodId: number, now: Date): Promise<boolean> {
    const { rows: players } = await this.database.query<PlayerRow>(
      'SELECT id::text AS id, email, first_name, last_name, is_admin FROM users WHERE active ORDER BY created_at',
    );
    const reached = await this.reachable(
      players.map((p) => p.id),
      'results',
    );
    // Nothing reaches anyone (no mail, no push): nothing is decided, so a later channel still can.
    if (reached.length === 0 && !this.channels.emailConfigured) return false;
    const { events } = await decideAndAppend(
      this.eventStore,
      periodNotificationsStreamId(periodId, await this.scope()),
      periodNotificationsModel,
      (state) =>
        decideResultsDigest(state, {
          periodId,
          userIds: players.map((p) => p.id),
          adminIds: players.filter((p) => p.is_admin).map((p) => p.id),
        }),
      metadataFor({ actor: 'system', source: 'system', now, correlationId: `digest-${periodId}` }),
    );
    if (events.length === 0) return false;
    const digest = await this.digest(periodId, now);
    for (const player of players) {
      const settings = await this.store.settings(player.id);
      await this.channels.send(
        { userId: player.id, email: player.email },
        await digest.forPlayer(player),
        settings.results,
        now,
      );
      if (player.is_admin) {
        await this.channels.send(
          { userId: player.id, email: player.email },
          digest.forAdmins,
          { email: true, push: false },
          now,
        );
      }
    }
    return true;
  }

  /** The digest of a completed period: each player's points, rank movement and survivor status; the admins' summary. */
  async digest(periodId: number, now: Date = this.clock.now()) {
    const { rows: periodRows } = await this.database.query<{ name: string }>(
      'SELECT name FROM periods WHERE id = $1',
      [periodId],
    );
    const periodName = periodRows[0]?.name;
    if (periodName === undefined)
      throw new DomainError(ErrorCodes.PERIOD_NOT_FOUND, `Period ${periodId} does not exist.`);
    const { rows: previousRows } = await this.database.query<{ id: number }>(
      'SELECT max(id) AS id FROM periods WHERE is_completed AND id < $1',
      [periodId],
    );
    const previousId = previousRows[0]?.id ?? null;
    const kinds: LeaderboardKind[] = ['overall', 'survivor', 'last10'];
    const after = new Map<LeaderboardKind, Map<string, HistoricStanding>>();
    const before = new Map<LeaderboardKind, Map<string, HistoricStanding>>();
    for (const kind of kinds) {
      const rows = (await this.history.standingsAsOf(periodId, kind)).rows;
      after.set(kind, new Map(rows.map((row) => [row.userId, row])));
      const earlier = previousId === null ? [] : (await this.history.standingsAsOf(previousId, kind)).rows;
      before.set(kind, new Map(earlier.map((row) => [row.userId, row])));
    }
    const { rows: scores } = await this.database.query<{ user_id: string; points: number; picks: number }>(
      'SELECT user_id, points, picks FROM period_scores WHERE period_id = $1',
      [periodId],
    );
    const points = new Map(scores.map((row) => [row.user_id, row]));
    const { rows: attention } = await this.database.query<{ missing: string; pending: string }>(
      `SELECT (SELECT count(*) FROM options o WHERE o.period_id = $1 AND o.fixture_id IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM results r WHERE r.option_id = o.id)) AS missing,
              (SELECT count(*) FROM pending_results p WHERE p.period_id = $1) AS pending`,
      [periodId],
    );
    const { rows: noPicks } = await this.database.query<PlayerRow>(
      `SELECT u.id::text AS id, u.email, u.first_name, u.last_name, u.is_admin FROM users u
       WHERE u.active AND NOT EXISTS (SELECT 1 FROM choices c WHERE c.user_id = u.id::text AND c.period_id = $1)
       ORDER BY u.created_at`,
      [periodId],
    );
    const label: Record<LeaderboardKind, string> = {
      overall: 'Overall',
      survivor: 'Survivor',
      last10: 'Last 10',
    };

    // The player's digest (template `results`): user_score is the matchweek's points, user_rank the overall rank after it.
    const forPlayer = async (player: PlayerRow): Promise<Outgoing> => {
      const score = points.get(player.id);
      const lines: string[] = [];
      for (const kind of kinds) {
        const now = after.get(kind)!.get(player.id);
        if (!now) continue;
        const then = before.get(kind)!.get(player.id);
        const move =
          then === undefined
            ? 'new'
            : then.rank === now.rank
              ? 'no change'
              : then.rank > now.rank
                ? `up ${then.rank - now.rank} from ${then.rank}`
                : `down ${now.rank - then.rank} from ${then.rank}`;
        let line = `${label[kind]}: rank ${now.rank} (${move}), ${now.points} points`;
        if (kind === 'survivor') {
          line += now.isEliminated
            ? `; eliminated in period ${now.eliminatedInPeriod}`
            : `; still in, ${now.strikeCount ?? 0} strike${now.strikeCount === 1 ? '' : 's'}`;
        }
        lines.push(line);
      }
      const values = await this.playerValues(player, after.get('overall')!.get(player.id), now);
      const mail = await this.templates.render('results', {
        ...values,
        user_score: String(score?.points ?? 0),
        period_number: String(periodId),
        period_name: periodName,
        choices_made: String(score?.picks ?? 0),
        standings: lines.join('\n'),
      });
      return { kind: 'results', subject: mail.subject, text: mail.text, url: '/leaderboards', periodId };
    };

    const missing = Number(attention[0]?.missing ?? 0);
    const pending = Number(attention[0]?.pending ?? 0);
    const adminLines = [`${periodName} is complete.`, ''];
    const issues: string[] = [];
    if (missing > 0) issues.push(`${missing} option${missing === 1 ? '' : 's'} without a result`);
    if (pending > 0) issues.push(`${pending} result${pending === 1 ? '' : 's'} held as pending`);
    if (noPicks.length > 0) {
      issues.push(
        `${noPicks.length} player${noPicks.length === 1 ? '' : 's'} did not pick: ${noPicks
          .map((p) => userDisplayName({ firstName: p.first_name, lastName: p.last_name, email: p.email }))
          .join(', ')}`,
      );
    }
    const { rows: polls } = await this.database.query<{ ok: boolean; error: string | null; polled_at: Date }>(
      'SELECT ok, error, polled_at FROM results_polls ORDER BY id DESC LIMIT 200',
    );
    const failedInARow = polls.findIndex((poll) => poll.ok);
    const failures = failedInARow === -1 ? polls.length : failedInARow;
    if (failures >= 3) {
      issues.push(
        `the results provider failed its last ${failures} polls (since ${new Date(polls[failures - 1]!.polled_at).toISOString().slice(0, 16).replace('T', ' ')} UTC): ${polls[0]!.error ?? 'unknown error'}`,
      );
    }
    adminLines.push(
      issues.length === 0 ? 'Nothing needs your attention.' : 'Needs attention:',
      ...issues.map((issue) => `- ${issue}`),
    );
    const forAdmins: Outgoing = {
      kind: 'results',
      subject: `${periodName} admin summary${issues.length > 0 ? `: ${issues.length} thing${issues.length === 1 ? '' : 's'} to check` : ''}`,
      text: adminLines.join('\n'),
      url: '/admin',
      periodId,
    };
    return { periodName, forPlayer, forAdmins, missing, pending, noPicks: noPicks.map((p) => p.id) };
  }

  // ---------- Welcome ----------

  /**
   * The spec's variables for one account as things stand: its overall points and rank, the next
   * matchweek to pick in and its picks there, its referral link. Null for an unknown or deactivated account.
   */
  async valuesFor(userId: string, now: Date) {
    const player = await this.player(userId);
    if (!player) return null;
    const next = (await this.openPeriods(now))[0];
    const { rows } = await this.database.query<{ n: string }>(
      'SELECT count(*) AS n FROM choices WHERE user_id = $1 AND period_id = $2',
      [userId, next?.id ?? -1],
    );
    return {
      player,
      values: {
        ...(await this.playerValues(player, (await this.overallStanding()).get(userId), now)),
        period_number: next ? String(next.id) : '-',
        period_name: next?.name ?? 'the next matchweek',
        choices_made: rows[0]?.n ?? '0',
      },
    };
  }

  /** The welcome e-mail of a new account (template `welcome`), when e-mail is set up. */
  async sendWelcome(userId: string, now: Date): Promise<boolean> {
    if (!this.channels.emailConfigured) return false;
    const found = await this.valuesFor(userId, now);
    if (!found) return false;
    const { player, values } = found;
    const mail = await this.templates.render('welcome', values);
    const outcome = await this.channels.send(
      { userId, email: player.email },
      { kind: 'welcome', subject: mail.subject, text: mail.text, url: '/predictions', periodId: null },
      { email: true, push: false },
      now,
    );
    return outcome.delivered > 0;
  }

  // ---------- One-off messages ----------

  async broadcast(request: BroadcastRequest, now: Date): Promise<BroadcastResult> {
    const { rows: current } = await this.database.query<{ id: number }>(
      `SELECT id FROM periods WHERE NOT is_completed ORDER BY start_date LIMIT 1`,
    );
    const periodId = current[0]?.id ?? null;
    const { rows: players } = await this.database.query<PlayerRow>(
      request.audience === 'all' || periodId === null
        ? 'SELECT id::text AS id, email, first_name, last_name, is_admin FROM users WHERE active ORDER BY created_at'
        : `SELECT u.id::text AS id, u.email, u.first_name, u.last_name, u.is_admin FROM users u
           WHERE u.active AND NOT EXISTS (SELECT 1 FROM choices c WHERE c.user_id = u.id::text AND c.period_id = $1)
           ORDER BY u.created_at`,
      request.audience === 'all' || periodId === null ? [] : [periodId],
    );
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
    for (const player of players) {
      const choice = choiceOf.get(player.id);
      if (!choice || (!choice.email && !choice.push)) {
        skipped.turnedOff++;
        continue;
      }
      if (!(choice.email && this.channels.emailConfigured) && !(choice.push && choice.subscribed)) {
        skipped.unreachable++;
        continue;
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
    }
    return { recipients, delivered, failed, skipped };
  }
}
