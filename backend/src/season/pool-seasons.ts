import { Inject, Injectable } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port.js';
import { loadAggregate, stateOf } from '../event-store/read-stream.js';
import { currentPoolKey, DEFAULT_POOL_KEY } from '../platform/pool-scope/pool-scope.js';
import type { StreamQuestion } from '../shared/domain/event.js';
import type { SeasonScope } from '../shared/domain/season-scope.js';
import { poolSeasonsModel, poolSeasonsStreamId, type PoolSeasonsState } from './domain/pool-seasons.js';
import { CurrentSeasonQuery } from '../shared/queries/season-queries.js';
import { seasonPeriods } from './season-periods.js';

/**
 * The seasons this pool has played (`pool-seasons` stream), read from the log on every call: the
 * scope of a command's streams must be the one the log says now, not a cached one, in every
 * instance. A pool that imported its season before pool years were recorded has none recorded;
 * its season is the one its periods were scheduled in, with the empty scope.
 */
@Injectable()
export class PoolSeasons {
  /** Known once its periods exist: a pool with no recorded seasons never schedules another. */
  private legacy: string | null = null;

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  private async recorded(): Promise<PoolSeasonsState> {
    return (await loadAggregate(this.eventStore, poolSeasonsStreamId, poolSeasonsModel)).state;
  }

  /**
   * The season of a pool from before pool years (its latest imported period's season), or null.
   * Only the default pool can be one: every other pool was made after pool years (docs/adr/015).
   */
  async legacySeason(): Promise<string | null> {
    if (currentPoolKey() !== DEFAULT_POOL_KEY) return null;
    if (this.legacy !== null) return this.legacy;
    const imported = (await seasonPeriods(this.eventStore, '')).filter(
      (period) => period.season !== 'custom',
    );
    const latest = imported.sort((a, b) => Date.parse(b.startDate!) - Date.parse(a.startDate!))[0];
    this.legacy = latest?.season ?? null;
    return this.legacy;
  }

  /** Every season of the pool, oldest first; the last is the current one. */
  async all(): Promise<SeasonScope[]> {
    return this.allOf(await this.recorded());
  }

  private async allOf({ seasons }: PoolSeasonsState): Promise<SeasonScope[]> {
    if (seasons.length > 0) return seasons;
    const legacy = await this.legacySeason();
    return legacy === null ? [] : [{ season: legacy, scope: '' }];
  }

  async current(): Promise<SeasonScope | null> {
    return this.currentOf(await this.recorded());
  }

  /**
   * The recorded seasons as a question, for a command that reads this stream in one round trip
   * with others (`ask`); `currentOf` turns the answer into the current season.
   */
  readonly recordedQuestion: StreamQuestion<PoolSeasonsState> = stateOf(
    poolSeasonsStreamId,
    poolSeasonsModel,
  );

  /** The current season from the recorded seasons read (`recordedQuestion`), as `current` says. */
  async currentOf(recorded: PoolSeasonsState): Promise<SeasonScope | null> {
    return (await this.allOf(recorded)).at(-1) ?? null;
  }

  /**
   * The stream scope of the current season ('' before the pool has one: its first season's). A
   * pool from before pool years plays with the empty scope too, so its periods are not asked.
   * A command reads it once and passes it down, so all it reads and appends is of one season.
   */
  async scope(): Promise<string> {
    return (await this.recorded()).seasons.at(-1)?.scope ?? '';
  }
}

@QueryHandler(CurrentSeasonQuery)
export class CurrentSeasonHandler implements IQueryHandler<CurrentSeasonQuery> {
  constructor(private readonly seasons: PoolSeasons) {}

  execute(): Promise<SeasonScope | null> {
    return this.seasons.current();
  }
}
