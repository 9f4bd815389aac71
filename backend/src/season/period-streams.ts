import { Inject, Injectable } from '@nestjs/common';
import { decideAndAppend } from '../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port.js';
import { loadAggregate, stateOf } from '../event-store/read-stream.js';
import { ProjectionEngine } from '../projections/projection-engine.js';
import { metadataFor, type CommandContext, type StreamQuestion } from '../shared/domain/event.js';
import { PoolSeasons } from './pool-seasons.js';
import { periodModel, periodStreamId, type PeriodEvent, type PeriodState } from './domain/period.js';

/**
 * A period's stream in the season the pool plays: read, or decided on (load-decide-append with the
 * expected version) and then waited for until the read models show it, so the caller reads its own
 * write.
 */
@Injectable()
export class PeriodStreams {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly engine: ProjectionEngine,
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

  /**
   * A period of the season scope the caller has read, as a question: for a command that reads it
   * in one round trip with its own stream (`decideAndAppend`'s `alongside`).
   */
  question(periodId: number, scope: string): StreamQuestion<PeriodState> {
    return stateOf(periodStreamId(periodId, scope), periodModel);
  }

  async decide(
    periodId: number,
    context: CommandContext,
    decide: (state: PeriodState) => PeriodEvent[],
  ): Promise<{ events: PeriodEvent[]; position: bigint | null }> {
    const result = await decideAndAppend(
      this.eventStore,
      periodStreamId(periodId, await this.seasons.scope()),
      periodModel,
      decide,
      metadataFor(context),
    );
    if (result.position !== null) await this.engine.settle(result.position);
    return result;
  }
}
