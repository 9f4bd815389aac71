import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { decideAndAppend } from '../../../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../../../event-store/event-store.port.js';
import { decideClearPeriodChoices } from '../../../picks/domain/decide-picks.js';
import { picksStreamId, type PicksEvent } from '../../../picks/domain/picks.events.js';
import { evolvePicks, initialPicksState } from '../../../picks/domain/picks.state.js';
import { ProjectionEngine } from '../../../projections/projection-engine.js';
import { metadataFor, type CommandContext } from '../../../shared/domain/event.js';
import { decideAddEplOptions, decideCreateOption, decideReplaceWithEpl, type CreateOption } from '../../domain/period-admin.js';
import { PeriodStreams } from '../../period-streams.js';
import { PeriodRow } from '../../queries/periods/period.entity.js';
import { SeasonCatalogue } from '../../season-catalogue.js';

export class AddEplOptionsCommand extends Command<{ added: number }> {
  /** `periodId` null: every period of the season (competition setup, 20 x 38 options). */
  constructor(
    readonly periodId: number | null,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export class ReplaceWithEplCommand extends Command<{ removed: number; added: number; playersCleared: number }> {
  constructor(
    readonly periodId: number,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export class CreateOptionCommand extends Command<string> {
  constructor(
    readonly periodId: number,
    readonly input: CreateOption,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(AddEplOptionsCommand)
export class AddEplOptionsHandler implements ICommandHandler<AddEplOptionsCommand> {
  constructor(
    private readonly periods: PeriodStreams,
    private readonly catalogue: SeasonCatalogue,
    private readonly dataSource: DataSource,
  ) {}

  async execute({ periodId, context }: AddEplOptionsCommand): Promise<{ added: number }> {
    const teams = (await this.catalogue.currentOrDefault(context.now)).teams;
    const ids =
      periodId !== null
        ? [periodId]
        : (await this.dataSource.getRepository(PeriodRow).find({ select: { id: true }, order: { id: 'ASC' } })).map((p) => p.id);
    let added = 0;
    for (const id of ids) {
      const { events } = await this.periods.decide(id, context, (state) =>
        periodId === null && state.isCompleted ? [] : decideAddEplOptions(id, state, teams),
      );
      for (const event of events) if (event.type === 'OptionsAdded') added += event.data.options.length;
    }
    return { added };
  }
}

/**
 * Replaces a period's options by the 20 EPL teams. As its confirmation warns, the period's options,
 * results and every player's picks in it go: the period stream records the options and results
 * leaving, and each affected player's stream records the admin clearing their picks.
 */
@CommandHandler(ReplaceWithEplCommand)
export class ReplaceWithEplHandler implements ICommandHandler<ReplaceWithEplCommand> {
  constructor(
    private readonly periods: PeriodStreams,
    private readonly catalogue: SeasonCatalogue,
    private readonly dataSource: DataSource,
    private readonly engine: ProjectionEngine,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async execute({ periodId, context }: ReplaceWithEplCommand): Promise<{ removed: number; added: number; playersCleared: number }> {
    const teams = (await this.catalogue.currentOrDefault(context.now)).teams;
    const { events } = await this.periods.decide(periodId, context, (state) => decideReplaceWithEpl(periodId, state, teams));
    let removed = 0;
    let added = 0;
    for (const event of events) {
      if (event.type === 'OptionsRemoved') removed = event.data.optionIds.length;
      if (event.type === 'OptionsAdded') added = event.data.options.length;
    }
    const players: { user_id: string }[] = await this.dataSource.query(
      'SELECT DISTINCT user_id FROM choices WHERE period_id = $1',
      [periodId],
    );
    let playersCleared = 0;
    let position: bigint | null = null;
    for (const { user_id: userId } of players) {
      const result = await decideAndAppend<ReturnType<typeof initialPicksState>, PicksEvent>(
        this.eventStore,
        picksStreamId(userId),
        { initialState: initialPicksState, evolve: evolvePicks },
        (state) => decideClearPeriodChoices({ type: 'ClearPeriodChoices', userId, periodId }, state),
        metadataFor(context),
      );
      if (result.position !== null) {
        playersCleared++;
        position = result.position;
      }
    }
    if (position !== null) await this.engine.waitFor(position);
    return { removed, added, playersCleared };
  }
}

@CommandHandler(CreateOptionCommand)
export class CreateOptionHandler implements ICommandHandler<CreateOptionCommand> {
  constructor(private readonly periods: PeriodStreams) {}

  async execute({ periodId, input, context }: CreateOptionCommand): Promise<string> {
    const { events } = await this.periods.decide(periodId, context, (state) => decideCreateOption(periodId, state, input));
    const added = events.find((event) => event.type === 'OptionsAdded');
    return added && added.type === 'OptionsAdded' ? added.data.options[0]!.optionId : '';
  }
}
