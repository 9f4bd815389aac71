import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideAndAppend } from '../../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../../event-store/event-store.port.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { metadataFor, type CommandContext } from '../../shared/domain/event.js';
import type { PrizeInput } from '../domain/prize.js';
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

@Injectable()
export class PrizesWriter {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async decide(
    context: CommandContext,
    decide: (state: PrizesState) => PrizesEvent[],
  ): Promise<PrizesEvent[]> {
    const { events } = await decideAndAppend(
      this.eventStore,
      prizesStreamId,
      prizesModel,
      decide,
      metadataFor(context),
    );
    return events;
  }
}

/** Seeds the default prizes into a new pool at start-up. */
@Injectable()
export class PrizeSeeder implements OnApplicationBootstrap {
  constructor(
    private readonly writer: PrizesWriter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const events = await this.writer.decide(
      { actor: 'system', source: 'system', now: this.clock.now(), correlationId: 'seed-prizes' },
      (state) =>
        decideSeedPrizes(
          state,
          Array.from({ length: 5 }, () => randomUUID()),
        ),
    );
    if (events.length > 0) new Logger('Prizes').log('Seeded the default prizes');
  }
}

export class CreatePrizeCommand extends Command<string> {
  constructor(
    readonly input: PrizeInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export class UpdatePrizeCommand extends Command<void> {
  constructor(
    readonly prizeId: string,
    readonly change: PrizeInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export class DeletePrizeCommand extends Command<void> {
  constructor(
    readonly prizeId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(CreatePrizeCommand)
export class CreatePrizeHandler implements ICommandHandler<CreatePrizeCommand> {
  constructor(private readonly writer: PrizesWriter) {}
  async execute({ input, context }: CreatePrizeCommand): Promise<string> {
    const id = randomUUID();
    await this.writer.decide(context, (state) => decideCreatePrize(state, id, input));
    return id;
  }
}

@CommandHandler(UpdatePrizeCommand)
export class UpdatePrizeHandler implements ICommandHandler<UpdatePrizeCommand> {
  constructor(private readonly writer: PrizesWriter) {}
  async execute({ prizeId, change, context }: UpdatePrizeCommand): Promise<void> {
    await this.writer.decide(context, (state) => decideUpdatePrize(state, prizeId, change));
  }
}

@CommandHandler(DeletePrizeCommand)
export class DeletePrizeHandler implements ICommandHandler<DeletePrizeCommand> {
  constructor(private readonly writer: PrizesWriter) {}
  async execute({ prizeId, context }: DeletePrizeCommand): Promise<void> {
    await this.writer.decide(context, (state) => decideDeletePrize(state, prizeId));
  }
}
