import { Inject, Injectable } from '@nestjs/common';
import { decideAndAppend } from '../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port.js';
import { ProjectionEngine } from '../projections/projection-engine.js';
import { metadataFor, type CommandContext } from '../shared/domain/event.js';
import { PoolSeasons } from './pool-seasons.js';
import {
  evolvePeriod,
  initialPeriodState,
  periodStreamId,
  type PeriodEvent,
  type PeriodState,
} from './domain/period.js';

/**
 * Runs a decision on one period's stream (read, fold, decide, append with the expected version),
 * then waits until the read models show it, so the caller reads its own write.
 */
@Injectable()
export class PeriodStreams {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly engine: ProjectionEngine,
    private readonly seasons: PoolSeasons,
  ) {}

  /** A period of the season the pool plays now. */
  async load(periodId: number): Promise<PeriodState> {
    const events = await this.eventStore.readStream(periodStreamId(periodId, await this.seasons.scope()));
    return events.reduce(
      (state, event) => evolvePeriod(state, event as unknown as PeriodEvent),
      initialPeriodState(),
    );
  }

  async decide(
    periodId: number,
    context: CommandContext,
    decide: (state: PeriodState) => PeriodEvent[],
  ): Promise<{ events: PeriodEvent[]; position: bigint | null }> {
    const result = await decideAndAppend(
      this.eventStore,
      periodStreamId(periodId, await this.seasons.scope()),
      { initialState: initialPeriodState, evolve: evolvePeriod },
      decide,
      metadataFor(context),
    );
    if (result.position !== null) await this.engine.settle(result.position);
    return result;
  }
}
