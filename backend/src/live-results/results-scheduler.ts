import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { SchedulerStatus } from '@treble/contracts';
import { decideAndAppend } from '../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port.js';
import { CLOCK, type Clock } from '../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { inPool } from '../platform/pool-scope/pool-scope.js';
import { metadataFor, type CommandContext } from '../shared/domain/event.js';
import { livePollMs, nextPollDelay, planPoll } from './domain/polling.js';
import { isLive, type ProviderAnswer } from './domain/provider-match.js';
import {
  decideAutostart,
  decideStartScheduler,
  decideStopScheduler,
  schedulerIsOn,
  schedulerModel,
  schedulerStreamId,
  type SchedulerEvent,
  type SchedulerState,
} from './domain/scheduler-state.js';
import { LiveResultsService } from './live-results.service.js';
import { LiveScoreBoard } from './live-scores.js';
import { LiveNotifier } from '../shared/ports/live-notifier.js';
import { MatchSync } from './match-sync.js';
import { PollerLease } from './poller-lease.js';
import { PollLog } from './poll-log.js';
import { RESULTS_PROVIDER, type ResultsProvider } from './provider/results-provider.js';
import { ResultsPools, type PolledPool } from './results-pools.js';

/** Real time between two checks of the switch and the lease (cheap: no provider request). */
const TICK_MS = 30_000;
/** A lease not renewed for this long (real time) is free: another instance takes over after a crash. */
const LEASE_TTL_MS = 2 * 60_000;
/** After a failed poll (provider down), try again this soon (pool time), unless the interval is shorter. */
const RETRY_AFTER_FAILURE_MS = 5 * 60_000;
const timeoutName = 'live-results-scheduler';

/**
 * Polls the results provider for every pool whose switch is on. Each pool's switch is its
 * `scheduler` event stream (`ResultsSchedulerStarted` / `Stopped`, with the actor), so it survives
 * restarts and every instance sees it. One poll per season serves every pool playing that season
 * (never one per pool: the provider allows 10 calls a minute): its answers are applied in each of
 * them. Every instance ticks every 30 seconds; the one that holds the install's lease polls, when
 * its poll is due: every RESULTS_POLL_MINUTES, and while a match is live or due to finish as often
 * as the provider allows (`livePollMs`: every 15 seconds on football-data.org's free tier). The
 * scores each poll sees feed the live table (`LiveScoreBoard`).
 * Polls are idempotent, so after a crash the next holder simply polls again.
 *
 * Pool time (the CLOCK) decides what is due; timers run in real time, divided by POOL_CLOCK_SPEED.
 */
@Injectable()
export class ResultsScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ResultsScheduler');
  private readonly holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  /**
   * Pool-time instant the next poll is due (also shown in the status); null: at the next tick.
   * Kept in pool time, so a clock that jumps ahead (a demo skipping a quiet week) polls at once.
   */
  private nextUpdate: Date | null = null;
  /** When each season (the provider's year) was last swept whole. */
  private readonly lastFullSyncAt = new Map<number, Date>();
  private providerReportsLive = false;
  private leader = false;
  private ticking: Promise<void> | null = null;
  private closed = false;
  private readonly abort = new AbortController();

  constructor(
    @Inject(RESULTS_PROVIDER) private readonly provider: ResultsProvider | null,
    private readonly service: LiveResultsService,
    private readonly sync: MatchSync,
    private readonly pools: ResultsPools,
    private readonly scores: LiveScoreBoard,
    private readonly notifier: LiveNotifier,
    private readonly lease: PollerLease,
    private readonly registry: SchedulerRegistry,
    private readonly polls: PollLog,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get regularMs(): number {
    return this.config.liveResults.pollMinutes * 60_000;
  }

  /** Real milliseconds for a span of pool time. */
  private realMs(poolMs: number): number {
    return poolMs / (this.config.clockSpeed ?? 1);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.provider === null) {
      this.logger.log(
        'Live results are off: no results provider configured (FOOTBALL_DATA_API_KEY or RESULTS_PROVIDER=replay)',
      );
      return;
    }
    try {
      if (this.config.liveResults.autostart) {
        await this.switchTo((state) => decideAutostart(state, 'system'), {
          actor: 'system',
          source: 'system',
          now: this.clock.now(),
          correlationId: randomUUID(),
        });
      }
    } catch (error) {
      this.logger.error(
        `Could not start the results scheduler: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    this.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    this.abort.abort();
    this.clearTimer();
    await this.ticking?.catch(() => undefined);
    await this.resign().catch(() => undefined);
  }

  /** The current pool's switch and the install's next poll. */
  async status(): Promise<SchedulerStatus> {
    if (this.provider === null) return { isRunning: false, nextUpdate: null, providerConfigured: false };
    if (!(await this.pools.isOn())) return { isRunning: false, nextUpdate: null, providerConfigured: true };
    const lease = await this.lease.current();
    const next = lease?.nextPollAt ?? this.nextUpdate ?? this.clock.now();
    const lastPoll = await this.polls.last();
    return {
      isRunning: true,
      nextUpdate: next.toISOString(),
      providerConfigured: true,
      ...(lastPoll === null ? {} : { lastPoll }),
    };
  }

  async start(context: CommandContext): Promise<SchedulerStatus> {
    this.service.requireProvider();
    await this.switchTo((state) => decideStartScheduler(state, context.actor), context);
    this.nextUpdate = null;
    this.schedule(0);
    return this.status();
  }

  async stop(context: CommandContext): Promise<SchedulerStatus> {
    this.service.requireProvider();
    await this.switchTo((state) => decideStopScheduler(state, context.actor), context);
    // The next tick gives up the lease when no pool's switch is on any more.
    this.schedule(0);
    return this.status();
  }

  /** Runs one tick now and waits for it (the app's own timer does the same every 30 seconds). */
  async runOnce(): Promise<void> {
    this.clearTimer();
    await this.ticking?.catch(() => undefined);
    await this.startTick();
  }

  private startTick(): Promise<void> {
    this.ticking = this.tick().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async switchTo(
    decide: (state: SchedulerState) => SchedulerEvent[],
    context: CommandContext,
  ): Promise<void> {
    await decideAndAppend(this.eventStore, schedulerStreamId, schedulerModel, decide, metadataFor(context));
  }

  private async resign(): Promise<void> {
    if (this.leader) await this.lease.release(this.holder);
    this.leader = false;
    this.nextUpdate = null;
  }

  private clearTimer(): void {
    if (this.registry.doesExist('timeout', timeoutName)) this.registry.deleteTimeout(timeoutName);
  }

  private schedule(realDelayMs: number): void {
    this.clearTimer();
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.clearTimer();
      if (!this.ticking) void this.startTick();
    }, realDelayMs);
    this.registry.addTimeout(timeoutName, timer);
  }

  private async tick(): Promise<void> {
    let next = TICK_MS;
    try {
      const on = await this.switchedOn();
      if (on.length === 0) {
        await this.resign();
        return;
      }
      this.leader = await this.lease.acquire(this.holder, LEASE_TTL_MS);
      if (!this.leader) {
        this.nextUpdate = null;
        return;
      }
      if (this.nextUpdate === null || this.clock.now().getTime() >= this.nextUpdate.getTime()) {
        await this.recordAutostarts(on);
        const delay = await this.poll(on.map(({ key }) => key));
        this.nextUpdate = new Date(this.clock.now().getTime() + delay);
        // Renew after the poll too: waiting on the provider's rate limit can take a while.
        this.leader = await this.lease.acquire(this.holder, LEASE_TTL_MS);
        if (this.leader) await this.lease.setNextPoll(this.holder, this.nextUpdate);
      }
      next = Math.min(
        TICK_MS,
        Math.max(0, this.realMs(this.nextUpdate.getTime() - this.clock.now().getTime())),
      );
    } catch (error) {
      if (!this.closed)
        this.logger.error(
          `Results scheduler tick failed: ${error instanceof Error ? error.message : String(error)}`,
        );
    } finally {
      this.schedule(next);
    }
  }

  /**
   * The pools whose switch is on. A pool nobody has switched yet is on where autostart is set; the
   * lease holder records that it started itself (`ResultsSchedulerStarted` by `system`).
   */
  private async switchedOn(): Promise<{ key: string; state: SchedulerState }[]> {
    const autostart = this.config.liveResults.autostart;
    return (await this.pools.switches()).filter(({ state }) => schedulerIsOn(state, autostart));
  }

  private async recordAutostarts(on: readonly { key: string; state: SchedulerState }[]): Promise<void> {
    for (const { key } of on.filter(({ state }) => !state.everSwitched))
      await inPool(key, () =>
        this.switchTo((current) => decideAutostart(current, 'system'), {
          actor: 'system',
          source: 'system',
          now: this.clock.now(),
          correlationId: randomUUID(),
        }),
      );
  }

  /**
   * One poll: for each season played by a pool that is switched on, fetch what the plan says once
   * and apply it in every pool playing it; answers the pool time until the next poll.
   */
  private async poll(keys: readonly string[]): Promise<number> {
    const provider = this.provider!;
    const bySeason = new Map<number, PolledPool[]>();
    for (const pool of await this.pools.polled(keys))
      bySeason.set(pool.season, [...(bySeason.get(pool.season) ?? []), pool]);
    const correlationId = randomUUID();
    let requests = 0;
    try {
      let live = false;
      let unreadable = 0;
      for (const [season, pools] of bySeason) {
        const answers = await this.fetch(provider, season, pools);
        requests += answers.length;
        const labels = new Set(pools.map((pool) => pool.label));
        const moved = new Set<string>();
        for (const label of labels)
          if (await this.scores.record(label, answers, this.clock.now())) moved.add(label);
        for (const pool of pools) {
          for (const answer of answers)
            await inPool(pool.key, () =>
              this.sync.apply(answer, { actor: provider.name, now: this.clock.now(), correlationId }),
            );
          if (moved.has(pool.label)) inPool(pool.key, () => this.notifier.liveScoresChanged());
        }
        live ||= answers.some((answer) => answer.matches.some(isLive));
        unreadable += answers.reduce((sum, answer) => sum + answer.skipped.length, 0);
      }
      this.providerReportsLive = live;
      await this.polls.record(this.clock.now(), { ok: true, error: null, unreadable });
    } catch (error) {
      if (this.closed) return this.regularMs;
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(`Results poll failed: ${message}`);
      // The failure stays visible on the Live Results card and in the admins' digest.
      await this.polls
        .record(this.clock.now(), { ok: false, error: message, unreadable: 0 })
        .catch(() => undefined);
      return Math.min(this.regularMs, RETRY_AFTER_FAILURE_MS);
    }
    const boards = (await this.pools.polled(keys)).flatMap((pool) => pool.board);
    const liveMs = livePollMs(this.config.liveResults.footballDataRequestsPerMinute, requests);
    return nextPollDelay(boards, this.clock.now(), this.regularMs, this.providerReportsLive, liveMs);
  }

  /** What one season's poll asks the provider, planned from every fixture of the pools playing it. */
  private async fetch(
    provider: ResultsProvider,
    season: number,
    pools: readonly PolledPool[],
  ): Promise<ProviderAnswer[]> {
    const board = pools.flatMap((pool) => pool.board);
    const plan = planPoll(board, this.clock.now(), this.lastFullSyncAt.get(season) ?? null);
    const answers: ProviderAnswer[] = [];
    if (plan.fullSync) {
      answers.push(await provider.matchesOfSeason(season, this.abort.signal));
      this.lastFullSyncAt.set(season, this.clock.now());
    }
    for (const matchday of plan.matchdays)
      answers.push(await provider.matchesOfMatchday(season, matchday, this.abort.signal));
    return answers;
  }
}
