import { Inject, Injectable } from '@nestjs/common';
import { decideAndAppend } from '../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port.js';
import { ProjectionEngine } from '../projections/projection-engine.js';
import { metadataFor, type CommandContext } from '../shared/domain/event.js';
import { periodModel, periodStreamId, type PeriodEvent, type PeriodState } from './domain/period.js';
import { PoolSeasons } from './pool-seasons.js';

/**
 * Decides on a period's stream of the season the pool plays (load-decide-append with the expected
 * version), then waits until the read models show it, so the caller reads its own write. The
 * season context's own command handlers use it; other contexts send them commands.
 */
@Injectable()
export class PeriodWriter {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly engine: ProjectionEngine,
    private readonly seasons: PoolSeasons,
  ) {}

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
