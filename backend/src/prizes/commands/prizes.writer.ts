import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { decideAndAppend } from '../../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../../event-store/event-store.port.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { metadataFor, type CommandContext } from '../../shared/domain/event.js';
import { defaultPrizes, type PrizeInput } from '../domain/prize.js';
import {
  decideCreatePrize,
  decideDeletePrize,
  decideSeedPrizes,
  decideUpdatePrize,
  prizesModel,
  prizesStreamId,
  type PrizesEvent,
  type PrizesState,
} from '../domain/prizes.decider.js';

/** The admins' prize changes, and the default prizes seeded into a new pool at start-up. */
@Injectable()
export class PrizesWriter implements OnApplicationBootstrap {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const ids = defaultPrizes.map(() => randomUUID());
    const events = await this.decide(
      { actor: 'system', source: 'system', now: this.clock.now(), correlationId: 'seed-prizes' },
      (state) => decideSeedPrizes(state, ids),
    );
    if (events.length > 0) new Logger('Prizes').log('Seeded the default prizes');
  }

  /** Answers the new prize's id. */
  async create(input: PrizeInput, context: CommandContext): Promise<string> {
    const id = randomUUID();
    await this.decide(context, (state) => decideCreatePrize(state, id, input));
    return id;
  }

  async update(id: string, change: PrizeInput, context: CommandContext): Promise<void> {
    await this.decide(context, (state) => decideUpdatePrize(state, id, change));
  }

  async remove(id: string, context: CommandContext): Promise<void> {
    await this.decide(context, (state) => decideDeletePrize(state, id));
  }

  private async decide(
    context: CommandContext,
    decide: (state: PrizesState) => PrizesEvent[],
  ): Promise<PrizesEvent[]> {
    const metadata = metadataFor(context);
    return (await decideAndAppend(this.eventStore, prizesStreamId, prizesModel, decide, metadata)).events;
  }
}
