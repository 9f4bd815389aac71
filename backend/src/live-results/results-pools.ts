import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port.js';
import { fold, loadAggregate } from '../event-store/read-stream.js';
import { poolStreamId } from '../event-store/pool-scope.js';
import { CLOCK, type Clock } from '../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { DEFAULT_POOL_KEY, inPool } from '../platform/pool-scope/pool-scope.js';
import { fixtureHasResult, PeriodStreams, SeasonCatalogue } from '../season/index.js';
import { PlayedPoolsQuery } from '../shared/queries/pool-queries.js';
import { seasonStartYear } from './domain/match-plan.js';
import type { BoardFixture } from './domain/polling.js';
import {
  schedulerIsOn,
  schedulerModel,
  schedulerStreamId,
  type SchedulerState,
} from './domain/scheduler-state.js';

/** A pool whose switch is on, with its season: what one poll of that season serves. */
export interface PolledPool {
  key: string;
  /** The provider's season parameter (2026 for 2026-27). */
  season: number;
  /** The season's name (`2026-27`). */
  label: string;
  board: BoardFixture[];
}

/**
 * The pools the results scheduler serves, each read in its own scope (docs/adr/015): every pool has
 * its own switch (`scheduler` stream, with the admin who turned it), its own season and fixtures;
 * one poll per season serves every pool playing it.
 */
@Injectable()
export class ResultsPools {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly queryBus: QueryBus,
    private readonly periods: PeriodStreams,
    private readonly catalogue: SeasonCatalogue,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The current pool's switch. */
  async switchState(): Promise<SchedulerState> {
    return (await loadAggregate(this.eventStore, schedulerStreamId, schedulerModel)).state;
  }

  async isOn(): Promise<boolean> {
    return schedulerIsOn(await this.switchState(), this.config.liveResults.autostart);
  }

  /**
   * Every played pool's key with its switch, in one read of all their switch streams (by their
   * stored names, from the install's scope): a tick costs the same with a thousand pools as with one.
   */
  async switches(): Promise<{ key: string; state: SchedulerState }[]> {
    const pools = await this.queryBus.execute(new PlayedPoolsQuery());
    const streams = await inPool(DEFAULT_POOL_KEY, () =>
      this.eventStore.readStreams(pools.map(({ key }) => poolStreamId(schedulerStreamId, key))),
    );
    return pools.map(({ key }, index) => ({ key, state: fold(streams[index]!, schedulerModel).state }));
  }

  /**
   * The pools of `keys` with their season and fixtures. A pool that has imported none yet is polled
   * for the season an import would choose now, so its admin sees the provider answer before the import.
   */
  polled(keys: readonly string[]): Promise<PolledPool[]> {
    return Promise.all(
      keys.map((key) =>
        inPool(key, async () => {
          const schedule = await this.catalogue.currentOrDefault(this.clock.now());
          return {
            key,
            season: seasonStartYear(schedule.season),
            label: schedule.season,
            board: await this.board(),
          };
        }),
      ),
    );
  }

  /** Every fixture of every period of the current pool as the plan needs it: kickoff, status, result or not. */
  private async board(): Promise<BoardFixture[]> {
    return (await this.periods.all()).flatMap((state) =>
      [...state.fixtures.values()].map((fixture) => ({
        periodId: state.periodId!,
        fixtureId: fixture.fixtureId,
        kickoff: fixture.kickoff,
        status: fixture.status,
        settled: fixtureHasResult(state, fixture),
      })),
    );
  }
}
