import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port.js';
import { loadAggregate, stateOf } from '../event-store/read-stream.js';
import type { StreamQuestion } from '../shared/domain/event.js';
import { PoolSeasons } from './pool-seasons.js';
import { periodModel, periodStreamId, type PeriodState } from './domain/period.js';
import { seasonPeriods } from './season-periods.js';

/**
 * A period's stream in the season the pool plays, read. Other contexts decide on it (a pick reads
 * its period); only the season context's commands write it (`PeriodWriter`).
 */
@Injectable()
export class PeriodStreams {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly seasons: PoolSeasons,
  ) {}

  /**
   * A period of the season the pool plays now, or of the season scope the caller has already read
   * for its command (`PoolSeasons.scope`), so the command sees one season throughout.
   */
  async load(periodId: number, scope?: string): Promise<PeriodState> {
    const streamId = periodStreamId(periodId, scope ?? (await this.seasons.scope()));
    return (await loadAggregate(this.eventStore, streamId, periodModel)).state;
  }

  /** Every period of the season the pool plays now (or of the scope given), in id order. */
  async all(scope?: string): Promise<PeriodState[]> {
    return seasonPeriods(this.eventStore, scope ?? (await this.seasons.scope()));
  }

  /**
   * A period of the season scope the caller has read, as a question: for a command that reads it
   * in one round trip with its own stream (`decideAndAppend`'s `alongside`).
   */
  question(periodId: number, scope: string): StreamQuestion<PeriodState> {
    return stateOf(periodStreamId(periodId, scope), periodModel);
  }
}
