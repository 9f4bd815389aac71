import { Inject, Injectable } from '@nestjs/common';
import { decideAndAppend } from '../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port.js';
import { metadataFor, type CommandContext } from '../shared/domain/event.js';
import { periodModel, periodStreamId, type PeriodEvent, type PeriodState } from './domain/period.js';
import { PoolSeasons } from './pool-seasons.js';

/**
 * Decides on a period's stream of the season the pool plays (load-decide-append with the expected
 * version). The season context's own command handlers use it; other contexts send them commands.
 */
@Injectable()
export class PeriodWriter {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly seasons: PoolSeasons,
  ) {}

  /** `scope`: the season scope a command already read for all its periods; else the current one. */
  async decide(
    periodId: number,
    context: CommandContext,
    decide: (state: PeriodState) => PeriodEvent[],
    scope?: string,
  ): Promise<{ events: PeriodEvent[]; position: bigint | null }> {
    return decideAndAppend(
      this.eventStore,
      periodStreamId(periodId, scope ?? (await this.seasons.scope())),
      periodModel,
      decide,
      metadataFor(context),
    );
  }
}
